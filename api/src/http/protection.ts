// The convention every write endpoint follows, applied once for all of them:
// - a Host outside the allowed list is refused (DNS rebinding: a foreign name resolving to 127.0.0.1);
// - a state-changing request from a page of another site is refused (Origin / Sec-Fetch-Site), while
//   requests without those headers (curl, scripts, the tests) work;
// - writes are rate-limited per caller (session, else address) under a per-address ceiling, in stores API
//   replicas share when they share a database.
import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { HttpError, sendError } from "./errors";
import { selfTargetKey, selfTargetWriteLimit } from "./self-target";
import { isSessionToken } from "../shared/session-store";
import { sessionTokenOf } from "../shared/session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** "host" or "host:port"; an entry without a port allows the host on any port. */
export function hostAllowed(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.toLowerCase();
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    if (e === "*") return true;
    if (/:\d+$/.test(e) || e.endsWith("]")) return host === e;
    return host === e || host.replace(/:\d+$/, "") === e;
  });
}

/** What the Host guard has refused since it started: the isolator's DNS-protection card reads it. */
export interface HostGuardStats {
  /** Requests refused for their Host, the API's own self-tests not counted. */
  refused: number;
  since: Date;
  lastRefusedAt: Date | null;
}
export const createHostGuardStats = (): HostGuardStats => ({ refused: 0, since: new Date(), lastRefusedAt: null });

export function hostGuard(allowed: readonly string[], stats?: HostGuardStats): RequestHandler {
  return (req, res, next) => {
    if (hostAllowed(req.headers.host, allowed)) return next();
    // The API probing its own guard (the self-test, the security suite) is not a threat blocked.
    if (stats && selfTargetKey(req) === null) {
      stats.refused++;
      stats.lastRefusedAt = new Date();
    }
    sendError(
      res,
      new HttpError("HOST_NOT_ALLOWED", "This server does not answer for that host name", {
        issues: [
          {
            path: "",
            message: `Host ${JSON.stringify(req.headers.host ?? "")} is not one of ${allowed.join(", ")} (set ALLOWED_HOSTS to serve it)`,
          },
        ],
      }),
    );
  };
}

/** Refuses a state-changing request that a browser says comes from another site. */
export function sameOriginWrites(allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    let why: string | null = null;
    if (fetchSite === "cross-site") why = "Sec-Fetch-Site says cross-site";
    else if (origin !== undefined) {
      let host: string | null;
      try {
        host = origin === "null" ? null : new URL(origin).host;
      } catch {
        host = null;
      }
      if (host === null || !hostAllowed(host, allowed)) why = `Origin ${origin} is not this app`;
    }
    if (!why) return next();
    sendError(
      res,
      new HttpError("CROSS_SITE_REQUEST", "Requests that change state must come from this app's own pages", {
        issues: [{ path: "", message: why }],
      }),
    );
  };
}

/** The rate-limit bucket of a request that carries a session cookie: a digest of the token, never the token. */
function sessionBucket(req: Request): string | null {
  const token = sessionTokenOf(req);
  return token && isSessionToken(token)
    ? `s:${createHash("sha256").update(token).digest("base64url").slice(0, 22)}`
    : null;
}

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? "", 56);

function limiter(
  perMinute: number,
  key: (req: Request) => string,
  skip: ((req: Request) => boolean) | undefined,
  what: string,
  store?: Store,
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    // A self target opened with its own bound (the security suite's request budget) has that many.
    limit: (req) => selfTargetWriteLimit(req) ?? perMinute,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(skip ? { skip } : {}),
    keyGenerator: key,
    ...(store ? { store } : {}),
    handler: (_req, res, _next, options) => {
      const reset = (res.req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + options.windowMs) - Date.now()) / 1000));
      sendError(
        res,
        new HttpError(
          "RATE_LIMITED",
          `Too many writes: at most ${selfTargetWriteLimit(res.req) ?? perMinute} a minute ${what}`,
          { retryAfterSeconds: seconds },
        ),
      );
    },
  });
}

export interface WriteLimits {
  /** Writes per caller and minute: per signed-in session, per address for callers without one; 0 turns it off. */
  perCaller: number;
  /** Writes per client address and minute whatever sessions it carries (a hall behind one NAT shares it); 0: none. */
  ipCeiling: number;
  /** GET routes that store something (a SIWE nonce): they count as writes. */
  writingGets?: readonly string[];
  /**
   * Paths counted only against the ceiling: signing in (nonce, verify). Every visitor behind one address signs in
   * before it has a session of its own; a per-address bucket there would let 60 visitors lock out the 61st.
   */
  ceilingOnly?: readonly string[];
  /** Stores replicas share (PostgreSQL), one per limiter. */
  stores?: { perCaller: Store; ipCeiling: Store };
}

/**
 * Writes are limited per caller, not per address: each SIWE session has its own bucket, so 200 visitors behind one
 * NAT each get theirs; callers without a session share their address's. Above both, a per-address ceiling bounds
 * what one machine can do with any number of sessions (forged cookies included). The API measuring itself
 * (security suite, load test) counts in its own bucket, limited all the same.
 */
export function writeRateLimit(limits: WriteLimits): RequestHandler[] {
  const writingGets = limits.writingGets ?? [];
  const ceilingOnly = limits.ceilingOnly ?? [];
  // req.baseUrl + req.path is the full path wherever this is mounted; lower-cased, as the routes match it.
  const pathOf = (req: Request) => (req.baseUrl + req.path).toLowerCase();
  const isRead = (req: Request) => SAFE_METHODS.has(req.method) && !writingGets.includes(pathOf(req));
  const handlers: RequestHandler[] = [];
  // A read never reaches express-rate-limit (whose skip check alone is an await per request): the limiters below
  // see writes only, so their own skip has nothing more to tell apart than the sign-in paths.
  const writesOnly =
    (limit: RequestHandler): RequestHandler =>
    (req, res, next) =>
      isRead(req) ? next() : limit(req, res, next);
  if (limits.ipCeiling > 0) {
    handlers.push(
      writesOnly(
        limiter(
          limits.ipCeiling,
          (req) => selfTargetKey(req) ?? clientIp(req),
          undefined,
          "from one address",
          limits.stores?.ipCeiling,
        ),
      ),
    );
  }
  if (limits.perCaller > 0) {
    const skip = (req: Request) => ceilingOnly.includes(pathOf(req));
    handlers.push(
      writesOnly(
        limiter(
          limits.perCaller,
          (req) => selfTargetKey(req) ?? sessionBucket(req) ?? clientIp(req),
          skip,
          "from one session (or one address without a session)",
          limits.stores?.perCaller,
        ),
      ),
    );
  }
  return handlers;
}
