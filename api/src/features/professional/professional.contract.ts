// The professional readiness feature's endpoints (http/endpoint.ts), declared once for the API
// (professional.routes.ts mounts them) and the dapp (features/professional/api/ calls them): the readiness report,
// the last run of a kind, and the five assessments, each an operator POST with no body answered with its own result.
import { endpoint } from "../../http/endpoint";
import { LOAD_TEST, type ProfessionalKind } from "./professional.constants";
import type {
  complianceAuditResult,
  disasterRecoveryResult,
  latestAssessmentParams,
  latestAssessmentResponse,
  loadTestingResult,
  penetrationTestingResult,
  readinessReport,
  securityAuditResult,
} from "./professional.schemas";

const RUN_ERRORS = ["INVALID_INPUT", "RATE_LIMITED"] as const;

export const professionalContract = {
  readinessReport: endpoint<{ response: typeof readinessReport }>()({
    method: "get",
    path: "/api/professional/readiness-report",
    access: "visitor",
    feature: "professional",
    summary:
      "overallReadiness and the mainnet recommendation computed by stated rules from the latest run of each assessment (never run counts 0), with the colour (90/75), a timestamp per test, the standards our checks use and the load-test history",
  }),
  latest: endpoint<{ params: typeof latestAssessmentParams; response: typeof latestAssessmentResponse }>()({
    method: "get",
    path: "/api/professional/latest/:kind",
    access: "visitor",
    feature: "professional",
    summary: "The last stored run of one assessment, in full (its parts and detail), or null with the reason",
  }),
  securityAudit: endpoint<{ response: typeof securityAuditResult }>()({
    method: "post",
    path: "/api/professional/security-audit",
    access: "operator",
    feature: "professional",
    summary:
      "Runs the security suite against this API, solhint over the contracts, reads the contract property tests' last record and audits production dependencies (npm audit; unreachable advisories say so); scored by the stated rule and stored",
    errors: RUN_ERRORS,
    write: true,
  }),
  loadTesting: endpoint<{ response: typeof loadTestingResult }>()({
    method: "post",
    path: "/api/professional/load-testing",
    access: "operator",
    feature: "professional",
    summary: `autocannon in-process against this API's own read endpoints (${LOAD_TEST.connections} connections, LOAD_TEST_SECONDS, at most ${LOAD_TEST.maxSeconds} s), with k6-style thresholds (http_req_failed rate<0.01, p(95)<${LOAD_TEST.p95MaxMs} ms); stored for the history chart`,
    errors: RUN_ERRORS,
    write: true,
  }),
  complianceAudit: endpoint<{ response: typeof complianceAuditResult }>()({
    method: "post",
    path: "/api/professional/compliance-audit",
    access: "operator",
    feature: "professional",
    summary:
      "A stated list of rules (GENIUS Act §4 as our reading, and the XQBUSD contract's own), each computed from the chain (vault collateral, XQBUSD supply, feed price, the vault's constants and ABI) with its source",
    errors: RUN_ERRORS,
    write: true,
  }),
  penetrationTesting: endpoint<{ response: typeof penetrationTestingResult }>()({
    method: "post",
    path: "/api/professional/penetration-testing",
    access: "operator",
    feature: "professional",
    summary:
      "The security suite's active probes (or its run of the last 10 minutes) plus our checks against this API: the write rate limit, security headers, the Host allow-list, 405, 413 and CORS; every exchange as evidence",
    errors: RUN_ERRORS,
    write: true,
  }),
  disasterRecovery: endpoint<{ response: typeof disasterRecoveryResult }>()({
    method: "post",
    path: "/api/professional/disaster-recovery",
    access: "operator",
    feature: "professional",
    summary:
      "A database backup, a restore into a fresh instance, row counts and checksums compared, RTO measured, RPO = the age of the last verified backup; the chain side redeployed to the map's addresses where the map is deterministic",
    errors: RUN_ERRORS,
    write: true,
  }),
};

/** Each assessment's run, by the kind its path ends with (the page and the routes dispatch on the kind). */
export const professionalRuns = {
  "security-audit": professionalContract.securityAudit,
  "load-testing": professionalContract.loadTesting,
  "compliance-audit": professionalContract.complianceAudit,
  "penetration-testing": professionalContract.penetrationTesting,
  "disaster-recovery": professionalContract.disasterRecovery,
} as const satisfies { [K in ProfessionalKind]: { path: `/api/professional/${K}` } };
