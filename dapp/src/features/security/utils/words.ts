// The page's words and rules (spec part 1 §2 "Government Security Testing Dashboard", §4 severity / status /
// category words and the 90 / 75 colours, §8 toasts). The API's constants (security.constants.ts) hold the checks,
// the categories and the scoring rule (utils/vocabulary.ts: what the first load needs of them); this file adds the
// labels and tones.
import { ApiRequestError, describeError } from "../../../lib/api-client";
import { timeText } from "../../../lib/time";
import type { SecurityCategory, SecuritySeverity, SecurityStatus, SecurityTestKind } from "../api/contract";

export type RunKind = "comprehensive" | SecurityTestKind;

/** Each run's name: its button is "Run {label}", its toasts "{label} Complete" / "{label} Failed" (§8). */
export const RUN_LABELS: Record<RunKind, string> = {
  comprehensive: "Comprehensive Test",
  authentication: "Authentication Test",
  injection: "Injection Test",
  xss: "XSS Test",
  csrf: "CSRF Test",
};

/** What a run is doing, for the progress line while it goes. */
export const RUN_STEPS: Record<RunKind, string> = {
  comprehensive:
    "every check against this API, in the suite's order: authentication, CSRF, headers and host, then the injection and XSS probes in every field",
  authentication: "the SIWE and session probes against this API",
  injection:
    "SQL, NoSQL, path traversal, prototype-pollution and oversized-input probes in every field of every endpoint",
  xss: "reflected-payload probes in every field and the CSP / nosniff headers",
  csrf: "cross-site Origin, Sec-Fetch-Site, form and text/plain probes, the cookie's SameSite and the chain guard",
};

export const CATEGORY_LABELS: Record<SecurityCategory, string> = {
  AUTHENTICATION: "Authentication",
  INJECTION: "Injection",
  XSS: "XSS",
  CSRF: "CSRF",
  GENERAL: "General",
};

export type Tone = "success" | "warning" | "error" | "info" | "default";

/** Spec §4: green at 90 or above, yellow at 75 or above, red below. */
export function scoreTone(score: number): "success" | "warning" | "error" {
  if (score >= 90) return "success";
  if (score >= 75) return "warning";
  return "error";
}

export const STATUS_TONES: Record<SecurityStatus, Tone> = { PASS: "success", FAIL: "error", WARNING: "warning" };
export const SEVERITY_TONES: Record<SecuritySeverity, Tone> = {
  CRITICAL: "error",
  HIGH: "error",
  MEDIUM: "warning",
  LOW: "info",
  OK: "success",
};

/** FAILs first (the most severe first), then WARNINGs, then PASSes; within a group the suite's own order. */
const STATUS_ORDER: Record<SecurityStatus, number> = { FAIL: 0, WARNING: 1, PASS: 2 };
const SEVERITY_ORDER: Record<SecuritySeverity, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3, OK: 4 };
export function failsFirst<T extends { status: SecurityStatus; severity: SecuritySeverity }>(
  results: readonly T[],
): T[] {
  return results
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.r.status] - STATUS_ORDER[b.r.status] ||
        SEVERITY_ORDER[a.r.severity] - SEVERITY_ORDER[b.r.severity] ||
        a.i - b.i,
    )
    .map(({ r }) => r);
}

/** "3 passed · 1 failed · 1 warning" */
export function countsText(results: readonly { status: SecurityStatus }[]): string {
  const n = (s: SecurityStatus) => results.filter((r) => r.status === s).length;
  const warnings = n("WARNING");
  return `${n("PASS")} passed · ${n("FAIL")} failed · ${warnings} warning${warnings === 1 ? "" : "s"}`;
}

/**
 * A run the API refused or could not finish, in words (§8: the server's error text, or 'Unknown error'): a run
 * already going (409) and a rate limit (429, with Retry-After) read plainly; anything else is the API's own text.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 409) {
      const said = error.body?.error;
      return `A security run is already going (one at a time): wait for it to finish, then run again.${said ? ` The API said: ${said}` : ""}`;
    }
    // A run already going (api/src/shared/heavy-jobs.ts: 429 naming it; 409 from an older server).
    if (error.status === 429 && error.body?.details?.running) {
      return `A security run is already going (one at a time): wait for it to finish, then run again. The API said: ${error.body.error}`;
    }
    if (error.status === 429) {
      const seconds = error.body?.retryAfterSeconds;
      const said = error.body?.error;
      return `Too many runs: the API is limiting them${said ? ` (${said})` : ""}. Try again in ${seconds !== undefined ? `${seconds} s` : "a minute"}.`;
    }
    // An answer with no text at all (a proxy's bare 502): the spec's words, with the status.
    if (!error.body && !error.bodyText.trim() && !error.statusText.trim())
      return `Unknown error (HTTP ${error.status})`;
  }
  if (error === null || error === undefined) return "Unknown error";
  const text = describeError(error);
  return text.trim() ? text : "Unknown error";
}

/** "4.2 s" */
export const formatSeconds = (ms: number) => `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s`;

/** A run's time as every page writes times (lib/time.ts). */
export const formatRunTime = (iso: string): string => timeText(iso);
