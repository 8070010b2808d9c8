// The one JSON shape of every error the server sends, under /api and elsewhere, and its codes. The dapp
// reads `code` to tell a bad amount from a dead node from a rate limit; `error` is for people.
import { z } from "zod";

export const ERROR_CODES = {
  /** A field is wrong: the schema said so, or the ledger refused the value (a decoded revert). */
  INVALID_INPUT: 400,
  MALFORMED_JSON: 400,
  /** Content-Encoding other than identity: bodies are read as sent, never inflated. */
  UNSUPPORTED_ENCODING: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BODY_TOO_LARGE: 413,
  /** No SIWE session for a wallet-bound request. */
  UNAUTHENTICATED: 401,
  /** Signed in, but this route's access rule does not admit the wallet (an operator route, another wallet's record). */
  FORBIDDEN: 403,
  /** A state-changing request from a page of another site. */
  CROSS_SITE_REQUEST: 403,
  /** A Host header outside the allowed list (DNS rebinding). */
  HOST_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The resource exists already in another form (kept for later features). */
  CONFLICT: 409,
  RATE_LIMITED: 429,
  /** The ledger answered and said no, for a reason that is not the client's input. */
  LEDGER_REJECTED: 502,
  /** The ledger cannot be reached and this operation cannot be simulated. */
  LEDGER_UNAVAILABLE: 503,
  /** The ledger is up but could not serve this request in time (queue, load); try again. */
  LEDGER_BUSY: 503,
  /** A bug. The body carries a request id to find it in the log. */
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const apiIssue = z.object({
  /** Dotted path of the offending field ("" for the body or the request itself). */
  path: z.string(),
  message: z.string(),
});
export type Issue = z.infer<typeof apiIssue>;

export const apiError = z.object({
  code: z.enum(errorCodes),
  /** One sentence for a person. */
  error: z.string(),
  issues: z.array(apiIssue).optional(),
  /** The ledger involved, for ledger failures. */
  ledger: z.enum(["ethereum", "stellar", "xrpl"]).optional(),
  /** Seconds to wait before trying again (also sent as Retry-After). */
  retryAfterSeconds: z.number().int().optional(),
  /** Figures behind a refusal a client can act on (e.g. `maxAmount`: the largest amount that would pass), as text. */
  details: z.record(z.string(), z.string()).optional(),
  /** Methods the path accepts, for 405 (also sent as Allow). */
  allow: z.array(z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;
