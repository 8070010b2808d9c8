// Test data for the security page: real reports the API's suite produced, parsed with the API's own schemas so
// a drift in the contract fails here first. `sampleReport`: the API's own sample (a comprehensive run against
// this API); `allFlawsReport`: its run against the vulnerable test server with every flaw planted;
// `vulnerableReport`: the vulnerable server with the five planted flaws (capture-vulnerable-report.ts).
import {
  securityLatestResponse,
  securityReport,
  securityTestResponse,
  SECURITY_KIND_CATEGORY,
  type SecurityReport,
  type SecurityTestKind,
} from "../../../../../api/src/features/security/security.schemas";
import sample from "../../../../../api/src/features/security/testing/sample-report.json";
import allFlaws from "../../../../../api/src/features/security/testing/sample-report-vulnerable.json";
import vulnerable from "./vulnerable-report.json";

export const sampleReport: SecurityReport = securityReport.parse(sample);
export const allFlawsReport: SecurityReport = securityReport.parse(allFlaws);

export const vulnerableReport: SecurityReport = securityReport.parse(vulnerable);

/** GET /api/security/latest's body. */
export const latest = (report: SecurityReport | null) => securityLatestResponse.parse({ report });

/** An individual test's answer, made of the report's own results of that category (the same engine runs both). */
export const individual = (report: SecurityReport, kind: SecurityTestKind) =>
  securityTestResponse.parse({
    category: SECURITY_KIND_CATEGORY[kind],
    results: report.detailedResults.filter((r) => r.category === SECURITY_KIND_CATEGORY[kind]),
    ranAt: report.ranAt,
    durationMs: report.durationMs,
    requestsSent: report.requestsSent,
    target: report.target,
    coverage: report.coverage,
    stoppedBy: null,
  });
