// Test data for the professional page, parsed with the API's own schemas so a drift in the contract fails here
// first. Hand-made until the API's recorded samples (api/src/features/professional/testing/samples/) exist.
import {
  complianceAuditResult,
  disasterRecoveryResult,
  INDUSTRY_STANDARDS,
  loadTestingResult,
  penetrationTestingResult,
  PROFESSIONAL_KINDS,
  PROFESSIONAL_LABELS,
  readinessReport,
  LOAD_VERDICT_RULE,
  READINESS_RULE,
  RECOMMENDATION_RULE,
  SCORING_RULES,
  securityAuditResult,
  STANDARDS_NOTE,
  type AssessmentResult,
  type AssessmentSummary,
  type ProfessionalKind,
  type ReadinessReport,
} from "../../../../../api/src/features/professional/professional.schemas";
import { authContract } from "../../../../../api/src/features/auth/auth.contract";
import { networkContract } from "../../../../../api/src/features/network/network.contract";

const T = (s: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, s)).toISOString();
/** The operator who ran the fixtures' assessments (dev account #0's address). */
export const OPERATOR = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const envelope = (kind: ProfessionalKind, id: number, score: number, passed: boolean, summary: string) => ({
  success: true as const,
  message: `${PROFESSIONAL_LABELS[kind]}: ${summary}`,
  id,
  kind,
  label: PROFESSIONAL_LABELS[kind],
  ranAt: T(id),
  ranBy: OPERATOR,
  durationMs: 1234,
  passed,
  score,
  summary,
  scoringRule: SCORING_RULES[kind],
});

const suite = {
  ran: true,
  detail: "Comprehensive run: 11 of 12 tests pass",
  report: {
    origin: "fresh" as const,
    ranAt: T(1),
    overallScore: 91.7,
    passedTests: 11,
    totalTests: 12,
    criticalIssues: 0,
    results: [
      { testName: "SIWE wrong signature refused", category: "AUTHENTICATION", severity: "OK", status: "PASS" },
      { testName: "Session cookie flags", category: "AUTHENTICATION", severity: "MEDIUM", status: "WARNING" },
      { testName: "Reflected XSS in query", category: "XSS", severity: "HIGH", status: "FAIL" },
    ],
  },
};

export const securityAudit = securityAuditResult.parse({
  ...envelope("security-audit", 11, 62.9, false, "2 of 4 parts pass"),
  parts: [
    { id: "suite", label: "Security suite", status: "pass", points: 22.9, maxPoints: 25, detail: "91.7 / 100" },
    { id: "solhint", label: "solhint", status: "pass", points: 25, maxPoints: 25, detail: "0 errors, 0 warnings" },
    {
      id: "properties",
      label: "Contract property tests",
      status: "not-run",
      points: 0,
      maxPoints: 25,
      detail: "never recorded on this machine (run npm run test:contracts)",
    },
    {
      id: "dependencies",
      label: "Dependency audit",
      status: "not-run",
      points: 0,
      maxPoints: 25,
      detail: "advisory service unreachable: dependencies not audited",
    },
  ],
  detail: {
    suite,
    solhint: {
      ran: true,
      detail: "0 errors, 2 warnings in 14 files",
      command: "npx solhint --formatter json 'contracts/**/*.sol'",
      files: 14,
      errors: 0,
      warnings: 2,
      findings: [
        {
          file: "contracts/treasury/Vault.sol",
          line: 42,
          ruleId: "gas-custom-errors",
          severity: "warning",
          message: "Use custom errors",
        },
      ],
    },
    contractProperties: {
      recorded: false,
      detail: "never recorded on this machine (run npm run test:contracts)",
      record: null,
    },
    dependencies: {
      audited: false,
      detail: "advisory service unreachable: dependencies not audited",
      command: "npm audit --json --omit=dev",
      registry: "http://127.0.0.1:9",
      vulnerabilities: null,
      dependencies: null,
      advisories: [],
    },
  },
});

export const loadTesting = loadTestingResult.parse({
  ...envelope("load-testing", 12, 50, false, "1 of 2 thresholds met"),
  parts: [
    {
      id: "http_req_failed",
      label: "http_req_failed rate<0.01",
      status: "pass",
      points: 50,
      maxPoints: 50,
      detail: "0% failed",
    },
    {
      id: "http_req_duration",
      label: "http_req_duration p(95)<250",
      status: "fail",
      points: 0,
      maxPoints: 50,
      detail: "p95 312.5 ms",
    },
  ],
  detail: {
    tool: "autocannon 8",
    target: "http://127.0.0.1:40123 (this API)",
    endpoints: ["/api/network", "/api/unified/status", "/api/testnet/status"],
    endpointSamples: [
      { path: "/api/testnet/status", status: 200, ms: 41.2, error: null },
      { path: "/api/unified/status", status: 200, ms: 12.9, error: null },
      { path: "/api/network", status: 200, ms: 3.1, error: null },
    ],
    durationSeconds: 5,
    connections: 10,
    requests: { total: 4321, perSecond: 864.2, ok: 4321, failed: 0 },
    latencyMs: { mean: 11.5, p50: 8.25, p95: 312.5, p99: 401.75, max: 512 },
    errorRatePercent: 0,
    errors: { non2xx: 0, socketErrors: 0, timeouts: 0 },
    statusCodes: { "200": 4321 },
    thresholds: [
      {
        id: "http_req_failed",
        expression: "rate<0.01",
        description: "share of requests that failed below 1%",
        bound: 1,
        measured: 0,
        unit: "percent",
        passed: true,
      },
      {
        id: "http_req_duration",
        expression: "p(95)<250",
        description: "95th percentile below 250 ms",
        bound: 250,
        measured: 312.5,
        unit: "ms",
        passed: false,
      },
    ],
  },
});

