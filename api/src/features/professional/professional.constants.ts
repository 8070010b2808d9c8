// The professional-readiness feature's vocabulary as plain values (no zod): the five assessments and their
// labels, the spec's readiness colours (90 / 75), the load test's k6-style thresholds, the scoring and
// recommendation rules in words. The schemas build on it; the dapp's first load imports it directly
// (its features/professional/constants.ts), so the page can show the rules without loading zod.

/** The five assessments, in the order the page's tabs list them; also the URL segment of each POST. */
export const PROFESSIONAL_KINDS = [
  "security-audit",
  "load-testing",
  "compliance-audit",
  "penetration-testing",
  "disaster-recovery",
] as const;
export type ProfessionalKind = (typeof PROFESSIONAL_KINDS)[number];

/** Labels (tab names and the spec's toasts: '{label} Failed' / '{label} Complete'). */
export const PROFESSIONAL_LABELS: Record<ProfessionalKind, string> = {
  "security-audit": "Security Audit",
  "load-testing": "Load Testing",
  "compliance-audit": "Compliance Audit",
  "penetration-testing": "Penetration Testing",
  "disaster-recovery": "Disaster Recovery",
};

/** The spec's readiness colours (section 4): green at 90 or above, yellow at 75 or above, red below 75. */
export const READINESS_THRESHOLDS = { green: 90, yellow: 75 } as const;
export type ReadinessColour = "green" | "yellow" | "red";
export type ReadinessBadge = "success" | "warning" | "destructive";
export function readinessColour(percent: number): ReadinessColour {
  return percent >= READINESS_THRESHOLDS.green ? "green" : percent >= READINESS_THRESHOLDS.yellow ? "yellow" : "red";
}
export function readinessBadge(percent: number): ReadinessBadge {
  return { green: "success", yellow: "warning", red: "destructive" }[readinessColour(percent)] as ReadinessBadge;
}

/**
 * Load test bounds and thresholds, in the k6 manner. p95 < 250 ms: the API's reads answer from memory, the
 * database or one eth_call to a local node in a few ms; on 2 shared cores with 10 connections a queue of
 * 10 requests of ~20 ms each is ~200 ms, so 250 ms leaves room for that and still fails a route that
 * stalls on a network call (the ledgers' own budget is 1.5-2.2 s). Error rate < 1% is k6's usual
 * `http_req_failed: rate<0.01` (a 4xx or 5xx, or a socket error, counts as failed).
 */
export const LOAD_TEST = {
  defaultSeconds: 5,
  maxSeconds: 10,
  connections: 10,
  p95MaxMs: 250,
  /**
   * The p95 verdict's margin, percent of p95MaxMs. The generator runs inside the API it measures, on a machine
   * other work shares: two runs a minute apart differ by more than a few ms. So a p95 within this share of the
   * bound, either side (225-275 ms), is INCONCLUSIVE, neither a pass nor a fail; PASS needs p95 <= 225 ms.
   */
  p95MarginPercent: 10,
  errorRateMaxPercent: 1,
  /** Runs kept in the readiness report's history (for the chart). */
  historyRuns: 20,
} as const;

/** The highest p95 that passes, and the lowest that fails outright: the bound less and plus the margin, ms. */
export const LOAD_P95_PASS_MAX_MS = (LOAD_TEST.p95MaxMs * (100 - LOAD_TEST.p95MarginPercent)) / 100;
export const LOAD_P95_FAIL_ABOVE_MS = (LOAD_TEST.p95MaxMs * (100 + LOAD_TEST.p95MarginPercent)) / 100;

/** A threshold's and the load test's verdict. */
export type LoadVerdict = "PASS" | "INCONCLUSIVE" | "FAIL";
/** How each verdict reads on the page and in the summary. */
export const LOAD_VERDICT_TEXT: Record<LoadVerdict, string> = {
  PASS: "PASS",
  INCONCLUSIVE: `INCONCLUSIVE (within ${LOAD_TEST.p95MarginPercent}% of the target)`,
  FAIL: "FAIL",
};
export const LOAD_VERDICT_RULE = `p95 verdict with a ${LOAD_TEST.p95MarginPercent}% margin around the ${LOAD_TEST.p95MaxMs} ms bound: PASS at or below ${LOAD_P95_PASS_MAX_MS} ms, FAIL above ${LOAD_P95_FAIL_ABOVE_MS} ms, INCONCLUSIVE between (run it again on a quieter machine). The error rate has no margin: below ${LOAD_TEST.errorRateMaxPercent}% passes. The run's verdict is FAIL if a threshold fails, else INCONCLUSIVE if one is, else PASS; only PASS counts as passed.`;

/** A p95 (ms; null: nothing measured) against the bound and its margin. */
export function p95Verdict(p95Ms: number | null): LoadVerdict {
  if (p95Ms === null) return "FAIL";
  return p95Ms <= LOAD_P95_PASS_MAX_MS ? "PASS" : p95Ms > LOAD_P95_FAIL_ABOVE_MS ? "FAIL" : "INCONCLUSIVE";
}

/** The run's verdict from its thresholds': any FAIL fails it, else any INCONCLUSIVE makes it inconclusive. */
export function loadVerdictOf(verdicts: readonly LoadVerdict[]): LoadVerdict {
  return verdicts.includes("FAIL") ? "FAIL" : verdicts.includes("INCONCLUSIVE") ? "INCONCLUSIVE" : "PASS";
}

