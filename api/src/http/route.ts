// A route is declared once, as data: method, path, zod schemas in and out, the error codes it can answer,
// and its handler. The same declaration mounts it on Express, documents it in GET /api/openapi.json and
// tells the 405 handler which methods a path accepts, so no route can exist without its description.
import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import type { Access, AccessGuard, Caller } from "./access";
import type { Endpoint, EndpointMeta, EndpointSchemas, Method } from "./endpoint";
import type { ErrorCode } from "./error-body";
import { routeTable } from "./route-table";
import { readUpload, refuseNonMultipart, type UploadSpec, type UploadedForm } from "./multipart";
import { parseBody, parseParams, parseQuery, refuseNonJson } from "./validate";

export type { UploadSpec, UploadedForm } from "./multipart";

export type { Method };

export interface RouteInput<B, Q, P = undefined> {
  body: B;
  query: Q;
  /** Path parameters (":userId"), parsed with the route's `params` schema. */
  params: P;
  req: Request;
  res: Response;
  /** The multipart form of a route with `upload`: its fields (parsed with `upload.fields`) and its one file. */
  upload: UploadedForm<unknown>;
  /** Who is calling, already admitted by the route's `access` rule (http/access.ts). */
  caller: Caller;
}

/**
 * Bytes sent as they are (a download), for routes declared with `binary`; never parsed or serialized. The
 * headers are the handler's (Content-Disposition, checks it ran); nosniff comes from helmet.
 */
export class BinaryAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** One open server-sent event stream, as its handler sees it. */
export interface EventStreamWriter {
  /** Sends one event: `data` as JSON, after the route's `response` schema has parsed it. */
  send(event: string, data: unknown, id?: string): void;
  /** Called once when the client goes away (or the server closes the connection). */
  onClose(cleanup: () => void): void;
}

/**
 * A stream of server-sent events (text/event-stream), for routes declared with `binary` of that type: `open` is
 * called once the headers are sent, and sends events until the client leaves. A comment line keeps idle proxies
 * from closing it; `retryMs` tells EventSource how soon to reconnect.
 */
export class EventStreamAnswer {
  constructor(
    readonly open: (stream: EventStreamWriter) => void,
    readonly retryMs = 3000,
    readonly heartbeatMs = 15_000,
  ) {}
}

/** A handler's answer: the body (parsed with the route's response schema) and, optionally, its status. */
export type RouteAnswer<R> = R | { status: number; body: R } | BinaryAnswer | EventStreamAnswer;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Express path syntax; a feature registers full paths (the spec's URL prefixes are shared). */
  path: string;
  summary: string;
  /** The feature that owns it; the OpenAPI tag. */
  feature: string;
  /**
   * Who may call it (http/access.ts): "visitor" anyone, "wallet" a signed-in wallet acting for itself,
   * "operator" only an operator, because it changes what every visitor shares. Checked before any input is read.
   */
  access: Access;
  body?: B;
  query?: Q;
  /** Schema of the path's ":name" parameters (a bad one is a 400 naming it, never a 404 or a 500). */
  params?: P;
  response: R;
  /** Success statuses besides 200 (e.g. 201 for a created record). */
  statuses?: number[];
  /** The codes this route's own logic answers; the codes every route shares are added by the document. */
  errors?: ErrorCode[];
  /** Changes state: rate-limited and refused from other sites (see protection.ts). */
  write?: boolean;
  /** A multipart/form-data body with one file (read by http/multipart.ts, bounded by `maxBytes`) instead of JSON. */
  upload?: UploadSpec;
  /** The success answer is bytes of this type (a BinaryAnswer); `response` then documents nothing but errors. */
  binary?: { contentType: string; description: string };
  handler: (input: RouteInput<Out<B>, Out<Q>, Out<P>>) => Promise<RouteAnswer<z.input<R>>> | RouteAnswer<z.input<R>>;
}

/** Declares a route; the generic parameters flow from the schemas into the handler's input. */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(def: RouteDef<B, Q, R, P>): RouteDef {
  return def as unknown as RouteDef;
}

type Slot<S, K extends string> = S extends { [P in K]: infer X } ? X : undefined;

/** What a contract's implementation gives: the schemas the contract names (by type), its handler, and an upload's spec. */
export type Implementation<S extends EndpointSchemas, D extends EndpointMeta> = S &
  (D extends { multipart: true } ? { upload: UploadSpec } : { upload?: never }) & {
    handler: (
      input: RouteInput<Out<Slot<S, "body">>, Out<Slot<S, "query">>, Out<Slot<S, "params">>>,
    ) => Promise<RouteAnswer<z.input<S["response"]>>> | RouteAnswer<z.input<S["response"]>>;
  };

/**
 * Mounts an endpoint of a feature's contract (`<feature>.contract.ts`) with its handler. The schemas must be of
 * the very types the contract declares, so what the dapp sends and reads is what this route validates.
 */
export function implement<S extends EndpointSchemas, D extends EndpointMeta>(
  endpoint: Endpoint<S, D>,
  impl: Implementation<S, D>,
): RouteDef {
  const { multipart: _multipart, ...meta } = endpoint as EndpointMeta & { __schemas?: unknown };
  return {
    ...meta,
    ...impl,
    errors: meta.errors ? [...meta.errors] : undefined,
    statuses: meta.statuses ? [...meta.statuses] : undefined,
  } as unknown as RouteDef;
}

