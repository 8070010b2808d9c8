// A second, deliberately flawed web app ("a different shop") for tests: it proves the security scanner finds flaws on a
// server that is not ours. Its shape is unlike our API's on purpose: paths under /v2/... and /account/... (none under
// /api), a form-encoded login (POST /account/sign-in with `user` and `pass`, answered by a 302 to /account/home with
// a `sid` cookie) and its own OpenAPI 3.0 document at /v2/spec.json describing its JSON endpoints.
//
// Each planted flaw (SECOND_SERVER_FLAWS) can be switched off by id; then that place behaves correctly, so a test can
// see a finding appear with the flaw and disappear without it. GET /v2/health is clean whatever is switched on.
//
// Written blind: without reading the security suite's code or its own test server, so that it cannot have been shaped
// to fit how the suite checks things. State is in memory; it listens on 127.0.0.1 on a free port and nowhere else.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type Request, type Response } from "express";

/** Each planted flaw: where it lives and what it does when switched on. */
export const SECOND_SERVER_FLAWS = {
  "session-cookie-flags":
    "POST /account/sign-in (form user/pass): the 302 sets `sid=<random>; Path=/` with no HttpOnly and no SameSite",
  "tracking-cookie-flags":
    "GET / and GET /account/home (HTML pages): set a second cookie `pref=theme%3Dlight; Path=/` with no HttpOnly/SameSite",
  "html-no-csp-no-nosniff":
    "GET / and GET /account/home (HTML pages): no Content-Security-Policy and no X-Content-Type-Options: nosniff",
  "private-cacheable":
    "GET /v2/orders/{id} (private, needs the sid cookie): the 200 carries Cache-Control: public, max-age=3600",
  "stack-trace-in-body":
    "POST /v2/orders with a JSON body whose `quantity` is not a number: 500 JSON with a Node stack trace in `stack`",
  "sql-error-in-body":
    "GET /v2/products?sort=<value with a ' or \"> : 500 text/plain Postgres syntax error quoting the SELECT ... ORDER BY",
  "file-path-in-body":
    "GET /v2/files/{name} for a missing file: 404 JSON whose error is ENOENT with the path /var/www/shop/uploads/<name>",
  "version-banner":
    "every response but GET /v2/health: Server: Apache/2.4.49 (Unix) and X-Powered-By: PHP/7.4.3 headers",
} as const;

export type SecondServerFlaw = keyof typeof SECOND_SERVER_FLAWS;

export interface SecondServer {
  baseUrl: string;
  openapiPath: string;
  close(): Promise<void>;
}

/** The one account of the shop: sign in with these (form fields `user` and `pass`). */
export const SECOND_SERVER_LOGIN = { user: "alice", pass: "wonderland-42" } as const;
/** An order of that account, readable at GET /v2/orders/{id} once signed in. */
export const SECOND_SERVER_ORDER_ID = "1001";

const OPENAPI_PATH = "/v2/spec.json";
const HTML_CSP = "default-src 'self'";
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
const SORTS = ["name", "price"] as const;

interface Order {
  id: string;
  owner: string;
  product: string;
  quantity: number;
}

const PRODUCTS = [
  { id: "p-1", name: "Teapot", price: 18 },
  { id: "p-2", name: "Kettle", price: 42 },
  { id: "p-3", name: "Mug", price: 7 },
];

const FILES = new Map([["catalog.txt", "Teapot 18\nKettle 42\nMug 7\n"]]);

