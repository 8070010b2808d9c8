// "This API, over HTTP": the security suite and the load test measure the running app through a real socket,
// never an in-process shortcut, and never any other host. A target is the same Express app listening on an
// ephemeral 127.0.0.1 port for as long as a run lasts, so it behaves identically under `npm start` and under
// supertest (which never listens), and no request body can choose where probes go.
//
// Its requests carry the Host of the first allowed host (the address users reach, so the Host allow-list is
// met as it is in real use) and a per-target random token in SELF_TARGET_HEADER: the write rate limit counts
// them in a bucket of their own (`self:<token>`), still limited, so a scan never locks the demo's visitor
// (same 127.0.0.1) out of writes for a minute. The bucket's size is the app's limit unless the opener states
// its own bound (the security suite: its request budget, which already bounds a run; the pen test's rate-limit
// check keeps the app's limit, since that limit is what it tests). The token is never logged or returned.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express, Request } from "express";

export const SELF_TARGET_HEADER = "x-self-target";

export interface HttpExchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, cut at `maxBodyBytes`. */
  body: string;
  durationMs: number;
}

export interface HttpSendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  /** Bytes of the answer kept (default 256 KB); the rest is read and dropped. */
  maxBodyBytes?: number;
  /** A keep-alive agent to reuse connections; default none (a connection per exchange). */
  agent?: http.Agent;
}

/**
 * One bounded HTTP exchange with node:http. Not fetch: fetch drops a Host header (a forbidden header name),
 * and the Host is what the allow-list and the probes are about. Rejects on a network error or the timeout.
 */
export function sendHttp(url: string, options: HttpSendOptions = {}): Promise<HttpExchange> {
  const { method = "GET", headers = {}, body, timeoutMs = 10_000, maxBodyBytes = 256 * 1024, agent = false } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers },
      agent,
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
      };
      // A stream of server-sent events never ends by itself: its first bytes are its answer.
      const stream = /^text\/event-stream/i.test(res.headers["content-type"] ?? "");
      res.on("data", (chunk: Buffer) => {
        if (kept < maxBodyBytes) chunks.push(chunk.subarray(0, maxBodyBytes - kept));
        kept += chunk.length;
        if (stream) {
          done();
          res.destroy();
        }
      });
      res.on("end", done);
      res.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    req.end(body);
  });
}

export interface SelfTarget {
  /** http://127.0.0.1:<ephemeral port> */
  baseUrl: string;
  /** The Host header its requests should carry (an allowed host). */
  host: string;
  /** Headers every request to the target carries (Host and the bucket token). */
  headers: Record<string, string>;
  /** sendHttp to a path of the target, with the target's headers under the caller's. */
  send(path: string, options?: HttpSendOptions): Promise<HttpExchange>;
  close(): Promise<void>;
}

/** The open targets' tokens and their own write limits (null: the app's): a request carrying one is the API measuring itself. */
const openTokens = new Map<string, number | null>();

const tokenOf = (req: Request): string | null => {
  const token = req.headers[SELF_TARGET_HEADER];
  return typeof token === "string" && openTokens.has(token) ? token : null;
};

/** The rate-limit key of a request to an open self target, or null for everyone else. */
export function selfTargetKey(req: Request): string | null {
  const token = tokenOf(req);
  return token ? `self:${token}` : null;
}

/** The write limit per minute of a request's self target when its opener stated one, else null (the app's). */
export function selfTargetWriteLimit(req: Request): number | null {
  const token = tokenOf(req);
  return token ? (openTokens.get(token) ?? null) : null;
}

export interface SelfTargetOptions {
  /** Writes a minute in this target's bucket; default the app's limit. Only ever a bound the caller enforces itself. */
  writesPerMinute?: number;
}

/** The Host a request to this API normally carries: the first allowed host, or 127.0.0.1 when all are "*". */
export function ownHost(allowedHosts: readonly string[]): string {
  return allowedHosts.find((h) => h !== "*") ?? "127.0.0.1";
}

export async function openSelfTarget(
  app: Express,
  allowedHosts: readonly string[],
  options: SelfTargetOptions = {},
): Promise<SelfTarget> {
  const server = http.createServer(app);
  // A probe that the app never answers must not keep the run (or the port) alive.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const token = randomBytes(18).toString("base64url");
  openTokens.set(token, options.writesPerMinute ?? null);
  // Probes come one after another: reuse connections instead of a TCP handshake per probe.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const host = ownHost(allowedHosts);
  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host,
    headers: { host, [SELF_TARGET_HEADER]: token },
    send: (path, sendOptions = {}) =>
      sendHttp(`http://127.0.0.1:${port}${path}`, {
        agent,
        ...sendOptions,
        headers: { host, [SELF_TARGET_HEADER]: token, ...sendOptions.headers },
      }),
    async close() {
      if (closed) return;
      closed = true;
      openTokens.delete(token);
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `fn` against a self target and always closes it. */
export async function withSelfTarget<T>(
  app: Express,
  allowedHosts: readonly string[],
  fn: (target: SelfTarget) => Promise<T>,
  options: SelfTargetOptions = {},
): Promise<T> {
  const target = await openSelfTarget(app, allowedHosts, options);
  try {
    return await fn(target);
  } finally {
    await target.close();
  }
}
