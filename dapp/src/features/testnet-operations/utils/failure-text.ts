import { ApiRequestError, describeError } from "../../../lib/api-client";

/**
 * A failure in the spec's terms: the server's error text, or 'Unknown error'. A rate limit keeps the API's own words
 * (the hourly VIBE mint says when the next one is due), which the shared wording would replace by "too many requests".
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === "RATE_LIMITED" && error.body?.error) return error.body.error;
  return describeError(error).trim() || "Unknown error";
}
