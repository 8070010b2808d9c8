// Helmet's headers, set the same way on every response. Helmet is the source of their values; with no
// per-request directive (no nonce, no function) they never change, so they are read from it once at start and
// then set in one loop. Helmet's own chain of twelve middlewares cost more per request than the read it guarded.
import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let called = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    called = true;
  });
  // Helmet calls next synchronously; a directive that needs the request would have thrown on the empty one.
  if (!called || set.length === 0) throw new Error("helmet did not give its headers synchronously");
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
