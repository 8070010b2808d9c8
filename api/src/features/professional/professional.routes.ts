// The professional readiness feature (/professional-blockchain-development): five assessments, each run for
// real on POST and stored (professional_runs), and the readiness report computed from their latest runs.
// Operator routes: every run stores who ran it (ranBy), which every visitor then reads. One run per kind at a
// time and a bound on heavy jobs in total (shared/heavy-jobs.ts: a second is 429 RATE_LIMITED with
// Retry-After); the POSTs take no body (400), and are writes (rate-limited, same-origin). Every probe goes to
// this API on a loopback port (selfTarget): no request chooses a target.
import { momentary } from "../../shared/moment-cache";
import type { Config } from "../../config";
import type { Database, Db } from "../../db/client";
import type { Request } from "express";
import { ranByOf, type Caller } from "../../http/access";
import { createHeavyJobs, type HeavyJobs } from "../../shared/heavy-jobs";
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { requireNoBody } from "../../http/validate";
import type { EvmChain } from "../../ledgers/evm";
import type { LedgerSelector } from "../../ledgers/selector";
import { runComplianceAudit } from "./professional.compliance";
import { professionalContract as c } from "./professional.contract";
import { runDrAssessment, type DrillRunner } from "./professional.dr";
import { readEndpoints, runLoadTest } from "./professional.load-test";
import { runPenetrationTest, type SelfTargetRunner } from "./professional.pen-test";
import { readContractProperties } from "./professional.properties";
import { buildReadinessReport } from "./professional.readiness";
import { createProfessionalRepository } from "./professional.repository";
import {
  complianceAuditResult,
  disasterRecoveryResult,
  loadTestingResult,
  penetrationTestingResult,
  readinessReport,
  assessmentResult,
  latestAssessmentParams,
  latestAssessmentResponse,
  securityAuditResult,
  type AssessmentPart,
  type AssessmentResult,
} from "./professional.schemas";
import { LOAD_TEST, PROFESSIONAL_LABELS, SCORING_RULES, type ProfessionalKind } from "./professional.constants";
import { runSecurityAudit } from "./professional.security-audit";
import type { SecuritySuite } from "./professional.suite";

export type { SecuritySuite, SecurityReportLike } from "./professional.suite";
export type { DrillRunner } from "./professional.dr";

export interface ProfessionalDeps {
  db: Db;
  /** The EVM selector: the compliance audit reads the vault and XQBUSD from the chain (live only). */
  evm: LedgerSelector<EvmChain>;
  chainId: number;
  /** This app on a loopback port while `fn` runs (createApp's selfTarget). */
  selfTarget: SelfTargetRunner;
  /** The app's route table (read lazily: it includes this router's routes), for the load test's endpoints. */
  routes: () => readonly RouteDef[];
  /** The security router's exports (wired in app.ts); absent: the suite parts say so and score 0. */
  security?: SecuritySuite;
  /** The dr slice's drill (api/src/db/backup/drill.ts), wired in app.ts; absent: the DR run says so. */
  drill?: DrillRunner;
  database: Database;
  config: Pick<Config, "databaseUrl" | "pgliteDir" | "rateLimitWritesPerMinute" | "jsonBodyLimit" | "professional">;
  /** Where the drill keeps its backups (config.backup.dir: beside the stack's data folder). */
  backupDir?: string;
  /** How many backups that folder keeps (config.backup.keep). */
  backupKeep?: number;
  /** The app's bound on heavy jobs (shared/heavy-jobs.ts); default one of its own. */
  jobs?: HeavyJobs;
  /** The contract property tests' record (default data/reports/contract-properties.json). */
  propertiesFile?: string;
  /** Load test length override (tests bound it to ~2 s); default config.professional.loadTestSeconds. */
  loadTestSeconds?: number;
  now?: () => Date;
}

/** What the mainnet-readiness feature reads (shared-context: the professional router's exports). */
export interface ProfessionalExports {
  latest(
    kind: ProfessionalKind,
  ): Promise<{ ranAt: string; passed: boolean; score: number; summary: string; ranBy: string | null } | null>;
  readiness(): Promise<{ overallReadiness: number; mainnetRecommendation: string; asOf: string }>;
  contractProperties(): Promise<{
    recordedAt: string;
    passed: boolean;
    tests: number;
    failed: number;
    source: string;
  } | null>;
  /**
   * The compliance audit's rules computed now from the chain, stored nowhere (the same rules the audit runs; one
   * reading for a moment for every caller).
   */
  complianceNow(): Promise<{
    disclaimer: string;
    source: "live" | "simulated";
    reason: string | null;
    blockNumber: string | null;
    rules: { id: string; group: string; rule: string; source: string; measured: string; met: boolean }[];
  }>;
}

/** The result of one kind: what its route's response schema validates. */
type ResultOf<K extends ProfessionalKind> = Extract<AssessmentResult, { kind: K }>;

interface Outcome {
  detail: unknown;
  parts: AssessmentPart[];
  score: number;
  passed: boolean;
  summary: string;
}

/** Roughly how long each assessment takes here (for Retry-After while one runs); measured, see README. */
const EXPECTED_SECONDS: Record<ProfessionalKind, number> = {
  "security-audit": 45,
  "load-testing": LOAD_TEST.maxSeconds + 5,
  "compliance-audit": 5,
  "penetration-testing": 30,
  "disaster-recovery": 35,
};

