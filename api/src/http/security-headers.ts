// Helmet's headers, set the same way on every response. Helmet is the source of their values; with no
// per-request directive (no nonce, no function) they never change, so they are read from it once at start and
// then set in one loop. Helmet's own chain of twelve middlewares cost more per request than the read it guarded.
//
// A JSON answer is not a document: nothing renders it, runs its scripts or frames it, so the document headers
// (a page's CSP sources, COOP, Origin-Agent-Cluster, X-Frame-Options, X-XSS-Protection, X-DNS-Prefetch-Control,
// X-Download-Options, X-Permitted-Cross-Domain-Policies) say nothing there. Under /api a response carries the
// headers that do (OWASP's REST Security Cheat Sheet): a CSP that allows nothing and no framing, nosniff,
// CORP, Referrer-Policy and HSTS, five instead of twelve (setting and writing headers was a measurable part of a
// polled read's cost).
import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { pathIsUnder } from "./pipeline";

/** What an API response carries: nothing may load from it, embed it or sniff it into something else. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const API_HEADERS = new Set([
  "content-security-policy",
  "cross-origin-resource-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
]);

function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
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
  return { set, removed };
}

/** Helmet's headers on documents and assets; under `apiPrefix`, the API's five (see above). */
export function securityHeaders(options: HelmetOptions, apiPrefix = "/api"): RequestHandler {
  const { set, removed } = helmetHeaders(options);
  const api = set
    .filter(([name]) => API_HEADERS.has(name.toLowerCase()))
    .map(([name, value]): [string, string] =>
      name.toLowerCase() === "content-security-policy" ? [name, API_CONTENT_SECURITY_POLICY] : [name, value],
    );
  const prefix = apiPrefix.toLowerCase();
  return (req, res, next) => {
    // Case-insensitive, as the routes are matched: /API/... is answered by the API too.
    for (const [name, value] of pathIsUnder(req.path, prefix) ? api : set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