const isAnswer = (v: unknown): v is { status: number; body: unknown } =>
  typeof v === "object" &&
  v !== null &&
  "status" in v &&
  "body" in v &&
  typeof (v as { status: unknown }).status === "number" &&
  Object.keys(v).length === 2;

/** The routes' middleware, and what it mounts (for the tests that hold every mounted route to the OpenAPI document). */
export type MountedRoutes = RequestHandler & { mounted: { method: Method; path: string }[] };

/**
 * Mounts every route as one middleware (http/route-table.ts finds the route): zod in, the handler, zod out. A
 * handler that answers with the very same object again (a read served from memory) is not validated and
 * serialized again: its JSON is remembered. What no route answers goes on to the next middleware (404/405).
 */
export function mountRoutes(routes: readonly RouteDef[], guard: AccessGuard = unguarded): MountedRoutes {
  const serialized = new WeakMap<object, { body: Buffer; etag: string }>();
  const table = routeTable(
    routes.map((def) => ({
      method: def.method,
      path: def.path,
      // What Express's router set as req.route: the request metrics label a request with its route's template.
      entry: { route: { path: def.path }, handle: handlerOf(def, guard, serialized) },
    })),
  );
  const mount: RequestHandler = (req, res, next) => {
    let found;
    try {
      found = table.find(req.method, req.path);
    } catch (err) {
      next(err);
      return;
    }
    if (!found) {
      next();
      return;
    }
    req.params = found.params;
    req.route = found.entry.route;
    found.entry.handle(req, res).catch(next);
  };
  return Object.assign(mount, { mounted: routes.map((r) => ({ method: r.method, path: r.path })) });
}

function handlerOf(
  def: RouteDef,
  guard: AccessGuard,
  serialized: WeakMap<object, { body: Buffer; etag: string }>,
): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    // A body of the wrong kind (a cross-site form's) is refused first, whoever sends it; then who may ask comes
    // before what is asked: a refused caller learns nothing about its input.
    if (def.upload) refuseNonMultipart(req);
    else if (def.body) refuseNonJson(req);
    const caller = await guard.admit(req, def.access);
    const body = def.body ? parseBody(def.body, req) : undefined;
    const query = def.query ? parseQuery(def.query, req) : undefined;
    const params = def.params ? parseParams(def.params, req) : undefined;
    const upload = def.upload ? await readUpload(req, def.upload) : undefined;
    const answer = await def.handler({ body, query, params, upload, req, res, caller } as RouteInput<
      never,
      never,
      never
    >);
    if (answer instanceof EventStreamAnswer) {
      openEventStream(def, req, res, answer);
      return;
    }
    if (answer instanceof BinaryAnswer) {
      res
        .status(200)
        .set(answer.headers)
        .type(answer.contentType)
        .send(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      return;
    }
    const { status, body: out } = isAnswer(answer) ? answer : { status: 200, body: answer };
    let sent = typeof out === "object" && out !== null ? serialized.get(out) : undefined;
    if (!sent) {
      const body = Buffer.from(JSON.stringify(def.response.parse(out)));
      // The weak ETag Express would compute on every send, computed once per answer; the bytes, encoded once.
      sent = {
        body,
        etag: `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`,
      };
      if (typeof out === "object" && out !== null) serialized.set(out, sent);
    }
    res.statusCode = status;
    res.setHeader("ETag", sent.etag);
    // The caller holds this very answer (a page polling a read that did not change): 304, no body.
    if (
      status === 200 &&
      (req.method === "GET" || req.method === "HEAD") &&
      etagMatches(req.headers["if-none-match"], sent.etag)
    ) {
      res.statusCode = 304;
      res.end();
      return;
    }
    // Sent as is: Express's send would hash the bytes again and turn any 2xx (a 201) into a 304 on a match.
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", sent.body.length);
    res.end(req.method === "HEAD" ? undefined : sent.body);
  };
}

function openEventStream(def: RouteDef, req: Request, res: Response, answer: EventStreamAnswer): void {
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    // Never stored, never transformed (a compressing proxy would hold events back), never buffered by nginx.
    "Cache-Control": "no-store, no-transform",
    "X-Accel-Buffering": "no",
  });
  res.write(`retry: ${answer.retryMs}\n\n`);
  const cleanups: (() => void)[] = [];
  const heartbeat = setInterval(() => res.write(": still here\n\n"), answer.heartbeatMs);
  heartbeat.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const c of cleanups.splice(0)) c();
  };
  req.once("close", close);
  res.once("close", close);
  answer.open({
    send(event, data, id) {
      if (closed) return;
      const json = JSON.stringify(def.response.parse(data));
      res.write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${json}\n\n`);
    },
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
  });
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 13.1.2: weak comparison, a list or "*"): the client's
 * copy is the current answer.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * A feature's routes mounted alone (its own tests): every rule admits, and handlers that need a session read it
 * themselves. The app always mounts with the real guard (app.ts), and the generated access test holds it to that.
 */
const unguardedCaller: Caller = { session: null, address: null, operator: true, operatorBy: "open" };
const unguarded: AccessGuard = {
  policy: { mode: "open-loopback", addresses: [] },
  callerOf: async () => unguardedCaller,
  admit: async () => unguardedCaller,
};

/** What a feature hands the app: its routes, and whatever it offers other features through the app. */
export interface FeatureRouter<Extra = object> {
  feature: string;
  routes: RouteDef[];
  exports: Extra;
}
