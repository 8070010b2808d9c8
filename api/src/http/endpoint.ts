// One endpoint contract per route, shared by the API and the dapp. A feature's `<feature>.contract.ts` declares
// each of its endpoints once: method, path, who may call it, the error codes its own logic answers, and the zod
// schemas of its params, query, body and response, linked by type. The API mounts the contract with its handler
// (`implement` in route.ts), which must give schemas of exactly those types; OpenAPI is generated from the result.
// The dapp calls the same object (dapp/src/lib/endpoint-client.ts), which takes its path, input and output types
// from it. A path changed in the contract changes both sides; a schema changed on one side alone fails to build.
//
// This module and the contracts are plain data at run time (every zod import in them is `import type`), so the
// dapp's first load carries a page's paths and not zod: the API parses every answer with its schema before sending
// it, and the browser does not parse it again.
import type { z } from "zod";
import type { Access } from "./access";
import type { ErrorCode } from "./error-body";

export type Method = "get" | "post";

/** The schemas an endpoint speaks, as types: each is the type of the zod schema the API validates with. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** What an endpoint says about itself, besides its schemas. */
export interface EndpointMeta<M extends Method = Method, P extends string = string> {
  method: M;
  /** Express path syntax (":cid"); the spec's full URL. */
  path: P;
  /** The feature that owns it (the OpenAPI tag). */
  feature: string;
  summary: string;
  /**
   * Who may call it (http/access.ts): "visitor" anyone, "wallet" a signed-in wallet acting for itself, "operator"
   * only an operator, because it changes what every visitor shares. Checked before any input is read.
   */
  access: Access;
  /** The codes this route's own logic answers; the codes every route shares are added by the document. */
  errors?: readonly ErrorCode[];
  /** Success statuses besides 200 (e.g. 201 for a created record). */
  statuses?: readonly number[];
  /** Changes state: rate-limited and refused from other sites (see protection.ts). */
  write?: boolean;
  /** The body is multipart/form-data with one file (the fields' schema and the bound are the API's: route.ts). */
  multipart?: true;
  /** The success answer is bytes of this type; `response` then documents nothing but errors. */
  binary?: { contentType: string; description: string };
}

/** An endpoint: its meta as values, its schemas as a phantom type (never present at run time). */
export type Endpoint<S extends EndpointSchemas = EndpointSchemas, D extends EndpointMeta = EndpointMeta> = D & {
  readonly __schemas?: S;
};

/**
 * Declares an endpoint: `endpoint<{ query: typeof historyQuery; response: typeof mintHistoryResponse }>()({...})`.
 * Curried so the schemas are named and the literal method and path are inferred.
 */
export const endpoint =
  <S extends EndpointSchemas>() =>
  <const D extends EndpointMeta>(meta: D): Endpoint<S, D> =>
    meta;

export type SchemasOf<E> = E extends { readonly __schemas?: infer S } ? (S extends EndpointSchemas ? S : never) : never;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Has<S, K extends keyof EndpointSchemas> = S extends { [P in K]: z.ZodType } ? true : false;

/** What a caller sends: the params, query and body the endpoint declares (each as the schema's input type). */
export type EndpointInput<E> =
  SchemasOf<E> extends infer S
    ? (Has<S, "params"> extends true
        ? { params: InputOf<S extends { params: infer X } ? X : never> }
        : { params?: never }) &
        (Has<S, "query"> extends true
          ? { query: InputOf<S extends { query: infer X } ? X : never> }
          : { query?: never }) &
        (Has<S, "body"> extends true ? { body: InputOf<S extends { body: infer X } ? X : never> } : { body?: never })
    : never;

/** What the API answers with (the response schema's output: the API parsed it before sending). */
export type EndpointOutput<E> =
  SchemasOf<E> extends { response: infer R } ? (R extends z.ZodType ? z.output<R> : never) : never;

/** True when the endpoint needs no input at all (so callers may omit it). */
export type NoInput<E> = keyof SchemasOf<E> extends "response" ? true : false;

/** The URL of one call: path parameters filled in (encoded), the query appended (undefined and null left out). */
export function urlOf(meta: Pick<EndpointMeta, "path">, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = meta.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${meta.path}: path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  if (query.length === 0) return path;
  return `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
}