/** The issue's run: p95 246.7 ms against 250 ms, within the 10% margin: INCONCLUSIVE, not passed; with its conditions. */
export const loadTestingInconclusive = loadTestingResult.parse({
  ...loadTesting,
  id: 16,
  ranAt: T(16),
  durationMs: 5321,
  summary: "Load Testing: INCONCLUSIVE (within 10% of the target): p95 246.7 ms against 250 ms",
  message: "Load Testing: INCONCLUSIVE (within 10% of the target): p95 246.7 ms against 250 ms; score 50 (not passed)",
  detail: {
    ...loadTesting.detail,
    latencyMs: { ...loadTesting.detail.latencyMs, p95: 246.7 },
    thresholds: [
      { ...loadTesting.detail.thresholds[0]!, verdict: "PASS" },
      { ...loadTesting.detail.thresholds[1]!, measured: 246.7, passed: false, verdict: "INCONCLUSIVE" },
    ],
    verdict: "INCONCLUSIVE",
    verdictRule: LOAD_VERDICT_RULE,
    conditions: {
      requests: 4321,
      concurrency: 10,
      configuredSeconds: 5,
      measuredSeconds: 5.07,
      cpuCount: 2,
      loadAverageAtStart: [1.52, 0.98, 0.61],
      nodeVersion: "v20.20.0",
      setting:
        "in-process: autocannon ran inside this API's own Node process against it on a loopback port, so the generator and the server shared the machine's CPUs with each other and with whatever else ran on it (a shared machine: another run may differ by more than the margin)",
    },
  },
});

export const complianceAudit = complianceAuditResult.parse({
  ...envelope("compliance-audit", 13, 60, false, "3 of 5 rules met"),
  parts: [],
  detail: {
    disclaimer:
      "Our reading of the GENIUS Act's section 4 reserve requirements, applied to what the chain shows; not legal advice and not a regulator's finding.",
    reserves: {
      chainId: 31337,
      source: "live",
      reason: null,
      blockNumber: "120",
      vault: "0x0000000000000000000000000000000000000abc",
      ethCollateralWei: "1500000000000000000",
      usdcCollateral: "1000000000",
      ethUsdPrice: "300000000000",
      feedDecimals: 8,
      ethValueUsd: "4500.00",
      usdcValueUsd: "1000.00",
      collateralValueUsd: "5500.00",
      xqbusdSupply: "3000000000000000000000",
      reserveRatioPercent: 183.33,
      ethSharePercent: 81.82,
      usdcSharePercent: 18.18,
      minCollateralRatioPercent: 150,
      liquidationRatioPercent: 130,
    },
    rules: [
      {
        id: "genius-1to1",
        group: "GENIUS Act §4",
        rule: "Reserves at least 1:1",
        source: "S. 1582 §4(a)(1)(A)",
        measured: "183.33%",
        met: true,
        detail: "",
      },
      {
        id: "genius-assets",
        group: "GENIUS Act §4",
        rule: "Reserves only in permitted assets",
        source: "S. 1582 §4(a)(1)(A)(i)-(vii)",
        measured: "ETH 81.82%, USDC 18.18%",
        met: false,
        detail: "ETH and USDC are not permitted reserve assets",
      },
      {
        id: "genius-disclosure",
        group: "GENIUS Act §4",
        rule: "Monthly public disclosure examined by an accountant",
        source: "S. 1582 §4(a)(3)",
        measured: "no monthly examined report",
        met: false,
        detail: "",
      },
      {
        id: "contract-150",
        group: "XQBUSD contract",
        rule: "150% minimum ratio enforced",
        source: "contracts/treasury",
        measured: "150%",
        met: true,
        detail: "",
      },
      {
        id: "contract-backed",
        group: "XQBUSD contract",
        rule: "Every XQBUSD backed",
        source: "chain",
        measured: "$5,500.00 for 3,000 XQBUSD",
        met: true,
        detail: "",
      },
    ],
  },
});

const exchange = (status: number, path: string = networkContract.network.path) => ({
  method: "GET",
  path,
  requestHeaders: { Host: "127.0.0.1:3000" },
  status,
  responseHeaders: { "content-security-policy": "default-src 'self'" },
  bodyExcerpt: status === 403 ? '{"code":"HOST_NOT_ALLOWED"}' : "{}",
  durationMs: 3.2,
});