export function createProfessionalRouter(deps: ProfessionalDeps): FeatureRouter & { exports: ProfessionalExports } {
  const now = deps.now ?? (() => new Date());
  const repository = createProfessionalRepository(deps.db);
  const jobs = deps.jobs ?? createHeavyJobs();

  /** Runs one assessment (one of a kind at a time), stores it in one INSERT and answers what was stored. */
  async function assess<K extends ProfessionalKind>(
    kind: K,
    ranBy: string,
    run: (startedAt: Date, ranBy: string) => Promise<Outcome>,
  ): Promise<ResultOf<K>> {
    const label = PROFESSIONAL_LABELS[kind];
    return jobs.run({ kind: `professional:${kind}`, label, expectedSeconds: EXPECTED_SECONDS[kind] }, async () => {
      const startedAt = now();
      const started = performance.now();
      const o = await run(startedAt, ranBy);
      const durationMs = Math.round(performance.now() - started);
      const stored = await repository.insert({
        kind,
        ranAt: startedAt,
        durationMs,
        passed: o.passed,
        score: o.score,
        ranBy,
        result: (id) => ({
          success: true,
          message: `${o.summary}; score ${o.score}${o.passed ? "" : " (not passed)"}`,
          id,
          kind,
          label,
          ranAt: startedAt.toISOString(),
          ranBy,
          durationMs,
          passed: o.passed,
          score: o.score,
          summary: o.summary,
          scoringRule: SCORING_RULES[kind],
          parts: o.parts,
          detail: o.detail,
        }),
      });
      return stored.result as ResultOf<K>;
    });
  }

  const loadSeconds = () =>
    Math.min(LOAD_TEST.maxSeconds, Math.max(1, deps.loadTestSeconds ?? deps.config.professional.loadTestSeconds));
  const properties = () => readContractProperties(deps.propertiesFile);
  // The report the page polls, once for a moment for every visitor; an assessment stored renews it at once.
  const report = momentary(async () => buildReadinessReport(repository, await properties(), now()));

  const exports: ProfessionalExports = {
    async latest(kind) {
      const run = await repository.latest(kind);
      if (!run) return null;
      const summary = (run.result as { summary?: unknown }).summary;
      return {
        ranAt: run.ranAt.toISOString(),
        passed: run.passed,
        score: run.score,
        summary: typeof summary === "string" ? summary : `${PROFESSIONAL_LABELS[kind]} run ${run.id}`,
        ranBy: run.ranBy,
      };
    },
    async readiness() {
      const r = await buildReadinessReport(repository, await properties(), now());
      return { overallReadiness: r.overallReadiness, mainnetRecommendation: r.mainnetRecommendation, asOf: r.asOf };
    },
    async contractProperties() {
      return (await properties()).record;
    },
    complianceNow: momentary(async () => {
      const { detail } = await runComplianceAudit(deps.evm, deps.chainId);
      return {
        disclaimer: detail.disclaimer,
        source: detail.reserves.source,
        reason: detail.reserves.reason,
        blockNumber: detail.reserves.blockNumber,
        rules: detail.rules,
      };
    }, 5000),
  };

  /** An assessment's route: no body (400), then the run, stored as the caller's. */
  const runAs =
    <K extends ProfessionalKind>(kind: K, run: (startedAt: Date, ranBy: string) => Promise<Outcome>) =>
    ({ req, caller }: { req: Request; caller: Caller }) => {
      requireNoBody(req);
      return assess(kind, ranByOf(caller), run);
    };

  return {
    feature: "professional",
    routes: [
      implement(c.readinessReport, {
        response: readinessReport,
        handler: report,
      }),
      implement(c.latest, {
        params: latestAssessmentParams,
        response: latestAssessmentResponse,
        handler: async ({ params }) => {
          const stored = await repository.latest(params.kind);
          if (!stored)
            return { result: null, note: `${PROFESSIONAL_LABELS[params.kind]} has not run on this database yet` };
          // A row written by an older version may lack a field this one requires: say so rather than answer a 500.
          const parsed = assessmentResult.safeParse(stored.result);
          return parsed.success
            ? { result: parsed.data, note: null }
            : { result: null, note: `the stored run #${stored.id} is in an older shape; run it again` };
        },
      }),
      implement(c.securityAudit, {
        response: securityAuditResult,
        handler: runAs("security-audit", (startedAt, ranBy) =>
          runSecurityAudit({
            security: deps.security,
            ranBy,
            npmAuditRegistry: deps.config.professional.npmAuditRegistry,
            propertiesFile: deps.propertiesFile,
            now: startedAt,
          }),
        ),
      }),
      implement(c.loadTesting, {
        response: loadTestingResult,
        handler: runAs("load-testing", () =>
          deps.selfTarget((t) => runLoadTest(t, readEndpoints(deps.routes()), loadSeconds())),
        ),
      }),
      implement(c.complianceAudit, {
        response: complianceAuditResult,
        handler: runAs("compliance-audit", () => runComplianceAudit(deps.evm, deps.chainId)),
      }),
      implement(c.penetrationTesting, {
        response: penetrationTestingResult,
        handler: runAs("penetration-testing", (startedAt, ranBy) =>
          runPenetrationTest({
            selfTarget: deps.selfTarget,
            security: deps.security,
            ranBy,
            rateLimitWritesPerMinute: deps.config.rateLimitWritesPerMinute,
            jsonBodyLimit: deps.config.jsonBodyLimit,
            now: startedAt,
          }),
        ),
      }),
      implement(c.disasterRecovery, {
        response: disasterRecoveryResult,
        handler: runAs("disaster-recovery", (startedAt) =>
          runDrAssessment({
            drill: deps.drill,
            database: deps.database,
            config: deps.config,
            backupDir: deps.backupDir,
            backupKeep: deps.backupKeep,
            chainId: deps.chainId,
            now: startedAt,
            repository,
          }),
        ),
      }),
    ],
    exports,
  };
}
