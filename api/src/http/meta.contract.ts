// The API's own endpoint (http/endpoint.ts): the OpenAPI document, generated from the route table (openapi.ts).
import { endpoint } from "./endpoint";
import type { openApiDocumentResponse } from "./openapi";

export const metaContract = {
  openapi: endpoint<{ response: typeof openApiDocumentResponse }>()({
    method: "get",
    path: "/api/openapi.json",
    feature: "meta",
    access: "visitor",
    summary: "This API's OpenAPI 3.1 document, generated from the route table",
  }),
};