/** The thresholds as k6 would write them, shown with the result. */
export const LOAD_THRESHOLDS = [
  {
    id: "http_req_failed",
    expression: `rate<${LOAD_TEST.errorRateMaxPercent / 100}`,
    description: `share of requests that failed (status >= 400 or a socket error/timeout) below ${LOAD_TEST.errorRateMaxPercent}%`,
  },
  {
    id: "http_req_duration",
    expression: `p(95)<${LOAD_TEST.p95MaxMs}`,
    description: `95th percentile of response time below ${LOAD_TEST.p95MaxMs} ms, with a ${LOAD_TEST.p95MarginPercent}% margin: PASS at or below ${LOAD_P95_PASS_MAX_MS} ms, INCONCLUSIVE up to ${LOAD_P95_FAIL_ABOVE_MS} ms, FAIL above`,
  },
] as const;

/** Penetration test: a security-suite run at most this old is reused rather than run again (said so in the result). */
export const SUITE_REUSE_MINUTES = 10;

/** How each assessment's 0-100 score is made, in words (shown with the result). */
export const SCORING_RULES: Record<ProfessionalKind, string> = {
  "security-audit":
    "Four parts of 25 points: the security suite (its overall score x 0.25; not run = 0), solhint (25 with no error, less 1 per warning down to 15; any error = 0), the contract property tests' last record (25 if it passed; failed or never recorded = 0), the dependency audit (25 with no high/critical advisory, 15 with moderate ones only, 0 with a high/critical one or when the advisory service is unreachable). Passed = every part passes.",
  "load-testing": `100 x the share of thresholds that PASS (http_req_failed rate < ${LOAD_TEST.errorRateMaxPercent}%; p95 at or below ${LOAD_P95_PASS_MAX_MS} ms, ${LOAD_TEST.p95MarginPercent}% under the ${LOAD_TEST.p95MaxMs} ms bound). A p95 within ${LOAD_TEST.p95MarginPercent}% of the bound either side is INCONCLUSIVE: no points, and not a pass. Passed = every threshold PASS.`,
  "compliance-audit": "100 x the share of rules met (each rule counts once). Passed = every rule met.",
  "penetration-testing":
    "Half from the security suite (its overall score x 0.5; not available = 0), half from our own checks (50 x the share that pass: rate limit, security headers, Host allow-list, 405, 413, CORS). Passed = the suite has no FAIL and every check passes.",
  "disaster-recovery":
    "100 when the drill passed (every table's row count and checksum equal after the restore, and the chain side matching or not applicable), 0 otherwise. Passed = the drill passed.",
};

/** How overallReadiness and the mainnet recommendation are made (shown on the page). */
export const READINESS_RULE =
  'overallReadiness = the mean of the five assessments\' latest scores (an assessment never run counts 0 and is named "not run"), one decimal.';
export const MAINNET_RECOMMENDATIONS = {
  notReady: "NOT_READY",
  conditional: "CONDITIONAL",
  readyForAudit: "READY_FOR_EXTERNAL_AUDIT",
} as const;
export type MainnetRecommendation = (typeof MAINNET_RECOMMENDATIONS)[keyof typeof MAINNET_RECOMMENDATIONS];
export const RECOMMENDATION_RULE =
  "NOT_READY when overallReadiness < 75, or any assessment failed, was inconclusive or was never run; CONDITIONAL when 75 <= overallReadiness < 90; READY_FOR_EXTERNAL_AUDIT when >= 90 and all five passed. Never DEPLOYMENT_READY: no external audit of the contracts exists, and a mainnet launch needs one.";

/** The references our checks use: references, not certifications the product holds. */
export const INDUSTRY_STANDARDS = [
  {
    name: "OWASP API Security Top 10",
    version: "2023",
    usedBy: ["security-audit", "penetration-testing"],
    url: "https://owasp.org/API-Security/editions/2023/en/0x11-t10/",
  },
  {
    name: "OWASP ASVS",
    version: "4.0.3",
    usedBy: ["security-audit", "penetration-testing"],
    url: "https://github.com/OWASP/ASVS/tree/v4.0.3",
  },
  {
    name: "k6-style thresholds (http_req_failed, p(95) of http_req_duration)",
    version: "k6 thresholds",
    usedBy: ["load-testing"],
    url: "https://grafana.com/docs/k6/latest/using-k6/thresholds/",
  },
  {
    name: "GENIUS Act (S. 1582, signed 18 July 2025), section 4 reserve requirements: our reading, not legal advice",
    version: "2025",
    usedBy: ["compliance-audit"],
    url: "https://www.congress.gov/bill/119th-congress/senate-bill/1582",
  },
] as const;
export const STANDARDS_NOTE =
  "References our checks are built from. The product holds no certification, and no external audit has been made.";

/** Said with the compliance audit: it is our reading of the law, not legal advice. */
export const COMPLIANCE_DISCLAIMER =
  "Our reading of the GENIUS Act's section 4 reserve requirements, applied to what the chain shows; not legal advice and not a regulator's finding.";

/** Said when the contract property tests never wrote their record on this machine. */
export const PROPERTIES_NEVER_RECORDED = "never recorded on this machine (run npm run test:contracts)";
/** Said when the npm advisory service cannot be reached. */
export const ADVISORIES_UNREACHABLE = "advisory service unreachable: dependencies not audited";
