// A deliberately vulnerable little API, the suite's proof: one switch per check of the suite plants exactly
// that check's flaw, and with every switch off it is clean. It has its own OpenAPI 3 document, SIWE sign-in,
// a wallet-bound endpoint, a fake local chain URL and an in-memory "database" whose rows the in-process suite
// counts. Test code only: it never touches a real database, a chain, or Object.prototype (the pollution flaw
// is simulated by echoing the merged property back, not by polluting this process).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { getAddress, verifyMessage, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import type { SecurityActiveCheckId } from "../security.constants";

/** The flaw planted for each check. */
export const PLANTED_FLAWS = {
  "auth-siwe-wrong-signature": "verify accepts any signature",
  "auth-siwe-nonce-reuse": "verify accepts a used nonce",
  "auth-siwe-expired-message": "verify ignores Expiration Time",
  "auth-siwe-foreign-domain": "verify ignores the message's domain and URI",
  "auth-session-required": "GET /api/me answers without a session",
  "auth-cookie-flags": "the session cookie has no HttpOnly",
  "inj-sql": "GET /api/items leaks the SQL error for a quote",
  "inj-nosql": "POST /api/login takes a query operator for the user name",
  "inj-path-traversal": "GET /api/files reads ../ paths",
  "inj-prototype-pollution": "POST /api/settings merges __proto__ / constructor keys",
  "inj-oversized-input": "POST /api/notes crashes (500) on a number beyond 2^53",
  "inj-refused-write": "POST /api/notes stores the note before validating it",
  "xss-reflected": "GET /api/search echoes q into text/html",
  "xss-csp": "no Content-Security-Policy",
  "xss-nosniff": "no X-Content-Type-Options",
  "csrf-origin": "writes do not check Origin",
  "csrf-fetch-site": "writes do not check Sec-Fetch-Site",
  "csrf-content-type": "writes accept form-encoded and text/plain bodies",
  "csrf-cookie-samesite": "the session cookie has no SameSite",
  "csrf-chain-signing": "the chain URL signs for any origin",
  "gen-host-allowlist": "any Host is served",
} as const satisfies Record<SecurityActiveCheckId, string>;
export type PlantedFlaw = keyof typeof PLANTED_FLAWS;

export const VULNERABLE_CHAIN_ID = 31337;

export interface VulnerableServer {
  baseUrl: string;
  /** The Host it serves (and its SIWE domain). */
  host: string;
  /** Its fake local chain URL. */
  chainRpcUrl: string;
  /** Rows of its in-memory tables. */
  recordCounter(): Promise<Record<string, number>>;
  /** The same counts over HTTP (GET, JSON `{table: rows}`), for the command line's --records-url. */
  recordsUrl: string;
  close(): Promise<void>;
}

const json = (res: Response, status: number, body: unknown) =>
  res.status(status).type("application/json").send(JSON.stringify(body));
const bad = (res: Response, why: string) => json(res, 400, { code: "INVALID_INPUT", error: why });

function openApiDocument() {
  const str = { type: "string" };
  const q = (name: string) => [{ in: "query", name, required: true, schema: str }];
  const body = (properties: Record<string, unknown>, required: string[]) => ({
    required: true,
    content: { "application/json": { schema: { type: "object", properties, required, additionalProperties: false } } },
  });
  const ok = { "200": { description: "OK" } };
  const withAuth = { ...ok, "401": { description: "UNAUTHENTICATED" } };
  return {
    openapi: "3.1.0",
    info: { title: "Deliberately vulnerable test API", version: "1" },
    paths: {
      "/api/openapi.json": { get: { summary: "this document", responses: ok } },
      "/api/auth/nonce": { get: { summary: "SIWE nonce", "x-write": true, responses: ok } },
      "/api/auth/verify": {
        post: {
          summary: "SIWE verify",
          requestBody: body({ message: str, signature: str }, ["message", "signature"]),
          responses: withAuth,
        },
      },
      "/api/auth/session": { get: { summary: "the session", responses: withAuth } },
      "/api/auth/logout": { post: { summary: "log out", responses: ok } },
      "/api/me": { get: { summary: "the signed-in wallet's profile", responses: withAuth } },
      "/api/search": { get: { summary: "search", parameters: q("q"), responses: ok } },
      "/api/items": { get: { summary: "items by name (SQL)", parameters: q("q"), responses: ok } },
      "/api/files": { get: { summary: "a help file", parameters: q("name"), responses: ok } },
      "/api/login": {
        post: {
          summary: "password login",
          requestBody: body({ username: str, password: str }, ["username", "password"]),
          responses: withAuth,
        },
      },
      "/api/notes": {
        post: {
          summary: "store a note",
          requestBody: body({ text: str, amount: { type: "number", minimum: 1, maximum: 1000 } }, ["text", "amount"]),
          responses: { "201": { description: "Created" } },
        },
      },
      "/api/settings": {
        post: {
          summary: "save settings",
          requestBody: body({ theme: { type: "string", enum: ["light", "dark"] } }, ["theme"]),
          responses: ok,
        },
      },
    },
  };
}

