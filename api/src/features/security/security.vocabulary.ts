// The security suite's words as plain values, apart from its checks' table (security.constants.ts): the spec's
// categories, severities and statuses and the test kinds. The endpoint contract names the kinds' categories in its
// summaries, and the dapp imports the contract in a page's first load: this module keeps the 16 KB table out of it.

/** Spec section 4: test categories, severity words and test statuses. */
export const SECURITY_CATEGORIES = ["AUTHENTICATION", "INJECTION", "XSS", "CSRF", "GENERAL"] as const;
export type SecurityCategory = (typeof SECURITY_CATEGORIES)[number];
export const SECURITY_SEVERITIES = ["CRITICAL", "HIGH", "MEDIUM", "LOW", "OK"] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];
export const SECURITY_STATUSES = ["PASS", "FAIL", "WARNING"] as const;
export type SecurityStatus = (typeof SECURITY_STATUSES)[number];

/** The individual runs (GET /api/security/<kind>-test) and the comprehensive one. */
export const SECURITY_TEST_KINDS = ["authentication", "injection", "xss", "csrf"] as const;
export type SecurityTestKind = (typeof SECURITY_TEST_KINDS)[number];
export const SECURITY_KIND_CATEGORY: Record<SecurityTestKind, SecurityCategory> = {
  authentication: "AUTHENTICATION",
  injection: "INJECTION",
  xss: "XSS",
  csrf: "CSRF",
};
