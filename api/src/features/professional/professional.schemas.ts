// The HTTP contract of the professional-readiness feature (/professional-blockchain-development): the five
// assessments (each one POST, run for real, stored) and the readiness report computed from their latest runs.
// Every assessment answers the same envelope (kind, label, ranAt, durationMs, passed, score 0-100, summary,
// the scoring rule and its parts) plus its own `detail`. `success` is true when the run completed and was
// stored, whatever it found (a failing assessment is a result, not an error); the POSTs' errors are HTTP
// errors (400 body given, 409 one already running, 429, 503). Chain amounts travel as decimal text.
import { z } from "zod";
import { PROFESSIONAL_KINDS } from "./professional.constants";

export * from "./professional.constants";

const isoTime = z.string().datetime({ offset: true });
const kind = z.enum(PROFESSIONAL_KINDS);

/** One part of an assessment's score, so the page can show what passed and what failed side by side. */
export const assessmentPart = z.object({
  id: z.string(),
  label: z.string(),
  /** "not-run": the part could not run here (the reason in `detail`); it scores 0 and is not a pass. */
  status: z.enum(["pass", "fail", "warning", "not-run"]),
  points: z.number(),
  maxPoints: z.number(),
  detail: z.string(),
});
export type AssessmentPart = z.infer<typeof assessmentPart>;

/** One HTTP exchange a check made against this API (self target), as evidence. */
export const penExchange = z.object({
  method: z.string(),
  path: z.string(),
  /** Request headers that matter to the check (never the self-target token). */
  requestHeaders: z.record(z.string(), z.string()),
  status: z.number().int(),
  /** Response headers that matter to the check. */
  responseHeaders: z.record(z.string(), z.string()),
  /** The body's first 300 characters. */
  bodyExcerpt: z.string(),
  durationMs: z.number(),
});
export type PenExchange = z.infer<typeof penExchange>;

const envelope = z.object({
  /** The run completed and was stored (whatever it found); the spec's toasts read it. */
  success: z.literal(true),
  /** One sentence for the toast ("Security Audit: 3 of 4 parts pass, score 71"). */
  message: z.string(),
  id: z.number().int(),
  kind,
  label: z.string(),
  /** When it ran (its start), ISO. */
  ranAt: isoTime,
  /** Who ran it: the operator's address, or "open (local presenter)"; absent in runs stored before it was kept. */
  ranBy: z.string().nullable().default(null),
  durationMs: z.number().int(),
  passed: z.boolean(),
  /** 0-100, one decimal. */
  score: z.number().min(0).max(100),
  summary: z.string(),
  scoringRule: z.string(),
  parts: z.array(assessmentPart),
});

// ---- security audit ------------------------------------------------------------------------------------

/** What we read of a security-suite run (the security feature's report, its consumed fields only). */
export const securitySuiteDigest = z.object({
  /** "fresh": run by this request; "reused": the latest stored run, newer than SUITE_REUSE_MINUTES. */
  origin: z.enum(["fresh", "reused"]),
  ranAt: isoTime,
  overallScore: z.number(),
  passedTests: z.number().int(),
  totalTests: z.number().int(),
  criticalIssues: z.number().int(),
  results: z.array(z.object({ testName: z.string(), category: z.string(), severity: z.string(), status: z.string() })),
});
export type SecuritySuiteDigest = z.infer<typeof securitySuiteDigest>;

export const securitySuitePart = z.object({
  ran: z.boolean(),
  /** Why not, or what it found. */
  detail: z.string(),
  report: securitySuiteDigest.nullable(),
});
export type SecuritySuitePart = z.infer<typeof securitySuitePart>;

export const solhintFinding = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  ruleId: z.string(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
});
export const solhintPart = z.object({
  ran: z.boolean(),
  detail: z.string(),
  /** The command run (from the repo root). */
  command: z.string(),
  files: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  /** The first 50 findings. */
  findings: z.array(solhintFinding),
});
export type SolhintPart = z.infer<typeof solhintPart>;

/** The contract property tests' record (data/reports/contract-properties.json), as written by the test run. */
export const contractProperties = z.object({
  recordedAt: isoTime,
  passed: z.boolean(),
  tests: z.number().int(),
  failed: z.number().int(),
  commit: z.string().optional(),
  durationMs: z.number().optional(),
  /** Where it was read from (a path relative to the repo root). */
  source: z.string(),
});
export type ContractProperties = z.infer<typeof contractProperties>;
export const propertiesPart = z.object({
  recorded: z.boolean(),
  detail: z.string(),
  record: contractProperties.nullable(),
});

