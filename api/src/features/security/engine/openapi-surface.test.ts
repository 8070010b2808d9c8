// Learning a target from its OpenAPI 3 document: parameters, $ref'd and oneOf bodies, one level of nesting,
// and what is not walked, said in `skipped`.
import { describe, expect, it } from "vitest";
import { fillPath, learnSurface } from "./openapi-surface";

const doc = {
  openapi: "3.0.3",
  paths: {
    "/api/things/{id}": {
      parameters: [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }],
      get: { parameters: [{ in: "query", name: "limit", schema: { type: "integer" } }], responses: { "200": {} } },
      post: {
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: { "200": {}, "401": {} },
      },
    },
    "/api/choice": {
      put: {
        requestBody: {
          content: {
            "application/json": {
              schema: {
                oneOf: [
                  { type: "object", properties: { a: { type: "string" } } },
                  { type: "object", properties: { b: { type: "number" } } },
                ],
              },
            },
          },
        },
        responses: { "200": {} },
      },
    },
    "/api/upload": {
      post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } }, responses: {} },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        properties: {
          name: { type: "string" },
          owner: {
            type: "object",
            properties: {
              address: { type: "string" },
              deep: { type: "object", properties: { x: { type: "string" } } },
            },
          },
          tags: { type: "array", items: { type: "object", properties: { t: { type: "string" } } } },
        },
      },
    },
  },
};

describe("learnSurface", () => {
  const surface = learnSurface(doc);
  const op = (method: string, template: string) =>
    surface.operations.find((o) => o.method === method && o.template === template)!;

  it("finds every operation with its parameters, body fields one level deep, writes and wallet-bound ones", () => {
    expect(surface.operations.map((o) => `${o.method} ${o.template}`)).toEqual([
      "GET /api/things/{id}",
      "POST /api/things/{id}",
      "PUT /api/choice",
      "POST /api/upload",
    ]);
    expect(op("GET", "/api/things/{id}")).toMatchObject({ write: false, walletBound: false, hasBody: false });
    expect(op("GET", "/api/things/{id}").query.map((f) => f.name)).toEqual(["limit"]);
    expect(op("POST", "/api/things/{id}").pathParams.map((f) => f.name)).toEqual(["id"]);
    expect(op("POST", "/api/things/{id}")).toMatchObject({ write: true, walletBound: true, hasBody: true });
    expect(op("POST", "/api/things/{id}").bodyFields.map((f) => f.name)).toEqual([
      "name",
      "owner",
      "owner.address",
      "owner.deep",
      "tags",
    ]);
    expect(op("PUT", "/api/choice").bodyFields.map((f) => f.name)).toEqual(["a", "b"]);
    expect(surface.fieldCount).toBe(1 + 1 + 1 + 5 + 2);
  });

  it("says what it does not walk", () => {
    expect(surface.skipped).toEqual([
      "POST /api/things/{id}: owner.deep's own fields (more than one level deep)",
      "POST /api/things/{id}: the fields of tags's array items (the array is probed as a whole)",
      "POST /api/upload: request body is multipart/form-data, not JSON",
    ]);
  });

  it("fills path parameters with harmless samples, or the probe's value", () => {
    expect(fillPath(op("POST", "/api/things/{id}"))).toBe("/api/things/00000000-0000-0000-0000-000000000000");
    expect(fillPath(op("POST", "/api/things/{id}"), { name: "id", raw: "..%2Fetc" })).toBe("/api/things/..%2Fetc");
  });

  it("refuses a document that is not OpenAPI 3", () => {
    expect(() => learnSurface({ swagger: "2.0", paths: {} })).toThrow(/not OpenAPI 3/);
  });
});