/** Starts the server on an ephemeral loopback port with the given flaws planted ("all", or a list). */
export async function startVulnerableServer(flawsIn: readonly PlantedFlaw[] | "all" = []): Promise<VulnerableServer> {
  const flaws = new Set<PlantedFlaw>(flawsIn === "all" ? (Object.keys(PLANTED_FLAWS) as PlantedFlaw[]) : flawsIn);
  const has = (f: PlantedFlaw) => flaws.has(f);
  const nonces = new Map<string, { used: boolean }>();
  const sessions = new Map<string, string>();
  const notes: unknown[] = [];
  let host = "";

  const app = express();
  app.disable("x-powered-by");
  app.use((req, res, next) => {
    if (!has("xss-csp"))
      res.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'self'; object-src 'none'");
    if (!has("xss-nosniff")) res.setHeader("X-Content-Type-Options", "nosniff");
    if (
      !has("gen-host-allowlist") &&
      req.headers.host !== host &&
      req.headers.host !== host.replace("127.0.0.1", "localhost")
    )
      return json(res, 403, { code: "HOST_NOT_ALLOWED", error: "unknown host" });
    next();
  });
  // The fake local chain: refuses signing for foreign origins unless the flaw is planted.
  app.post("/chain-rpc", express.text({ type: "*/*" }), (req, res) => {
    const origin = req.headers.origin;
    if (origin && !has("csrf-chain-signing"))
      return json(res, 403, {
        jsonrpc: "2.0",
        id: 1,
        error: { code: 4100, message: "signing refused for a foreign origin" },
      });
    json(res, 200, { jsonrpc: "2.0", id: 1, result: `0x${randomBytes(32).toString("hex")}` });
  });
  // Writes: cross-site refused, JSON only (each unless its flaw is planted).
  app.use((req, res, next) => {
    if (req.method === "GET") return next();
    if (!has("csrf-fetch-site") && req.headers["sec-fetch-site"] === "cross-site")
      return json(res, 403, { code: "CROSS_SITE_REQUEST", error: "cross-site" });
    const origin = req.headers.origin;
    if (!has("csrf-origin") && origin !== undefined && origin !== `http://${host}`)
      return json(res, 403, { code: "CROSS_SITE_REQUEST", error: "foreign origin" });
    const type = req.headers["content-type"];
    if (type && !/^application\/json/i.test(type) && !has("csrf-content-type"))
      return json(res, 415, { code: "UNSUPPORTED_MEDIA_TYPE", error: "JSON only" });
    next();
  });
  app.use(express.json({ type: "application/json" }));
  if (has("csrf-content-type")) {
    app.use(express.urlencoded({ extended: false }));
    app.use(express.text({ type: "text/plain" }), (req, _res, next) => {
      if (typeof req.body === "string") {
        try {
          req.body = JSON.parse(req.body);
        } catch {
          req.body = {};
        }
      }
      next();
    });
  }

  const sessionOf = (req: Request) => {
    const token = /vuln_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    return token ? (sessions.get(token) ?? null) : null;
  };

  app.get("/", (_req, res) => res.type("text/html").send("<!doctype html><title>vulnerable</title><p>test server</p>"));
  app.get("/api/openapi.json", (_req, res) => json(res, 200, openApiDocument()));
  app.get("/api/auth/nonce", (_req, res) => {
    const nonce = randomBytes(12).toString("hex");
    nonces.set(nonce, { used: false });
    json(res, 200, { nonce });
  });
  app.post("/api/auth/verify", async (req, res) => {
    const { message, signature } = (req.body ?? {}) as { message?: unknown; signature?: unknown };
    if (typeof message !== "string" || typeof signature !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(signature))
      return bad(res, "message and signature required");
    const m = parseSiweMessage(message);
    if (!m.address || !m.nonce || !m.domain || !m.uri) return bad(res, "not an EIP-4361 message");
    const refuse = (why: string) => json(res, 401, { code: "UNAUTHENTICATED", error: why });
    if (!has("auth-siwe-foreign-domain") && (m.domain !== req.headers.host || new URL(m.uri).host !== req.headers.host))
      return refuse("foreign domain");
    if (m.chainId !== VULNERABLE_CHAIN_ID) return refuse("wrong chain");
    if (!has("auth-siwe-expired-message") && m.expirationTime && m.expirationTime.getTime() <= Date.now())
      return refuse("expired");
    if (!has("auth-siwe-wrong-signature")) {
      const valid = await verifyMessage({ address: getAddress(m.address), message, signature: signature as Hex }).catch(
        () => false,
      );
      if (!valid) return refuse("wrong signature");
    }
    const n = nonces.get(m.nonce);
    if (!n || (n.used && !has("auth-siwe-nonce-reuse"))) return refuse("nonce unknown or used");
    n.used = true;
    const token = randomBytes(16).toString("hex");
    sessions.set(token, getAddress(m.address));
    const attrs = [
      "Path=/",
      has("auth-cookie-flags") ? "" : "HttpOnly",
      has("csrf-cookie-samesite") ? "" : "SameSite=Strict",
    ].filter(Boolean);
    res.setHeader("Set-Cookie", `vuln_session=${token}; ${attrs.join("; ")}`);
    json(res, 200, { address: m.address });
  });
  app.get("/api/auth/session", (req, res) => {
    const address = sessionOf(req);
    return address ? json(res, 200, { address }) : json(res, 401, { code: "UNAUTHENTICATED", error: "sign in" });
  });
  app.post("/api/auth/logout", (req, res) => {
    const token = /vuln_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (token) sessions.delete(token);
    json(res, 200, { signedOut: true });
  });
  app.get("/api/me", (req, res) => {
    const address = sessionOf(req);
    if (!address && !has("auth-session-required")) return json(res, 401, { code: "UNAUTHENTICATED", error: "sign in" });
    json(res, 200, { address: address ?? "0x0000000000000000000000000000000000000000", balance: "12.5" });
  });
  const queryText = (req: Request, name: string) =>
    typeof req.query[name] === "string" ? (req.query[name] as string) : null;
  app.get("/api/search", (req, res) => {
    const q = queryText(req, "q");
    if (q === null || q.length > 100) return bad(res, "q: a string of at most 100 characters");
    if (has("xss-reflected")) return res.type("text/html").send(`<p>Results for ${q}</p>`);
    json(res, 200, { query: q, results: [] });
  });
  app.get("/api/items", (req, res) => {
    const q = queryText(req, "q");
    if (q === null || q.length > 100) return bad(res, "q: a string of at most 100 characters");
    if (has("inj-sql") && q.includes("'"))
      return bad(res, `error: syntax error at or near "${q.split("'")[1]?.slice(0, 10) ?? ""}" at character 38`);
    json(res, 200, { items: [] });
  });
  app.get("/api/files", (req, res) => {
    const name = queryText(req, "name");
    if (name === null) return bad(res, "name required");
    if (has("inj-path-traversal") && /\.\.(\/|\\|%2f)/i.test(name))
      return res
        .type("text/plain")
        .send("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n");
    if (!/^[a-z0-9-]{1,40}\.txt$/.test(name)) return bad(res, "name: a help file name");
    json(res, 200, { name, content: "help" });
  });
  app.post("/api/login", (req, res) => {
    const { username, password } = (req.body ?? {}) as Record<string, unknown>;
    // The planted flaw: an operator object where a string belongs matches every user, as a Mongo query would.
    if (
      has("inj-nosql") &&
      typeof username === "object" &&
      username !== null &&
      Object.keys(username).some((k) => k.startsWith("$"))
    )
      return json(res, 200, { user: "admin" });
    if (typeof username !== "string" || !/^[a-z]{1,32}$/.test(username) || typeof password !== "string")
      return bad(res, "username and password required");
    json(res, 401, { code: "UNAUTHENTICATED", error: "wrong user name or password" });
  });
  app.post("/api/notes", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (has("inj-refused-write")) notes.push(body);
    if (
      has("inj-oversized-input") &&
      typeof body.amount === "number" &&
      !Number.isSafeInteger(body.amount) &&
      Math.abs(body.amount) > 1
    )
      throw new Error(`cannot convert ${body.amount} to a ledger amount`);
    const keys = Object.keys(body);
    if (keys.some((k) => k !== "text" && k !== "amount")) return bad(res, "unknown field");
    if (typeof body.text !== "string" || body.text.length > 200) return bad(res, "text: at most 200 characters");
    if (typeof body.amount !== "number" || !(body.amount >= 1 && body.amount <= 1000))
      return bad(res, "amount: 1 to 1000");
    if (!has("inj-refused-write")) notes.push(body);
    json(res, 201, { stored: true });
  });
  app.post("/api/settings", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const own = Object.keys(body);
    if (has("inj-prototype-pollution") && (own.includes("__proto__") || own.includes("constructor"))) {
      // Simulated: what a recursive merge would have put on every object, echoed back.
      return json(res, 200, { saved: true, settings: { theme: "light", polluted: 1 } });
    }
    if (own.length !== 1 || (body.theme !== "light" && body.theme !== "dark")) return bad(res, "theme: light or dark");
    json(res, 200, { saved: true });
  });
  // Its row counts, for a scan from outside (`security:scan --records-url`): not in its OpenAPI document, so
  // never probed; a real target would offer such a counter only to its own operators.
  app.get("/__records", (_req, res) => json(res, 200, { notes: notes.length }));
  app.use((_req, res) => json(res, 404, { code: "NOT_FOUND", error: "no such route" }));
  // A thrown handler is a bare 500 (no stack in the body: that would be a different flaw).
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500)
      return json(res, status, { code: "INVALID_INPUT", error: "bad request" });
    json(res, 500, { code: "INTERNAL", error: "internal error" });
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  return {
    baseUrl: `http://${host}`,
    host,
    chainRpcUrl: `http://${host}/chain-rpc`,
    recordCounter: async () => ({ notes: notes.length }),
    recordsUrl: `http://${host}/__records`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
