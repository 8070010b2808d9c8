// The Hardhat node `npm start` runs sits on an internal loopback port behind the chain guard (chain-guard.ts).
// A web page could still find that port (a blind text/plain POST to every port of 127.0.0.1 needs no answer),
// so with HARDHAT_NODE_INTERNAL=1 (set by the stack) the node's own server also refuses what a browser sends:
// any request or WebSocket with an Origin header, and any Host but 127.0.0.1/localhost/[::1] with its own port
// (DNS rebinding). The guard, the deploy and the stack's probes send neither. Wired in hardhat.config.ts.
import type http from "node:http";
import type { Duplex } from "node:stream";

type RequestListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type UpgradeListener = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

export const INTERNAL_NODE_ENV = "HARDHAT_NODE_INTERNAL";

/** Why a request to the internal node is refused, or null when it may pass. */
export function internalRefusal(req: http.IncomingMessage, port: number): string | null {
  if (req.headers.origin !== undefined) return "a web page (Origin header) may not use the node's internal port";
  const host = (req.headers.host ?? "").toLowerCase();
  if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host))
    return `Host "${req.headers.host ?? ""}" refused`;
  return null;
}

/** Puts the refusal in front of the node's HTTP and WebSocket handlers (already attached to `server`). */
export function lockToStack(server: http.Server): void {
  const port = () => {
    const address = server.address();
    return address && typeof address === "object" ? address.port : -1;
  };
  const onRequest = server.listeners("request") as RequestListener[];
  const onUpgrade = server.listeners("upgrade") as UpgradeListener[];
  server.removeAllListeners("request");
  server.removeAllListeners("upgrade");
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const why = internalRefusal(req, port());
    if (why) {
      req.resume();
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: `${why}: this is the stack's internal node; use the public chain port` },
      });
      res.writeHead(403, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    for (const listener of onRequest) listener.call(server, req, res);
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (internalRefusal(req, port())) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    for (const listener of onUpgrade) listener.call(server, req, socket, head);
  });
}