function openapiDocument(): object {
  const error = {
    description: "An error",
    content: {
      "application/json": { schema: { type: "object", properties: { error: { type: "string" } } } },
    },
  };
  const order = {
    type: "object",
    properties: {
      id: { type: "string" },
      product: { type: "string" },
      quantity: { type: "integer" },
    },
  };
  return {
    openapi: "3.0.3",
    info: { title: "A different shop", version: "2.0.0" },
    paths: {
      "/v2/health": {
        get: {
          operationId: "health",
          responses: {
            "200": {
              description: "Up",
              content: {
                "application/json": { schema: { type: "object", properties: { status: { type: "string" } } } },
              },
            },
          },
        },
      },
      "/v2/products": {
        get: {
          operationId: "listProducts",
          parameters: [
            {
              name: "sort",
              in: "query",
              required: false,
              description: "The column to sort by: name or price",
              schema: { type: "string", example: "name" },
            },
          ],
          responses: {
            "200": {
              description: "The products",
              content: {
                "application/json": {
                  schema: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: { id: { type: "string" }, name: { type: "string" }, price: { type: "number" } },
                    },
                  },
                },
              },
            },
            "400": error,
          },
        },
      },
      "/v2/orders": {
        post: {
          operationId: "createOrder",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["product", "quantity"],
                  properties: {
                    product: { type: "string", example: "p-1" },
                    quantity: { type: "integer", minimum: 1, example: 2 },
                  },
                },
              },
            },
          },
          responses: {
            "201": { description: "The order", content: { "application/json": { schema: order } } },
            "400": error,
          },
        },
      },
      "/v2/orders/{id}": {
        get: {
          operationId: "getOrder",
          security: [{ sessionCookie: [] }],
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", example: SECOND_SERVER_ORDER_ID } },
          ],
          responses: {
            "200": { description: "The order", content: { "application/json": { schema: order } } },
            "401": error,
            "404": error,
          },
        },
      },
      "/v2/files/{name}": {
        get: {
          operationId: "getFile",
          parameters: [
            { name: "name", in: "path", required: true, schema: { type: "string", example: "catalog.txt" } },
          ],
          responses: {
            "200": {
              description: "The file",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { name: { type: "string" }, size: { type: "integer" }, content: { type: "string" } },
                  },
                },
              },
            },
            "404": error,
          },
        },
      },
    },
    components: {
      securitySchemes: { sessionCookie: { type: "apiKey", in: "cookie", name: "sid" } },
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Starts the shop on 127.0.0.1 (a free port) with the given flaws switched on. */
export async function startSecondFlawedServer(
  flaws: readonly SecondServerFlaw[] | "all" = "all",
): Promise<SecondServer> {
  const on = new Set<string>(flaws === "all" ? Object.keys(SECOND_SERVER_FLAWS) : flaws);
  for (const id of on) if (!(id in SECOND_SERVER_FLAWS)) throw new Error(`unknown flaw: ${id}`);
  const flaw = (id: SecondServerFlaw) => on.has(id);

  const sessions = new Map<string, string>(); // sid -> user
  const orders = new Map<string, Order>([
    [
      SECOND_SERVER_ORDER_ID,
      { id: SECOND_SERVER_ORDER_ID, owner: SECOND_SERVER_LOGIN.user, product: "p-2", quantity: 1 },
    ],
  ]);
  let nextOrder = Number(SECOND_SERVER_ORDER_ID) + 1;

  const signedIn = (req: Request): string | undefined => {
    const sid = cookieValue(req, "sid");
    return sid === undefined ? undefined : sessions.get(sid);
  };

  /** A non-page answer's headers: nothing sniffs, frames or caches it. */
  const plain = (res: Response): Response =>
    res.set({ "Content-Security-Policy": JSON_CSP, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });

  const page = (res: Response, body: string): void => {
    res.set("Cache-Control", "no-store");
    if (!flaw("html-no-csp-no-nosniff"))
      res.set({ "Content-Security-Policy": HTML_CSP, "X-Content-Type-Options": "nosniff" });
    res.append(
      "Set-Cookie",
      flaw("tracking-cookie-flags")
        ? "pref=theme%3Dlight; Path=/"
        : "pref=theme%3Dlight; HttpOnly; SameSite=Lax; Path=/",
    );
    res.type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A different shop</title>
</head><body>${body}</body></html>`);
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);

  app.use((_req, res, next) => {
    res.set({ "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" });
    if (flaw("version-banner")) res.set({ Server: "Apache/2.4.49 (Unix)", "X-Powered-By": "PHP/7.4.3" });
    next();
  });

  app.get("/", (_req, res) => {
    page(
      res,
      `<h1>A different shop</h1>
<form method="post" action="/account/sign-in">
<label>User <input name="user" autocomplete="username"></label>
<label>Password <input name="pass" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form>`,
    );
  });

  app.post("/account/sign-in", express.urlencoded({ extended: false, limit: "4kb" }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    plain(res);
    if (body.user !== SECOND_SERVER_LOGIN.user || body.pass !== SECOND_SERVER_LOGIN.pass) {
      res.redirect(302, "/?failed=1");
      return;
    }
    const sid = randomBytes(24).toString("base64url");
    sessions.set(sid, SECOND_SERVER_LOGIN.user);
    res.append(
      "Set-Cookie",
      flaw("session-cookie-flags") ? `sid=${sid}; Path=/` : `sid=${sid}; HttpOnly; SameSite=Lax; Path=/`,
    );
    res.redirect(302, "/account/home");
  });

  app.get("/account/home", (req, res) => {
    const user = signedIn(req);
    if (user === undefined) {
      plain(res).redirect(302, "/");
      return;
    }
    page(
      res,
      `<h1>Hello, ${escapeHtml(user)}</h1><p>Your order: <a href="/v2/orders/${SECOND_SERVER_ORDER_ID}">${SECOND_SERVER_ORDER_ID}</a></p>`,
    );
  });

  app.get(OPENAPI_PATH, (_req, res) => void plain(res).json(openapiDocument()));

  // The clean answer: no flaw reaches it, not even the banner.
  app.get("/v2/health", (_req, res) => {
    res.removeHeader("Server");
    res.removeHeader("X-Powered-By");
    plain(res).json({ status: "ok" });
  });

  app.get("/v2/products", (req, res) => {
    plain(res);
    const sort = req.query.sort ?? "name";
    if (typeof sort !== "string") {
      res.status(400).json({ error: "sort must be one of name, price" });
      return;
    }
    const quote = /['"]/.exec(sort)?.[0];
    if (quote !== undefined && flaw("sql-error-in-body")) {
      // What a handler that pastes the parameter into its SQL and prints the driver's error would answer.
      const sql = `SELECT * FROM products ORDER BY ${sort} ASC`;
      const at = "SELECT * FROM products ORDER BY ".length + sort.indexOf(quote);
      res
        .status(500)
        .type("text/plain")
        .send(
          `ERROR:  syntax error at or near "${quote}"\nLINE 1: ${sql}\n${" ".repeat("LINE 1: ".length + at)}^\n` +
            `STATEMENT:  ${sql}\n`,
        );
      return;
    }
    if (!(SORTS as readonly string[]).includes(sort)) {
      res.status(400).json({ error: "sort must be one of name, price" });
      return;
    }
    const key = sort as (typeof SORTS)[number];
    res.json([...PRODUCTS].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0)));
  });

  app.post("/v2/orders", express.json({ limit: "16kb" }), (req, res) => {
    plain(res);
    const raw: unknown = req.body;
    const body = (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    if (typeof body.quantity !== "number") {
      if (flaw("stack-trace-in-body")) {
        const stack = [
          "TypeError: Cannot read properties of undefined (reading 'toFixed')",
          "    at Object.<anonymous> (/srv/shop/app/orders.js:41:13)",
          "    at priceOrder (/srv/shop/app/orders.js:28:21)",
          "    at Layer.handle [as handle_request] (/srv/shop/node_modules/express/lib/router/layer.js:95:5)",
          "    at next (/srv/shop/node_modules/express/lib/router/route.js:149:13)",
          "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
        ].join("\n");
        res.status(500).json({ error: "Internal Server Error", stack });
        return;
      }
      res.status(400).json({ error: "quantity must be a number" });
      return;
    }
    if (!Number.isInteger(body.quantity) || body.quantity < 1 || body.quantity > 1000) {
      res.status(400).json({ error: "quantity must be a whole number from 1 to 1000" });
      return;
    }
    const product = body.product;
    if (typeof product !== "string" || !PRODUCTS.some((p) => p.id === product)) {
      res.status(400).json({ error: "product must be one of p-1, p-2, p-3" });
      return;
    }
    const id = String(nextOrder++);
    const order: Order = { id, owner: signedIn(req) ?? "guest", product, quantity: body.quantity };
    orders.set(id, order);
    res.status(201).location(`/v2/orders/${id}`).json({ id, product, quantity: order.quantity });
  });

  app.get("/v2/orders/:id", (req, res) => {
    plain(res);
    const user = signedIn(req);
    if (user === undefined) {
      res.status(401).json({ error: "sign in first" });
      return;
    }
    const order = orders.get(req.params.id);
    if (order === undefined || order.owner !== user) {
      res.status(404).json({ error: "not found" });
      return;
    }
    if (flaw("private-cacheable")) res.set("Cache-Control", "public, max-age=3600");
    res.json({ id: order.id, product: order.product, quantity: order.quantity });
  });

  app.get("/v2/files/:name", (req, res) => {
    plain(res);
    const name = req.params.name;
    const content = FILES.get(name);
    if (content === undefined) {
      res
        .status(404)
        .json(
          flaw("file-path-in-body")
            ? { error: `ENOENT: no such file or directory, open '/var/www/shop/uploads/${name}'` }
            : { error: "not found" },
        );
      return;
    }
    res.json({ name, size: Buffer.byteLength(content), content });
  });

  app.use((_req, res) => void plain(res).status(404).json({ error: "not found" }));

  const onError: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    const status = (err as { status?: unknown } | null)?.status;
    plain(res);
    if (typeof status === "number" && status >= 400 && status < 500) res.status(status).json({ error: "bad request" });
    else res.status(500).json({ error: "internal error" });
  };
  app.use(onError);

  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    openapiPath: OPENAPI_PATH,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
