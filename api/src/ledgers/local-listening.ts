// Whether a local node accepts connections: the selector's way to tell a busy local chain from a dead one.
import { connect } from "node:net";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * A TCP connect check for an RPC URL on this machine, or undefined for any other host (a remote provider's load
 * balancer accepts connections whether or not a node answers behind it). Resolves once the socket connects.
 */
export function localListening(rpcUrl: string): ((signal: AbortSignal) => Promise<void>) | undefined {
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    return undefined;
  }
  if (!LOOPBACK.has(url.hostname)) return undefined;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return (signal) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect({ host, port });
      const done = (err?: Error) => {
        signal.removeEventListener("abort", onAbort);
        socket.destroy();
        if (err) reject(err);
        else resolve();
      };
      const onAbort = () => done(new Error("aborted"));
      signal.addEventListener("abort", onAbort, { once: true });
      socket.once("connect", () => done());
      socket.once("error", (err) => done(err));
    });
}
