// The readiness report, computed from the latest run of each assessment by the stated rules
// (READINESS_RULE, RECOMMENDATION_RULE): never a fixed score. A kind never run counts 0 and is "not run".
import {
  INDUSTRY_STANDARDS,
  LOAD_TEST,
  MAINNET_RECOMMENDATIONS,
  PROFESSIONAL_KINDS,
  PROFESSIONAL_LABELS,
  READINESS_RULE,
  READINESS_THRESHOLDS,
  RECOMMENDATION_RULE,
  SCORING_RULES,
  STANDARDS_NOTE,
  readinessBadge,
  readinessColour,
  type MainnetRecommendation,
  type ProfessionalKind,
} from "./professional.constants";
import {
  assessmentResult,
  type AssessmentSummary,
  type LoadHistoryPoint,
  type ReadinessReport,
} from "./professional.schemas";
import type { PropertiesReading } from "./professional.properties";
import type { ProfessionalRepository, StoredRun } from "./professional.repository";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** RPO: seconds since the last passing drill's backup was taken, as of `now`. */
export function rpoSeconds(backupTakenAt: string | null, now: Date): number | null {
  return backupTakenAt === null
    ? null
    : Math.max(0, Math.round((now.getTime() - new Date(backupTakenAt).getTime()) / 1000));
}

/** The last passing drill's backup time, from the stored disaster-recovery runs (newest first). */
export async function lastVerifiedBackup(repository: ProfessionalRepository): Promise<string | null> {
  for (const run of await repository.recent("disaster-recovery", 50)) {
    if (!run.passed) continue;
    const parsed = assessmentResult.safeParse(run.result);
    if (parsed.success && parsed.data.kind === "disaster-recovery" && parsed.data.detail.drill?.passed)
      return parsed.data.detail.drill.backup.takenAt;
  }
  return null;
}

function summarise(
  kind: ProfessionalKind,
  run: StoredRun | null,
  lastBackupAt: string | null,
  now: Date,
): AssessmentSummary {
  const label = PROFESSIONAL_LABELS[kind];
  if (!run)
    return {
      kind,
      label,
      status: "not run",
      score: 0,
      passed: false,
      summary: `${label}: not run yet (counts 0)`,
      runId: null,
      durationMs: null,
      timestamp: null,
      ranBy: null,
    };
  const parsed = assessmentResult.safeParse(run.result);
  // A load test whose p95 fell within the margin of its bound is neither passed nor failed.
  const inconclusive =
    !run.passed &&
    parsed.success &&
    parsed.data.kind === "load-testing" &&
    parsed.data.detail.verdict === "INCONCLUSIVE";
  const base: AssessmentSummary = {
    kind,
    label,
    status: run.passed ? "passed" : inconclusive ? "inconclusive" : "failed",
    score: round1(run.score),
    passed: run.passed,
    summary: parsed.success ? parsed.data.summary : `${label}: stored run ${run.id}`,
    runId: run.id,
    durationMs: run.durationMs,
    timestamp: run.ranAt.toISOString(),
    ranBy: run.ranBy,
  };
  // The spec's optional fields, each its own assessment's score.
  switch (kind) {
    case "security-audit":
      return { ...base, auditScore: base.score, governmentReadiness: run.passed ? "PASSED" : "NOT_PASSED" };
    case "compliance-audit":
      return { ...base, complianceScore: base.score };
    case "penetration-testing":
      return { ...base, overallSecurity: base.score };
    case "disaster-recovery": {
      const rto = parsed.success && parsed.data.kind === "disaster-recovery" ? parsed.data.detail.rtoMs : null;
      return { ...base, governmentContinuity: base.score, rtoMs: rto, rpoSeconds: rpoSeconds(lastBackupAt, now) };
    }
    default:
      return base;
  }
}

export function recommend(
  overall: number,
  summaries: AssessmentSummary[],
): { recommendation: MainnetRecommendation; reason: string } {
  const notRun = summaries.filter((s) => s.status === "not run").map((s) => s.label);
  const failed = summaries.filter((s) => s.status === "failed").map((s) => s.label);
  const inconclusive = summaries.filter((s) => s.status === "inconclusive").map((s) => s.label);
  if (overall < READINESS_THRESHOLDS.yellow || notRun.length || failed.length || inconclusive.length) {
    const why = [
      overall < READINESS_THRESHOLDS.yellow
        ? `overall readiness ${overall}% is below ${READINESS_THRESHOLDS.yellow}%`
        : null,
      failed.length ? `failed: ${failed.join(", ")}` : null,
      inconclusive.length ? `inconclusive (run again): ${inconclusive.join(", ")}` : null,
      notRun.length ? `not run: ${notRun.join(", ")}` : null,
    ].filter(Boolean);
    return { recommendation: MAINNET_RECOMMENDATIONS.notReady, reason: why.join("; ") };
  }
  if (overall < READINESS_THRESHOLDS.green)
    return {
      recommendation: MAINNET_RECOMMENDATIONS.conditional,
      reason: `every assessment passed, overall readiness ${overall}% is below ${READINESS_THRESHOLDS.green}%`,
    };
  return {
    recommendation: MAINNET_RECOMMENDATIONS.readyForAudit,
    reason: `every assessment passed and overall readiness is ${overall}%; an external audit is still needed before a mainnet launch`,
  };
}

export function loadHistory(runs: StoredRun[]): LoadHistoryPoint[] {
  const points: LoadHistoryPoint[] = [];
  for (const run of [...runs].reverse()) {
    const parsed = assessmentResult.safeParse(run.result);
    if (!parsed.success || parsed.data.kind !== "load-testing") continue;
    const d = parsed.data.detail;
    points.push({
      id: run.id,
      ranAt: run.ranAt.toISOString(),
      requestsPerSecond: d.requests.perSecond,
      p95Ms: d.latencyMs.p95,
      errorRatePercent: d.errorRatePercent,
      passed: run.passed,
    });
  }
  return points;
}

export async function buildReadinessReport(
  repository: ProfessionalRepository,
  properties: PropertiesReading,
  now: Date,
): Promise<ReadinessReport> {
  const [latest, loads, lastBackupAt] = await Promise.all([
    Promise.all(PROFESSIONAL_KINDS.map((k) => repository.latest(k))),
    repository.recent("load-testing", LOAD_TEST.historyRuns),
    lastVerifiedBackup(repository),
  ]);
  const summaries = PROFESSIONAL_KINDS.map((k, i) => summarise(k, latest[i] ?? null, lastBackupAt, now));
  const overall = round1(summaries.reduce((s, a) => s + a.score, 0) / summaries.length);
  const { recommendation, reason } = recommend(overall, summaries);
  const byKind = Object.fromEntries(summaries.map((s) => [s.kind, s])) as ReadinessReport["assessments"];
  return {
    overallReadiness: overall,
    colour: readinessColour(overall),
    badge: readinessBadge(overall),
    mainnetRecommendation: recommendation,
    recommendationReason: reason,
    rule: READINESS_RULE,
    recommendationRule: RECOMMENDATION_RULE,
    scoringRules: SCORING_RULES,
    assessments: byKind,
    industryStandards: INDUSTRY_STANDARDS.map((s) => ({ ...s, usedBy: [...s.usedBy] })),
    standardsNote: STANDARDS_NOTE,
    history: loadHistory(loads),
    contractProperties: properties.record,
    contractPropertiesDetail: properties.detail,
    asOf: now.toISOString(),
  };
}
