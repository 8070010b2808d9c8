// The local chain's public JSON-RPC port. `hardhat node` signs eth_sendTransaction with its unlocked dev
// accounts, obeys hardhat_*/evm_* admin calls and answers every origin with `Access-Control-Allow-Origin: *`,
// so without a guard any web page the user visits could spend the dev accounts or rewrite the chain. The node
// therefore listens on an internal loopback port and this proxy, on the public port, lets through:
//   (a) only requests whose Host is 127.0.0.1:<port>, localhost:<port> or [::1]:<port> (DNS rebinding);
//   (b) from a browser page (an Origin header) other than the app's own origins: reads and
//       eth_sendRawTransaction (what MetaMask sends), never a method that makes the node sign or administer
//       (PRIVILEGED below); a batch holding one is refused whole, nothing of it is forwarded;
//   (c) from any browser page: only POSTs whose Content-Type is application/json (a text/plain or form POST
//       needs no CORS preflight, so it is refused outright);
//   (d) CORS: preflights are answered here, and responses carry Access-Control-Allow-Origin set to the
//       requesting origin (never `*`; the node's own CORS headers are dropped).
// Requests without an Origin (the API, the deploy, scripts, curl) pass unchanged, bodies streamed both ways.
// WebSocket upgrades pass only without an Origin (a page's WebSocket is not subject to CORS).
// While the node is down or restarting, the guard answers at once with HTTP 503 and a JSON-RPC error
// ("chain restarting"); an upstream request that takes longer than upstreamTimeoutMs is answered 504.
import http from "node:http";
import type { Duplex } from "node:stream";

export interface UpstreamTarget {
  host: string;
  port: number;
}

export interface ChainGuardOptions {
  /** The public port (0: any free one, for tests). */
  port: number;
  /** Interface to listen on. Default 127.0.0.1. */
  listenHost?: string;
  /** Origins with full access: the app's own pages (e.g. http://127.0.0.1:3000, http://localhost:3000). */
  appOrigins: readonly string[];
  /** Where requests go; null until setUpstream (answered "chain starting"). */
  upstream?: UpstreamTarget | null;
  /** Longest an upstream exchange may take. Default 60 s. */
  upstreamTimeoutMs?: number;
  /** Largest body inspected for a foreign origin. Default 5 MB. */
  maxInspectedBytes?: number;
  /** One line per refused request (for the node's log). */
  onRefused?: (line: string) => void;
}

export interface ChainGuard {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Sends requests to `target`; null answers every request 503 with `reason` until the next call. */
  setUpstream(target: UpstreamTarget | null, reason?: string): void;
  upstream(): UpstreamTarget | null;
  close(): Promise<void>;
}

/** Methods that make the node sign with its unlocked accounts or change the chain outside transactions. */
const PRIVILEGED_EXACT = new Set(["eth_sendtransaction", "eth_sign", "eth_signtransaction"]);
const PRIVILEGED_PREFIXES = [
  "eth_signtypeddata",
  "personal_",
  "hardhat_",
  "evm_",
  "debug_",
  "anvil_",
  "admin_",
  "miner_",
];

/** True for a method a foreign page may not call (case-insensitive, so a case trick cannot slip through). */
export function isPrivileged(method: unknown): boolean {
  if (typeof method !== "string") return false;
  const m = method.toLowerCase();
  return PRIVILEGED_EXACT.has(m) || PRIVILEGED_PREFIXES.some((p) => m.startsWith(p));
}

/** JSON-RPC error codes the guard answers with. */
export const GUARD_ERRORS = {
  /** EIP-1193 "Unauthorized": a privileged method from a foreign origin. */
  unauthorized: 4100,
  invalidRequest: -32600,
  parse: -32700,
  /** The node is down, restarting or timed out. */
  unavailable: -32000,
} as const;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
]);

function forwardedRequestHeaders(req: http.IncomingMessage, target: UpstreamTarget): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    // The origin policy is applied here; the node behind (internal-node.ts) refuses anything with an Origin.
    if (value === undefined || HOP_BY_HOP.has(name) || name === "origin") continue;
    out[name] = value;
  }
  out.host = `${target.host}:${target.port}`;
  return out;
}

function rpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: "2.0", id: id === undefined ? null : id, error: { code, message } };
}

// No keep-alive to the node: a request sent on a pooled socket just as the node closes it for idleness fails
// with ECONNRESET, and a JSON-RPC POST cannot safely be sent twice. A loopback connect costs next to nothing.
const newAgent = () => new http.Agent({ keepAlive: false, maxSockets: 64 });

const idOf = (item: unknown) =>
  item && typeof item === "object" && "id" in item ? (item as { id: unknown }).id : null;

