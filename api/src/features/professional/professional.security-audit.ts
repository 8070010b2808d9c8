// Security audit: the security suite, solhint, the contract property tests' last record and the dependency
// audit, run side by side, each a part of 25 points by the stated rule (SCORING_RULES["security-audit"]).
import { PROFESSIONAL_LABELS } from "./professional.constants";
import type { AssessmentPart, SecurityAuditResult } from "./professional.schemas";
import { readContractProperties } from "./professional.properties";
import { suitePart, type SecuritySuite } from "./professional.suite";
import { runDependencyAudit, runSolhint } from "./professional.tools";

export type SecurityAuditDetail = SecurityAuditResult["detail"];

export interface SecurityAuditOptions {
  security?: SecuritySuite;
  /** Who runs the audit: the suite it starts is theirs too. */
  ranBy: string;
  npmAuditRegistry: string;
  propertiesFile?: string;
  now: Date;
  solhintTimeoutMs?: number;
  auditTimeoutMs?: number;
}

export function scoreSecurityAudit(d: SecurityAuditDetail): AssessmentPart[] {
  const suite = d.suite.report;
  const suiteFails = suite ? suite.results.filter((r) => r.status === "FAIL").length : 0;
  const v = d.dependencies.vulnerabilities;
  return [
    {
      id: "security-suite",
      label: "Security suite (this API over HTTP)",
      status: !suite
        ? "not-run"
        : suiteFails > 0
          ? "fail"
          : suite.results.some((r) => r.status === "WARNING")
            ? "warning"
            : "pass",
      points: suite ? Math.round(suite.overallScore * 0.25 * 10) / 10 : 0,
      maxPoints: 25,
      detail: d.suite.detail,
    },
    {
      id: "solhint",
      label: "solhint over contracts/**/*.sol",
      status: !d.solhint.ran ? "not-run" : d.solhint.errors > 0 ? "fail" : d.solhint.warnings > 0 ? "warning" : "pass",
      points: !d.solhint.ran || d.solhint.errors > 0 ? 0 : Math.max(15, 25 - d.solhint.warnings),
      maxPoints: 25,
      detail: d.solhint.detail,
    },
    {
      id: "contract-properties",
      label: "Contract property tests (last record)",
      status: !d.contractProperties.record ? "not-run" : d.contractProperties.record.passed ? "pass" : "fail",
      points: d.contractProperties.record?.passed ? 25 : 0,
      maxPoints: 25,
      detail: d.contractProperties.detail,
    },
    {
      id: "dependencies",
      label: "Dependency audit (npm audit, production)",
      status:
        !d.dependencies.audited || !v
          ? "not-run"
          : v.high + v.critical > 0
            ? "fail"
            : v.moderate > 0
              ? "warning"
              : "pass",
      points: !d.dependencies.audited || !v || v.high + v.critical > 0 ? 0 : v.moderate > 0 ? 15 : 25,
      maxPoints: 25,
      detail: d.dependencies.detail,
    },
  ];
}

export async function runSecurityAudit(
  o: SecurityAuditOptions,
): Promise<{ detail: SecurityAuditDetail; parts: AssessmentPart[]; score: number; passed: boolean; summary: string }> {
  const [suite, solhint, properties, dependencies] = await Promise.all([
    suitePart(o.security, o.now, o.ranBy),
    runSolhint(o.solhintTimeoutMs),
    readContractProperties(o.propertiesFile),
    runDependencyAudit(o.npmAuditRegistry, o.auditTimeoutMs),
  ]);
  const detail: SecurityAuditDetail = {
    suite,
    solhint,
    contractProperties: { recorded: properties.record !== null, detail: properties.detail, record: properties.record },
    dependencies,
  };
  const parts = scoreSecurityAudit(detail);
  const score = Math.round(parts.reduce((s, p) => s + p.points, 0) * 10) / 10;
  const passing = parts.filter((p) => p.status === "pass").length;
  return {
    detail,
    parts,
    score,
    passed: passing === parts.length,
    summary: `${PROFESSIONAL_LABELS["security-audit"]}: ${passing} of ${parts.length} parts pass (${
      parts
        .filter((p) => p.status !== "pass")
        .map((p) => `${p.id} ${p.status}`)
        .join(", ") || "none failing"
    })`,
  };
}
