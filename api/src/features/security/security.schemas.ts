// The HTTP contract of the security suite (the /government-security-dashboard page): the four individual
// tests, the comprehensive report (spec section 3 "Security test summary") and the last stored report. Every
// result carries its evidence: each request the suite sent and what came back.
import { z } from "zod";
import {
  SECURITY_CATEGORIES,
  SECURITY_CHECK_IDS,
  SECURITY_READINESS,
  SECURITY_SEVERITIES,
  SECURITY_STATUSES,
} from "./security.constants";

export * from "./security.constants";

const isoTime = z.string().datetime({ offset: true });

// ---- evidence ----------------------------------------------------------------------------------------

export const securityProbeRequest = z.object({
  method: z.string(),
  /** Path and query as sent. */
  path: z.string(),
  /** The whole URL as the target sees it (scheme, Host, path): kept by the passive rules' findings. */
  url: z.string().optional(),
  /** The headers that matter for the check (Origin, Content-Type, Cookie…); the run's own token never. */
  headers: z.record(z.string(), z.string()),
  /** The body sent, cut to an excerpt; null when none. */
  body: z.string().nullable(),
});

export const securityProbeResponse = z.object({
  status: z.number().int(),
  /** The headers that matter (Content-Type, CSP, nosniff, Set-Cookie with its value masked…). */
  headers: z.record(z.string(), z.string()),
  /** The body, cut to an excerpt. */
  body: z.string(),
  durationMs: z.number(),
});

export const securityEvidence = z.object({
  /** What the probe tries ("sql payload in body field ethAmount"). */
  probe: z.string(),
  request: securityProbeRequest,
  /** Null when no answer came (network error or timeout: see `error`). */
  response: securityProbeResponse.nullable(),
  error: z.string().nullable(),
  /** What is wrong with the answer, or null when it is as it should be. */
  finding: z.string().nullable(),
});
export type SecurityEvidence = z.infer<typeof securityEvidence>;

// ---- results -----------------------------------------------------------------------------------------

export const securityResult = z.object({
  /** The check's stable id (security.constants.ts SECURITY_CHECKS). */
  id: z.enum(SECURITY_CHECK_IDS),
  testName: z.string(),
  description: z.string(),
  category: z.enum(SECURITY_CATEGORIES),
  /** The check's severity when it FAILs; LOW for a WARNING; OK for a PASS. */
  severity: z.enum(SECURITY_SEVERITIES),
  status: z.enum(SECURITY_STATUSES),
  /** The framework items it tests: "OWASP API8:2023", "ASVS V5.3.4". */
  complianceFramework: z.array(z.string()),
  /** One sentence: what was found, or why it passes, or why it could not be assessed. */
  detail: z.string(),
  /** What to do about a FAIL or WARNING; null on a PASS. */
  recommendation: z.string().nullable(),
  probesSent: z.number().int(),
  findings: z.number().int(),
  /** Every request sent for this check and what came back. */
  evidence: z.array(securityEvidence),
});
export type SecurityResult = z.infer<typeof securityResult>;

export const securityCoverage = z.object({
  /** Operations in the target's OpenAPI document. */
  operations: z.number().int(),
  operationsProbed: z.number().int(),
  /** Body fields, query and path parameters found in the document. */
  fields: z.number().int(),
  fieldsProbed: z.number().int(),
  /** Write probes not sent because the target's write rate limit was reached. */
  writeProbesNotSent: z.number().int(),
  /** What the suite skipped and why (nested schemas beyond one level, bodies that are not objects…). */
  skipped: z.array(z.string()),
  /** Operations at least one request of the run went to (any check, the coverage sweep included). */
  operationsReached: z.number().int().default(0),
  /** Every operation no request reached: out of scope with the reason, or not reached and why. */
  unprobed: z.array(z.object({ operation: z.string(), outOfScope: z.boolean(), reason: z.string() })).default([]),
  /** Every operation was reached or is out of scope with a reason: the only coverage DEPLOYMENT_READY accepts. */
  complete: z.boolean().default(false),
});
export type SecurityCoverage = z.infer<typeof securityCoverage>;