export async function startChainGuard(options: ChainGuardOptions): Promise<ChainGuard> {
  const listenHost = options.listenHost ?? "127.0.0.1";
  const appOrigins = new Set(options.appOrigins.map((o) => o.toLowerCase()));
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 60_000;
  const maxInspected = options.maxInspectedBytes ?? 5 * 1024 * 1024;
  let target: UpstreamTarget | null = options.upstream ?? null;
  let downReason = "chain starting: the local Hardhat node is not up yet";
  let agent = newAgent();
  const tunnels = new Set<Duplex>();
  let allowedHosts = new Set<string>();

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  };

  const corsHeaders = (origin: string | undefined): http.OutgoingHttpHeaders =>
    origin ? { "access-control-allow-origin": origin, vary: "Origin" } : {};

  const refuse = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    body: unknown,
    why: string,
    origin?: string,
  ) => {
    options.onRefused?.(
      `chain guard refused ${req.method} from ${origin ?? "(no origin)"} host ${req.headers.host ?? "(none)"}: ${why}`,
    );
    req.resume(); // drain what is left of the body so the connection stays usable
    send(res, status, body, corsHeaders(origin));
  };

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    origin: string | undefined,
    body: Buffer | null,
  ) => {
    const to = target;
    if (!to) {
      req.resume();
      return send(res, 503, rpcError(null, GUARD_ERRORS.unavailable, downReason), {
        ...corsHeaders(origin),
        "retry-after": "1",
      });
    }
    const headers = forwardedRequestHeaders(req, to);
    if (body) {
      headers["content-length"] = String(body.length);
    }
    const up = http.request({ host: to.host, port: to.port, method: req.method, path: req.url, headers, agent });
    let settled = false;
    const timer = setTimeout(
      () => up.destroy(Object.assign(new Error("upstream timeout"), { code: "GUARD_TIMEOUT" })),
      upstreamTimeoutMs,
    );
    const done = () => {
      settled = true;
      clearTimeout(timer);
    };
    up.on("response", (ur) => {
      const headersOut: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(ur.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith("access-control-")) continue;
        headersOut[name] = value;
      }
      res.writeHead(ur.statusCode ?? 502, { ...headersOut, ...corsHeaders(origin) });
      ur.pipe(res);
      ur.on("end", done);
      ur.on("error", () => {
        done();
        res.destroy();
      });
    });
    up.on("error", (err: NodeJS.ErrnoException) => {
      done();
      if (res.headersSent) return void res.destroy();
      const timedOut = err.code === "GUARD_TIMEOUT";
      const message = timedOut
        ? `chain did not answer within ${Math.round(upstreamTimeoutMs / 1000)} s`
        : `chain unavailable (${err.code ?? err.message}): the local Hardhat node may be restarting; retry in a few seconds`;
      req.resume();
      send(res, timedOut ? 504 : 503, rpcError(null, GUARD_ERRORS.unavailable, message), {
        ...corsHeaders(origin),
        "retry-after": "1",
      });
    });
    // The client went away: stop the upstream exchange too.
    res.on("close", () => {
      if (!settled && !res.writableFinished) {
        done();
        up.destroy();
      }
    });
    if (body) up.end(body);
    else req.pipe(up);
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const host = (req.headers.host ?? "").toLowerCase();
    if (!allowedHosts.has(host)) {
      return refuse(
        req,
        res,
        403,
        rpcError(
          null,
          GUARD_ERRORS.invalidRequest,
          `Host "${req.headers.host ?? ""}" refused: this node answers only 127.0.0.1, localhost or [::1] on port ${port}`,
        ),
        "host",
      );
    }
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined;
    if (req.method === "OPTIONS") {
      req.resume();
      const requested = String(req.headers["access-control-request-headers"] ?? "content-type");
      res.writeHead(204, {
        ...corsHeaders(origin),
        ...(origin
          ? {
              "access-control-allow-methods": "POST, OPTIONS",
              // Headers the page asked for, tokens only; Content-Encoding stays out (bodies must be readable here).
              "access-control-allow-headers": requested
                .split(",")
                .map((h) => h.trim())
                .filter((h) => /^[A-Za-z0-9-]+$/.test(h) && h.toLowerCase() !== "content-encoding")
                .join(", "),
              "access-control-max-age": "600",
            }
          : {}),
      });
      return res.end();
    }
    if (origin === undefined) return forward(req, res, undefined, null);

    // A browser page from here on.
    if (req.method !== "POST") {
      return refuse(
        req,
        res,
        405,
        rpcError(null, GUARD_ERRORS.invalidRequest, "only POST is accepted from a web page"),
        "method " + req.method,
        origin,
      );
    }
    const contentType = String(req.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    if (contentType !== "application/json") {
      return refuse(
        req,
        res,
        415,
        rpcError(
          null,
          GUARD_ERRORS.invalidRequest,
          `Content-Type "${req.headers["content-type"] ?? ""}" refused from a web page: send application/json`,
        ),
        `content-type ${contentType || "(none)"}`,
        origin,
      );
    }
    if (appOrigins.has(origin.toLowerCase())) return forward(req, res, origin, null);

    const encoding = String(req.headers["content-encoding"] ?? "identity")
      .trim()
      .toLowerCase();
    if (encoding !== "identity") {
      return refuse(
        req,
        res,
        415,
        rpcError(null, GUARD_ERRORS.invalidRequest, "Content-Encoding refused from a web page"),
        `content-encoding ${encoding}`,
        origin,
      );
    }
    // A foreign page: read the body (bounded) to see which methods it calls.
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on("data", (chunk: Buffer) => {
      if (tooBig) return;
      size += chunk.length;
      if (size > maxInspected) {
        tooBig = true;
        return refuse(
          req,
          res,
          413,
          rpcError(null, GUARD_ERRORS.invalidRequest, `body over ${maxInspected} bytes refused from a web page`),
          "body too large",
          origin,
        );
      }
      chunks.push(chunk);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      if (tooBig) return;
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        // Exactly how the node reads it (raw bytes as UTF-8, JSON.parse), so both see the same methods.
        parsed = JSON.parse(body.toString());
      } catch {
        return refuse(
          req,
          res,
          400,
          rpcError(null, GUARD_ERRORS.parse, "Parse error: the body is not JSON"),
          "unparsable body",
          origin,
        );
      }
      const items = Array.isArray(parsed) ? parsed : [parsed];
      const bad = items.filter(
        (item) => item && typeof item === "object" && isPrivileged((item as { method?: unknown }).method),
      );
      if (bad.length > 0) {
        const names = [...new Set(bad.map((b) => String((b as { method: unknown }).method)))].join(", ");
        const message = (m: string) =>
          `${m} refused: a web page from ${origin} may read this chain and send signed raw transactions, but not make the node sign or administer it`;
        const answer = Array.isArray(parsed)
          ? parsed.map((item) =>
              isPrivileged((item as { method?: unknown } | null)?.method)
                ? rpcError(idOf(item), GUARD_ERRORS.unauthorized, message(String((item as { method: unknown }).method)))
                : rpcError(idOf(item), GUARD_ERRORS.unauthorized, `batch refused: it contains ${names}`),
            )
          : rpcError(idOf(parsed), GUARD_ERRORS.unauthorized, message(names));
        return refuse(req, res, 403, answer, `privileged ${names}`, origin);
      }
      forward(req, res, origin, body);
    });
  };

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const reject = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    socket.on("error", () => socket.destroy());
    if (!allowedHosts.has((req.headers.host ?? "").toLowerCase())) return reject("403 Forbidden");
    // Browsers send an Origin with every WebSocket and do not apply CORS to it: pages get no WebSocket.
    if (req.headers.origin !== undefined) {
      options.onRefused?.(`chain guard refused a WebSocket from ${req.headers.origin}`);
      return reject("403 Forbidden");
    }
    const to = target;
    if (!to) return reject("503 Service Unavailable");
    const up = http.request({
      host: to.host,
      port: to.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: `${to.host}:${to.port}` },
    });
    up.on("upgrade", (ur, upSocket, upHead) => {
      const lines = [`HTTP/1.1 ${ur.statusCode} ${ur.statusMessage}`];
      for (let i = 0; i < ur.rawHeaders.length; i += 2) lines.push(`${ur.rawHeaders[i]}: ${ur.rawHeaders[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      tunnels.add(socket);
      tunnels.add(upSocket);
      const close = () => {
        socket.destroy();
        upSocket.destroy();
        tunnels.delete(socket);
        tunnels.delete(upSocket);
      };
      upSocket.on("error", close).on("close", close);
      socket.on("close", close);
      upSocket.pipe(socket).pipe(upSocket);
    });
    up.on("response", (ur) => {
      ur.resume();
      reject(`${ur.statusCode} ${ur.statusMessage}`);
    });
    up.on("error", () => reject("503 Service Unavailable"));
    up.end();
  };

  const server = http.createServer(onRequest);
  server.on("upgrade", onUpgrade);
  server.on("clientError", (_err, socket) => socket.destroy());
  // Idle keep-alive connections are closed by the client, not here: a server that closes them after 5 s (Node's
  // default, with a "Keep-Alive: timeout=5" hint) races a client whose event loop was busy for a few seconds
  // (the API while it starts) and whose next request then meets a closed socket ("fetch failed"). Sockets
  // idle for 2 minutes are still reaped.
  server.keepAliveTimeout = 0;
  server.timeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, listenHost, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setUpstream(next, reason) {
      target = next;
      if (reason) downReason = reason;
      // Sockets to a dead node are no use to anyone.
      agent.destroy();
      agent = newAgent();
      for (const t of tunnels) t.destroy();
    },
    upstream: () => target,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.destroy();
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