export const npmAdvisoryCounts = z.object({
  info: z.number().int(),
  low: z.number().int(),
  moderate: z.number().int(),
  high: z.number().int(),
  critical: z.number().int(),
  total: z.number().int(),
});
export const dependencyPart = z.object({
  /** False when the advisory service could not be reached (then nothing was audited: not a pass). */
  audited: z.boolean(),
  detail: z.string(),
  command: z.string(),
  /** The registry asked (scheme://host only). */
  registry: z.string(),
  vulnerabilities: npmAdvisoryCounts.nullable(),
  /** Production dependencies counted by npm audit. */
  dependencies: z.number().int().nullable(),
  /** The advisories' package names with their severity (first 50). */
  advisories: z.array(z.object({ name: z.string(), severity: z.string(), title: z.string() })),
});

export const securityAuditResult = envelope.extend({
  kind: z.literal("security-audit"),
  detail: z.object({
    suite: securitySuitePart,
    solhint: solhintPart,
    contractProperties: propertiesPart,
    dependencies: dependencyPart,
  }),
});
export type SecurityAuditResult = z.infer<typeof securityAuditResult>;

// ---- load testing ----------------------------------------------------------------------------------------

export const loadThreshold = z.object({
  /** k6's metric name: http_req_failed or http_req_duration. */
  id: z.string(),
  /** As k6 writes it: "rate<0.01", "p(95)<250". */
  expression: z.string(),
  description: z.string(),
  bound: z.number(),
  measured: z.number().nullable(),
  unit: z.enum(["percent", "ms"]),
  /** True only for a PASS (an INCONCLUSIVE p95 is not a pass). */
  passed: z.boolean(),
  /** PASS, INCONCLUSIVE (p95 within the margin of the bound) or FAIL; null in runs stored before the margin. */
  verdict: z.enum(["PASS", "INCONCLUSIVE", "FAIL"]).nullable().default(null),
});

/** Under what the load test ran: the figures a reader needs before trusting a verdict. */
export const loadConditions = z.object({
  /** Requests sent under load (all of them, failed ones included). */
  requests: z.number().int(),
  /** Concurrent connections held open by the generator. */
  concurrency: z.number().int(),
  /** The length asked for (LOAD_TEST_SECONDS, bounded), and the load's wall-clock length as measured. */
  configuredSeconds: z.number(),
  measuredSeconds: z.number(),
  /** The machine's logical CPUs (os.availableParallelism) and its 1, 5 and 15-minute load averages at the start (os.loadavg; zeros on Windows). */
  cpuCount: z.number().int(),
  loadAverageAtStart: z.tuple([z.number(), z.number(), z.number()]),
  /** process.version of the API (which is also the generator). */
  nodeVersion: z.string(),
  /** Where it ran, in words: in-process against this API, on a machine other work shares. */
  setting: z.string(),
});
export type LoadConditions = z.infer<typeof loadConditions>;

export const loadTestingResult = envelope.extend({
  kind: z.literal("load-testing"),
  detail: z.object({
    tool: z.string(),
    /** Always this API on a loopback port (never another host). */
    target: z.string(),
    /** The GET routes exercised, in turn (read routes without parameters, from the route table). */
    endpoints: z.array(z.string()),
    durationSeconds: z.number(),
    connections: z.number().int(),
    requests: z.object({
      total: z.number().int(),
      perSecond: z.number(),
      ok: z.number().int(),
      failed: z.number().int(),
    }),
    /** From every response's latency (hdr histogram), ms. */
    latencyMs: z.object({
      mean: z.number().nullable(),
      p50: z.number().nullable(),
      p95: z.number().nullable(),
      p99: z.number().nullable(),
      max: z.number().nullable(),
    }),
    /** Failed share in percent: status >= 400, socket errors and timeouts over all requests. */
    errorRatePercent: z.number(),
    errors: z.object({ non2xx: z.number().int(), socketErrors: z.number().int(), timeouts: z.number().int() }),
    /** One request to each endpoint before the load, one at a time, slowest first: which routes make the p95. */
    endpointSamples: z.array(
      z.object({
        path: z.string(),
        status: z.number().int().nullable(),
        ms: z.number().nullable(),
        error: z.string().nullable(),
      }),
    ),
    /** Status code counts ("200": 1234). */
    statusCodes: z.record(z.string(), z.number().int()),
    thresholds: z.array(loadThreshold),
    /** The run's verdict (LOAD_VERDICT_RULE); null in runs stored before the margin. */
    verdict: z.enum(["PASS", "INCONCLUSIVE", "FAIL"]).nullable().default(null),
    verdictRule: z.string().nullable().default(null),
    /** The run's conditions; null in runs stored before they were recorded. */
    conditions: loadConditions.nullable().default(null),
  }),
});
export type LoadTestingResult = z.infer<typeof loadTestingResult>;