/** Common to every run. */
const runInfo = {
  ranAt: isoTime,
  durationMs: z.number(),
  requestsSent: z.number().int(),
  /** What was probed ("this API over a loopback socket, Host …" or the CLI's base URL). */
  target: z.string(),
  coverage: securityCoverage,
  /** The bound that stopped the run early ("time budget of 25000 ms reached"), or null when it ran to the end. */
  stoppedBy: z.string().nullable(),
  /** Who ran it through the API: the operator's address, or "open (local presenter)"; null from the CLI or an older run. */
  ranBy: z.string().nullable().default(null),
  /**
   * Passive rules that saw no answer of their kind (no HTML page, no cookie, a plain-http target for Secure): not
   * assessed, so neither a PASS nor a FAIL, and not in `results` / `detailedResults` nor in the score.
   */
  notApplicable: z
    .array(z.object({ id: z.enum(SECURITY_CHECK_IDS), testName: z.string(), reason: z.string() }))
    .default([]),
};

/** GET /api/security/{authentication,injection,xss,csrf}-test */
export const securityTestResponse = z.object({
  category: z.enum(SECURITY_CATEGORIES),
  results: z.array(securityResult),
  ...runInfo,
});
export type SecurityTestResponse = z.infer<typeof securityTestResponse>;

// ---- the comprehensive report ------------------------------------------------------------------------

const mappedItem = z.object({
  id: z.string(),
  name: z.string(),
  checks: z.array(z.enum(SECURITY_CHECK_IDS)),
  passed: z.number().int(),
  total: z.number().int(),
  /** "n of m mapped checks pass", or that no check maps here (not assessed). */
  summary: z.string(),
});

const notAssessed = z.object({ assessed: z.literal(false), note: z.string() });

export const securityComplianceStatus = z.object({
  owaspApiTop10: z.array(mappedItem),
  asvs: z.array(mappedItem),
  overall: z.object({ passed: z.number().int(), total: z.number().int(), summary: z.string() }),
  /** The spec's keys, kept with honest content: this suite does not assess them. */
  nistFramework: notAssessed,
  cisaControls: notAssessed,
  nsaStandards: notAssessed,
  certifications: z.string(),
});
export type SecurityComplianceStatus = z.infer<typeof securityComplianceStatus>;

export const securitySummary = z.object({
  overallScore: z.number().int().min(0).max(100),
  securityGrade: z.enum(["A", "B", "C", "D", "F"]),
  passedTests: z.number().int(),
  failedTests: z.number().int(),
  warningTests: z.number().int(),
  totalTests: z.number().int(),
  /** CRITICAL FAILs. */
  criticalIssues: z.number().int(),
  complianceFrameworks: z.array(z.string()),
  recommendations: z.array(z.string()),
});
export type SecuritySummary = z.infer<typeof securitySummary>;

/** POST /api/security/comprehensive-test; also what the security router's exports.runSuite/latest answer. */
export const securityReport = z.object({
  /** The stored run's id; null when not stored (the CLI). */
  id: z.number().int().nullable(),
  summary: securitySummary,
  /** The rule, in words, that turns the results into the summary (shown on the page). */
  scoringRule: z.string(),
  governmentReadiness: z.enum(SECURITY_READINESS),
  /** Why governmentReadiness is what it is. */
  governmentReadinessReason: z.string(),
  complianceStatus: securityComplianceStatus,
  detailedResults: z.array(securityResult),
  ...runInfo,
});
export type SecurityReport = z.infer<typeof securityReport>;

/** GET /api/security/latest: the last comprehensive report stored, or null before the first run. */
export const securityLatestResponse = z.object({ report: securityReport.nullable() });

/** An individual test takes no query (an unknown key is a 400 naming it). */
export const securityTestQuery = z.strictObject({});
/** `evidence=findings` keeps only the evidence entries that hold a finding (a full report is ~800 KB). */
export const securityLatestQuery = z.strictObject({ evidence: z.enum(["all", "findings"]).optional() });
export type SecurityLatestResponse = z.infer<typeof securityLatestResponse>;
