// The security API's vocabulary this page needs at first paint, as local copies the compiler holds equal to the
// API's (security.constants.ts), so the page's first load does not fetch that module: its chunk also carries the
// checks' table (SECURITY_CHECKS with the OWASP and ASVS wording, ~3.3 KB gzip), which the schemas need, and
// through the old shared barrel of constants it was in every page's first load. Only types are imported from it here.
import type {
  SECURITY_DEFAULT_BUDGET,
  SecurityCategory,
  SecurityStatus,
  SecurityTestKind,
} from "../../../../../api/src/features/security/security.constants";

/** Fails to compile unless `L` lists every member of `U` (and, by its `satisfies`, nothing else). */
type Complete<U, L extends readonly U[]> = [Exclude<U, L[number]>] extends [never] ? L : never;

export const TEST_KINDS = ["authentication", "injection", "xss", "csrf"] as const satisfies readonly SecurityTestKind[];
export const CATEGORIES = [
  "AUTHENTICATION",
  "INJECTION",
  "XSS",
  "CSRF",
  "GENERAL",
] as const satisfies readonly SecurityCategory[];
export const STATUSES = ["FAIL", "WARNING", "PASS"] as const satisfies readonly SecurityStatus[];
const complete: [
  Complete<SecurityTestKind, typeof TEST_KINDS>,
  Complete<SecurityCategory, typeof CATEGORIES>,
  Complete<SecurityStatus, typeof STATUSES>,
] = [TEST_KINDS, CATEGORIES, STATUSES];
void complete;

/** The API's time bound of a run (SECURITY_DEFAULT_BUDGET.maxMs: its type is the literal, so a change there fails here). */
export const RUN_BUDGET_MS: (typeof SECURITY_DEFAULT_BUDGET)["maxMs"] = 25_000;
