// How many state-changing requests this process has answered (and changes its background work made). Read caches (MomentCache) remember the count a
// value was computed at and compute again once it moved, so a writer's next read shows its own write even when
// the write belongs to another feature (an operator's security run, then the readiness status).
import type { RequestHandler } from "express";

export const processWrites = { count: 0 };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A change made outside a request (background work: the isolator's scrub recording a new verdict). */
export function noteProcessWrite(): void {
  processWrites.count++;
}

/** Counts every request that may change state once it is answered (or abandoned: it may have written). */
export function countProcessWrites(): RequestHandler {
  return (req, res, next) => {
    if (!SAFE_METHODS.has(req.method)) res.once("close", () => processWrites.count++);
    next();
  };
}