/** One load-test run for the history chart. */
export const loadHistoryPoint = z.object({
  id: z.number().int(),
  ranAt: isoTime,
  requestsPerSecond: z.number(),
  p95Ms: z.number().nullable(),
  errorRatePercent: z.number(),
  passed: z.boolean(),
});
export type LoadHistoryPoint = z.infer<typeof loadHistoryPoint>;

// ---- compliance audit ------------------------------------------------------------------------------------

export const complianceRule = z.object({
  id: z.string(),
  /** "GENIUS Act §4" or "XQBUSD contract". */
  group: z.string(),
  rule: z.string(),
  /** Citation. */
  source: z.string(),
  /** What was measured, in words with its figures ("151.2% (collateral $1,512.00 / supply 1,000.00)"). */
  measured: z.string(),
  met: z.boolean(),
  detail: z.string(),
});
export type ComplianceRule = z.infer<typeof complianceRule>;

export const reserveReading = z.object({
  chainId: z.number().int(),
  /** "live": read from the node; "simulated": the node was not live (the reason), nothing could be read. */
  source: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
  blockNumber: z.string().nullable(),
  vault: z.string().nullable(),
  /** Wei held by the vault. */
  ethCollateralWei: z.string(),
  /** USDC base units (6 decimals) held by the vault. */
  usdcCollateral: z.string(),
  /** The feed's answer and its decimals. */
  ethUsdPrice: z.string(),
  feedDecimals: z.number().int(),
  /** USD with 2 decimals, as text. */
  ethValueUsd: z.string(),
  usdcValueUsd: z.string(),
  collateralValueUsd: z.string(),
  /** XQBUSD total supply, base units (18 decimals). */
  xqbusdSupply: z.string(),
  /** Collateral value / supply in percent (null with no supply). */
  reserveRatioPercent: z.number().nullable(),
  ethSharePercent: z.number().nullable(),
  usdcSharePercent: z.number().nullable(),
  /** The vault's own parameters, read from the contract. */
  minCollateralRatioPercent: z.number().nullable(),
  liquidationRatioPercent: z.number().nullable(),
});
export type ReserveReading = z.infer<typeof reserveReading>;

export const complianceAuditResult = envelope.extend({
  kind: z.literal("compliance-audit"),
  detail: z.object({ disclaimer: z.string(), reserves: reserveReading, rules: z.array(complianceRule) }),
});
export type ComplianceAuditResult = z.infer<typeof complianceAuditResult>;

// ---- penetration testing ---------------------------------------------------------------------------------

export const penCheck = z.object({
  id: z.string(),
  label: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  evidence: z.array(penExchange),
});
export type PenCheck = z.infer<typeof penCheck>;
export const penetrationTestingResult = envelope.extend({
  kind: z.literal("penetration-testing"),
  detail: z.object({ suite: securitySuitePart, checks: z.array(penCheck), target: z.string() }),
});
export type PenetrationTestingResult = z.infer<typeof penetrationTestingResult>;

// ---- disaster recovery -----------------------------------------------------------------------------------

