import { ApiRequestError, describeError, rateLimitedText } from "../../../lib/api-client";

/** A 2xx whose `success` is not true (spec §8: "a false success flag is treated as an error"). */
export class FalseSuccessError extends Error {
  override readonly name = "FalseSuccessError";
  constructor(readonly body: unknown) {
    const error =
      body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : null;
    super(error ?? message ?? "Unknown error");
  }
}

/**
 * What went wrong with a run, plainly: a run of this kind (or too many heavy jobs) already going on the server
 * (429 naming it; 409 from an older server), 429 (the write limit, with the wait from Retry-After), the server's own error text otherwise, 'Unknown error' when
 * there is none (spec §8).
 */
export function runErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    // One run of a kind at a time (api/src/shared/heavy-jobs.ts): a 429 that names the run already going on.
    if (error.status === 429 && error.body?.details?.running)
      return `Already running: ${error.body.error} (retry in ${error.body.retryAfterSeconds ?? 60} s)`;
    if (error.status === 409)
      return `Already running: another run of this assessment is in progress on the server; wait for it to finish.${error.body?.error ? ` (${error.body.error})` : ""}`;
    if (error.status === 429)
      return `${rateLimitedText(error.body?.retryAfterSeconds)} (runs count as writes, rate-limited per client)`;
  }
  if (error === undefined || error === null) return "Unknown error";
  const text = describeError(error);
  return text.trim() ? text : "Unknown error";
}
