// The middleware every request passes through, run as one Express layer. Each layer Express's router walks costs
// a match and a few closures per request; ten of them were a third of what a polled read allocated. Errors (thrown,
// rejected or passed to next) leave the pipeline for the app's error handler, as they would leave Express's chain.
import type { RequestHandler } from "express";

export function pipeline(
  handlers: readonly RequestHandler[],
): RequestHandler & { handlers: readonly RequestHandler[] } {
  const run: RequestHandler = (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) {
        done(err);
        return;
      }
      const handler = handlers[i++];
      if (!handler) {
        done();
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise) result.catch(next);
      } catch (e) {
        next(e ?? new Error("a middleware threw nothing"));
      }
    };
    next();
  };
  return Object.assign(run, { handlers });
}

/**
 * Whether `path` is `lowerPrefix` (lower case) or under it, in any case, as the routes are matched: "/API/Unified"
 * is under "/api", "/apiary" is not. Compares the prefix's length only, without lower-casing the whole path.
 */
export function pathIsUnder(path: string, lowerPrefix: string): boolean {
  const n = lowerPrefix.length;
  return path.length >= n && (path.length === n || path[n] === "/") && path.slice(0, n).toLowerCase() === lowerPrefix;
}

/**
 * `handler` for the paths under `prefix` only, as app.use(prefix, handler) mounts it: case-insensitive, as the
 * routes are matched (an upper-case /API/... must not pass a guard its route answers behind). Its req.path is the
 * full path.
 */
export function under(prefix: string, handler: RequestHandler): RequestHandler {
  const lower = prefix.toLowerCase();
  return (req, res, next) => (pathIsUnder(req.path, lower) ? handler(req, res, next) : next());
}