/** The dr slice's DrillResult (api/src/db/backup/drill.ts), as stored. */
export const drillResult = z.object({
  startedAt: isoTime,
  finishedAt: isoTime,
  passed: z.boolean(),
  detail: z.string(),
  method: z.enum(["pglite-dump", "pg_dump"]),
  /** `file`: the backup's name in the backup folder (never a server path). */
  backup: z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string(), takenAt: isoTime }),
  tables: z.array(
    z.object({
      name: z.string(),
      rowsSource: z.number().int(),
      rowsRestored: z.number().int(),
      checksumSource: z.string(),
      checksumRestored: z.string(),
      match: z.boolean(),
    }),
  ),
  rtoMs: z.number(),
  chain: z.object({
    ran: z.boolean(),
    detail: z.string(),
    contracts: z.array(
      z.object({
        name: z.string(),
        mapAddress: z.string(),
        redeployedAddress: z.string().nullable(),
        match: z.boolean(),
      }),
    ),
  }),
});
export type DrillResultBody = z.infer<typeof drillResult>;
export const disasterRecoveryResult = envelope.extend({
  kind: z.literal("disaster-recovery"),
  detail: z.object({
    drill: drillResult.nullable(),
    /** Why no drill could run (null when it ran). */
    notRun: z.string().nullable(),
    rtoMs: z.number().nullable(),
    /** Seconds since the last passing drill's backup was taken, computed when read; null with none. */
    rpoSeconds: z.number().nullable(),
    /** When that backup was taken (null with none). */
    lastVerifiedBackupAt: isoTime.nullable(),
  }),
});
export type DisasterRecoveryResult = z.infer<typeof disasterRecoveryResult>;

// ---- any assessment ---------------------------------------------------------------------------------------

export const assessmentResult = z.discriminatedUnion("kind", [
  securityAuditResult,
  loadTestingResult,
  complianceAuditResult,
  penetrationTestingResult,
  disasterRecoveryResult,
]);
export type AssessmentResult = z.infer<typeof assessmentResult>;

/** GET /api/professional/latest/:kind: the last stored run of a kind in full, so a tab shows its findings after a reload. */
export const latestAssessmentParams = z.strictObject({ kind });
export const latestAssessmentResponse = z.object({
  result: assessmentResult.nullable(),
  /** Why `result` is null: never run, or stored in a shape this version no longer reads. */
  note: z.string().nullable(),
});
export type LatestAssessmentResponse = z.infer<typeof latestAssessmentResponse>;

// ---- the readiness report ---------------------------------------------------------------------------------

export const assessmentSummary = z.object({
  kind,
  label: z.string(),
  /**
   * "not run": never run on this database (counts 0). "inconclusive": the load test's p95 fell within the margin of
   * its bound (neither a pass nor a fail; not passed).
   */
  status: z.enum(["passed", "failed", "inconclusive", "not run"]),
  /** The latest run's score, or 0 when never run. */
  score: z.number(),
  passed: z.boolean(),
  summary: z.string(),
  runId: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** When the latest run ran (the spec's timestamp per test); null when never run. */
  timestamp: isoTime.nullable(),
  /** Who ran the latest run (the operator's address or "open (local presenter)"); null when never run or not recorded. */
  ranBy: z.string().nullable(),
  // The spec's optional fields, each the score of its own assessment:
  auditScore: z.number().optional(),
  governmentReadiness: z.string().optional(),
  complianceScore: z.number().optional(),
  overallSecurity: z.number().optional(),
  governmentContinuity: z.number().optional(),
  /** Disaster recovery: RTO of the latest drill and RPO (age of the last verified backup) now. */
  rtoMs: z.number().nullable().optional(),
  rpoSeconds: z.number().nullable().optional(),
});
export type AssessmentSummary = z.infer<typeof assessmentSummary>;

export const industryStandard = z.object({
  name: z.string(),
  version: z.string(),
  usedBy: z.array(kind),
  url: z.string(),
});

export const readinessReport = z.object({
  /** Percent, one decimal, by `rule`. */
  overallReadiness: z.number(),
  colour: z.enum(["green", "yellow", "red"]),
  badge: z.enum(["success", "warning", "destructive"]),
  mainnetRecommendation: z.enum(["NOT_READY", "CONDITIONAL", "READY_FOR_EXTERNAL_AUDIT"]),
  /** Why this recommendation, with the figures. */
  recommendationReason: z.string(),
  /** The rules, in words. */
  rule: z.string(),
  recommendationRule: z.string(),
  scoringRules: z.record(kind, z.string()),
  assessments: z.object({
    "security-audit": assessmentSummary,
    "load-testing": assessmentSummary,
    "compliance-audit": assessmentSummary,
    "penetration-testing": assessmentSummary,
    "disaster-recovery": assessmentSummary,
  }),
  industryStandards: z.array(industryStandard),
  standardsNote: z.string(),
  /** Load-test runs, oldest first (the chart): requests/s, p95, error rate per run. */
  history: z.array(loadHistoryPoint),
  /** The contract property tests' last record, or null with the reason. */
  contractProperties: contractProperties.nullable(),
  contractPropertiesDetail: z.string(),
  asOf: isoTime,
});
export type ReadinessReport = z.infer<typeof readinessReport>;