export const penetrationTesting = penetrationTestingResult.parse({
  ...envelope("penetration-testing", 14, 70.8, false, "5 of 6 checks pass; suite has a FAIL"),
  parts: [],
  detail: {
    suite: { ...suite, report: { ...suite.report, origin: "reused" } },
    target: "http://127.0.0.1:40123 (this API)",
    checks: [
      {
        id: "host-allow-list",
        label: "Host allow-list",
        passed: true,
        detail: "A foreign Host got 403 HOST_NOT_ALLOWED",
        evidence: [exchange(403)],
      },
      {
        id: "rate-limit",
        label: "Write rate limit",
        passed: false,
        detail: "61 writes, no 429",
        evidence: [exchange(200, authContract.logout.path)],
      },
    ],
  },
});

export const disasterRecovery = disasterRecoveryResult.parse({
  ...envelope("disaster-recovery", 15, 100, true, "restored and compared: 2 of 2 tables match"),
  parts: [],
  detail: {
    drill: {
      startedAt: T(15),
      finishedAt: T(17),
      passed: true,
      detail: "every table matches; chain side redeployed to the same addresses",
      method: "pglite-dump",
      backup: {
        file: "data/backups/2026-11-24T10-00-15.tar.gz",
        bytes: 1536000,
        sha256: "ab".repeat(32),
        takenAt: T(15),
      },
      tables: [
        {
          name: "mints",
          rowsSource: 12,
          rowsRestored: 12,
          checksumSource: "c0ffee".repeat(5),
          checksumRestored: "c0ffee".repeat(5),
          match: true,
        },
        {
          name: "professional_runs",
          rowsSource: 4,
          rowsRestored: 4,
          checksumSource: "beef".repeat(8),
          checksumRestored: "beef".repeat(8),
          match: true,
        },
      ],
      rtoMs: 1850,
      chain: {
        ran: true,
        detail: "2 of 2 contracts at the map's addresses",
        contracts: [
          {
            name: "XQBToken",
            mapAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
            redeployedAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
            match: true,
          },
        ],
      },
    },
    notRun: null,
    rtoMs: 1850,
    rpoSeconds: 754,
    lastVerifiedBackupAt: T(15),
  },
});

export const RESULTS: Record<ProfessionalKind, AssessmentResult> = {
  "security-audit": securityAudit,
  "load-testing": loadTesting,
  "compliance-audit": complianceAudit,
  "penetration-testing": penetrationTesting,
  "disaster-recovery": disasterRecovery,
};

const summaryOf = (r: AssessmentResult | null, kind: ProfessionalKind): AssessmentSummary =>
  r
    ? {
        kind,
        label: r.label,
        status: r.passed
          ? "passed"
          : r.kind === "load-testing" && r.detail.verdict === "INCONCLUSIVE"
            ? "inconclusive"
            : "failed",
        score: r.score,
        passed: r.passed,
        summary: r.summary,
        runId: r.id,
        durationMs: r.durationMs,
        timestamp: r.ranAt,
        ranBy: r.ranBy,
      }
    : {
        kind,
        label: PROFESSIONAL_LABELS[kind],
        status: "not run",
        score: 0,
        passed: false,
        summary: "not run",
        runId: null,
        durationMs: null,
        timestamp: null,
        ranBy: null,
      };

/** A report from the given latest runs (the rest never run), its readiness the mean of the five scores. */
export function report(
  latest: Partial<Record<ProfessionalKind, AssessmentResult>> = {},
  overrides: Partial<ReadinessReport> = {},
): ReadinessReport {
  const assessments = Object.fromEntries(
    PROFESSIONAL_KINDS.map((k) => [k, summaryOf(latest[k] ?? null, k)]),
  ) as ReadinessReport["assessments"];
  const overall = Math.round((PROFESSIONAL_KINDS.reduce((s, k) => s + assessments[k].score, 0) / 5) * 10) / 10;
  const colour = overall >= 90 ? "green" : overall >= 75 ? "yellow" : "red";
  return readinessReport.parse({
    overallReadiness: overall,
    colour,
    badge: { green: "success", yellow: "warning", red: "destructive" }[colour],
    mainnetRecommendation: overall >= 90 ? "READY_FOR_EXTERNAL_AUDIT" : overall >= 75 ? "CONDITIONAL" : "NOT_READY",
    recommendationReason: `overallReadiness ${overall}%`,
    rule: READINESS_RULE,
    recommendationRule: RECOMMENDATION_RULE,
    scoringRules: SCORING_RULES,
    assessments,
    industryStandards: INDUSTRY_STANDARDS,
    standardsNote: STANDARDS_NOTE,
    history: [
      { id: 3, ranAt: T(3), requestsPerSecond: 900.5, p95Ms: 120, errorRatePercent: 0, passed: true },
      { id: 12, ranAt: T(12), requestsPerSecond: 864.2, p95Ms: 312.5, errorRatePercent: 0, passed: false },
    ],
    contractProperties: null,
    contractPropertiesDetail: "never recorded on this machine (run npm run test:contracts)",
    asOf: T(30),
    ...overrides,
  });
}
