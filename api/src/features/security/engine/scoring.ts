// From results to the report: score, grade, readiness and the compliance map, each by the rule written in
// SECURITY_SCORING_RULE (computed from the results only, nothing else).
import {
  ASVS_403_ITEMS,
  OWASP_API_TOP10_2023,
  SECURITY_CHECKS,
  SECURITY_COMPLIANCE_FRAMEWORKS,
  SECURITY_DEPLOYMENT_READY_MIN_SCORE,
  SECURITY_FAIL_PENALTY,
  SECURITY_GRADES,
  SECURITY_NOT_ASSESSED_NOTE,
  SECURITY_SCORING_RULE,
  SECURITY_WARNING_PENALTY,
  type SecurityCheckId,
} from "../security.constants";
import type {
  SecurityComplianceStatus,
  SecurityCoverage,
  SecurityReport,
  SecurityResult,
  SecuritySummary,
} from "../security.schemas";
import type { SuiteRun } from "./suite";

/**
 * The verdict depends on what was covered: DEPLOYMENT_READY needs no FAIL, the score, AND every operation of the
 * target's OpenAPI document reached or named out of scope with a reason (coverage.complete). A run that left
 * operations unreached is REVIEW_REQUIRED at best, and says which.
 */
export function summarize(
  results: SecurityResult[],
  coverage?: Pick<SecurityCoverage, "complete" | "unprobed" | "operations">,
): { summary: SecuritySummary; governmentReadiness: SecurityReport["governmentReadiness"]; reason: string } {
  const fails = results.filter((r) => r.status === "FAIL");
  const warnings = results.filter((r) => r.status === "WARNING");
  const penalty =
    fails.reduce((n, r) => n + SECURITY_FAIL_PENALTY[r.severity as keyof typeof SECURITY_FAIL_PENALTY], 0) +
    warnings.length * SECURITY_WARNING_PENALTY;
  const overallScore = Math.max(0, 100 - penalty);
  const criticalIssues = fails.filter((r) => r.severity === "CRITICAL").length;
  const securityGrade = criticalIssues > 0 ? "F" : SECURITY_GRADES.find((g) => overallScore >= g.min)!.grade;
  const severe = fails.filter((r) => r.severity === "CRITICAL" || r.severity === "HIGH");
  const notReached = (coverage?.unprobed ?? []).filter((u) => !u.outOfScope);
  const covered = coverage ? coverage.complete && notReached.length === 0 : false;
  const outOfScope = (coverage?.unprobed ?? []).filter((u) => u.outOfScope).length;
  const governmentReadiness =
    fails.length === 0 && overallScore >= SECURITY_DEPLOYMENT_READY_MIN_SCORE && covered
      ? "DEPLOYMENT_READY"
      : severe.length > 0
        ? "NOT_READY"
        : "REVIEW_REQUIRED";
  const reason =
    governmentReadiness === "DEPLOYMENT_READY"
      ? `no check failed, the score is ${overallScore} (≥ ${SECURITY_DEPLOYMENT_READY_MIN_SCORE}) and every one of the ${coverage!.operations} operations was probed${outOfScope ? ` or named out of scope with its reason (${outOfScope})` : ""}; this is the suite's verdict, not a certification`
      : governmentReadiness === "NOT_READY"
        ? `${severe.length} CRITICAL/HIGH check(s) failed: ${severe.map((r) => r.testName).join(", ")}`
        : fails.length > 0
          ? `${fails.length} MEDIUM/LOW check(s) failed: ${fails.map((r) => r.testName).join(", ")}`
          : overallScore < SECURITY_DEPLOYMENT_READY_MIN_SCORE
            ? `the score is ${overallScore}, below ${SECURITY_DEPLOYMENT_READY_MIN_SCORE} (checks that could not be assessed)`
            : !coverage
              ? "the run's coverage is unknown, so it cannot vouch for every operation"
              : `not every operation was covered: ${notReached.length} of ${coverage.operations} not reached (${notReached
                  .slice(0, 5)
                  .map((u) => u.operation)
                  .join(", ")}${notReached.length > 5 ? ", …" : ""}), none named out of scope`;
  const recommendations = [
    ...fails.map((r) => `${r.severity} — ${r.testName}: ${r.recommendation}`),
    ...warnings.map((r) => `WARNING — ${r.testName}: ${r.detail}. ${r.recommendation}`),
  ];
  if (recommendations.length === 0)
    recommendations.push(
      "No finding: keep running the suite on every change; it covers new endpoints from the OpenAPI document by itself.",
    );
  return {
    summary: {
      overallScore,
      securityGrade,
      passedTests: results.filter((r) => r.status === "PASS").length,
      failedTests: fails.length,
      warningTests: warnings.length,
      totalTests: results.length,
      criticalIssues,
      complianceFrameworks: [...SECURITY_COMPLIANCE_FRAMEWORKS],
      recommendations,
    },
    governmentReadiness,
    reason,
  };
}

export function complianceOf(results: SecurityResult[]): SecurityComplianceStatus {
  const byId = new Map(results.map((r) => [r.id, r]));
  const item = (id: string, name: string, checks: SecurityCheckId[]) => {
    const ran = checks.filter((c) => byId.has(c));
    const passed = ran.filter((c) => byId.get(c)!.status === "PASS").length;
    return {
      id,
      name,
      checks: ran,
      passed,
      total: ran.length,
      summary:
        ran.length === 0
          ? "no check of this suite maps here: not assessed"
          : `${passed} of ${ran.length} mapped checks pass`,
    };
  };
  const owaspApiTop10 = OWASP_API_TOP10_2023.map((o) =>
    item(
      o.id,
      o.name,
      SECURITY_CHECKS.filter((c) => (c.owasp as readonly string[]).includes(o.id)).map((c) => c.id),
    ),
  );
  const asvs = (Object.keys(ASVS_403_ITEMS) as (keyof typeof ASVS_403_ITEMS)[]).map((a) =>
    item(
      a,
      ASVS_403_ITEMS[a],
      SECURITY_CHECKS.filter((c) => (c.asvs as readonly string[]).includes(a)).map((c) => c.id),
    ),
  );
  const mapped = results.filter((r) => r.complianceFramework.length > 0);
  const passed = mapped.filter((r) => r.status === "PASS").length;
  const notAssessed = { assessed: false as const, note: SECURITY_NOT_ASSESSED_NOTE };
  return {
    owaspApiTop10,
    asvs: asvs.filter((a) => a.total > 0),
    overall: { passed, total: mapped.length, summary: `${passed} of ${mapped.length} mapped checks pass` },
    nistFramework: notAssessed,
    cisaControls: notAssessed,
    nsaStandards: notAssessed,
    certifications:
      "None. The product holds no security certification; this map says which checks test which OWASP items, nothing more.",
  };
}

export function buildReport(run: SuiteRun, id: number | null = null, ranBy: string | null = null): SecurityReport {
  const { summary, governmentReadiness, reason } = summarize(run.results, run.coverage);
  return {
    id,
    summary,
    scoringRule: SECURITY_SCORING_RULE,
    governmentReadiness,
    governmentReadinessReason: reason,
    complianceStatus: complianceOf(run.results),
    detailedResults: run.results,
    ranAt: run.ranAt,
    durationMs: run.durationMs,
    requestsSent: run.requestsSent,
    target: run.target,
    coverage: run.coverage,
    stoppedBy: run.stoppedBy,
    ranBy,
    notApplicable: run.notApplicable,
  };
}
