// The security suite's routes (/government-security-dashboard): the four individual tests, the comprehensive
// run and the last stored report. Every run probes this API and nothing else: the self target (this very app
// on a loopback socket) is the only place probes go, and no body or query is accepted. Runs are operator
// routes and writes (rate-limited, same-origin; the GETs too, since they send writes), one at a time within the
// app's bound on heavy jobs (shared/heavy-jobs.ts: 429 RATE_LIMITED with Retry-After); each stores who ran it.
import type { Db } from "../../db/client";
import { ranByOf } from "../../http/access";
import { HttpError } from "../../http/errors";
import { createHeavyJobs, type HeavyJobs } from "../../shared/heavy-jobs";
import { implement, type FeatureRouter } from "../../http/route";
import { requireNoBody } from "../../http/validate";
import type { HttpExchange, HttpSendOptions } from "../../http/self-target";
import { buildReport } from "./engine/scoring";
import { runSecuritySuite, type RecordCounter, type SuiteRun } from "./engine/suite";
import { securityContract, securityTests } from "./security.contract";
import { createSecurityRepository } from "./security.repository";
import {
  SECURITY_KIND_CATEGORY,
  SECURITY_TEST_KINDS,
  securityLatestQuery,
  securityLatestResponse,
  securityReport,
  securityTestQuery,
  securityTestResponse,
  type SecurityReport,
  type SecurityTestKind,
  type SecurityTestResponse,
} from "./security.schemas";
import type { ProbeBudget } from "./engine/prober";

/** What the suite needs of a self target (api/src/http/self-target.ts). */
export interface SecurityTarget {
  baseUrl: string;
  host: string;
  send(path: string, options?: HttpSendOptions): Promise<HttpExchange>;
}

export interface SecurityDeps {
  db: Db;
  /** Runs `fn` against this API over a loopback socket (createApp's selfTarget). */
  selfTarget: <T>(fn: (target: SecurityTarget) => Promise<T>) => Promise<T>;
  /** The chain id SIWE messages name (config.evm.chainId). */
  chainId: number;
  /** The local chain URL the dapp signs through (hardhat network only), or null. */
  chainRpcUrl: string | null;
  /** Rows per table; default: every table of this database (security.repository.ts). */
  recordCounter?: RecordCounter;
  budget?: Partial<ProbeBudget>;
  /** The app's bound on heavy jobs (shared/heavy-jobs.ts); default one of its own. */
  jobs?: HeavyJobs;
}

export interface SecurityExports {
  /** The comprehensive run, stored as run by `ranBy` (429 RATE_LIMITED while any run is under way). */
  runSuite(ranBy: string): Promise<SecurityReport>;
  /** The last comprehensive run stored, or null. */
  latest(): Promise<SecurityReport | null>;
}

/** The same individual test cannot run again sooner than this after its last run. */
export const TEST_COOLDOWN_MS = 10_000;

export function createSecurityRouter(deps: SecurityDeps): FeatureRouter<SecurityExports> {
  const repository = createSecurityRepository(deps.db);
  const recordCounter = deps.recordCounter ?? (() => repository.countRows());

  const jobs = deps.jobs ?? createHeavyJobs();
  /** One suite run at a time, whatever its kind. `nested`: started by another heavy job (the professional audit). */
  const exclusively = <T>(what: string, run: () => Promise<T>, nested = false) =>
    jobs.run({ kind: "security-suite", label: `the security suite (${what})`, expectedSeconds: 30, nested }, run);

  async function suite(categories?: SecurityTestResponse["category"][]): Promise<SuiteRun> {
    const run = await deps.selfTarget((target) =>
      runSecuritySuite({
        send: (path, options) => target.send(path, options),
        host: target.host,
        chainId: deps.chainId,
        chainRpcUrl: deps.chainRpcUrl,
        recordCounter,
        budget: deps.budget,
        categories,
        target: `this API over a loopback socket (${target.baseUrl}, Host ${target.host})`,
      }),
    );
    // The sign-ins' nonces are used up; delete them so no record of the probes outlives the run.
    await repository.discardNonces(run.nonces);
    return run;
  }

  async function runSuite(ranBy: string, nested = false): Promise<SecurityReport> {
    return exclusively(
      "comprehensive test",
      async () => {
        const report = buildReport(await suite(), null, ranBy);
        const id = await repository.insert("comprehensive", report, ranBy);
        return { ...report, id };
      },
      nested,
    );
  }

  /**
   * An individual test is a GET, which a page of another site can make a browser send (an <img>), and each run
   * sends hundreds of requests to this API: the same test again within TEST_COOLDOWN_MS of its last run is
   * refused (429, with Retry-After), so a GET cannot be turned into a load amplifier.
   */
  const lastRun = new Map<SecurityTestKind, number>();
  async function runTest(kind: SecurityTestKind, ranBy: string): Promise<SecurityTestResponse> {
    const wait = (lastRun.get(kind) ?? -Infinity) + TEST_COOLDOWN_MS - Date.now();
    if (wait > 0) {
      throw new HttpError(
        "RATE_LIMITED",
        `The ${kind} test ran less than ${TEST_COOLDOWN_MS / 1000} s ago; its result is in that answer, or run it again shortly`,
        { retryAfterSeconds: Math.ceil(wait / 1000) },
      );
    }
    return exclusively(`${kind} test`, async () => {
      try {
        return await runTestNow(kind, ranBy);
      } finally {
        lastRun.set(kind, Date.now());
      }
    });
  }

  async function runTestNow(kind: SecurityTestKind, ranBy: string): Promise<SecurityTestResponse> {
    const run = await suite([SECURITY_KIND_CATEGORY[kind]]);
    const body: SecurityTestResponse = {
      category: SECURITY_KIND_CATEGORY[kind],
      results: run.results,
      ranAt: run.ranAt,
      durationMs: run.durationMs,
      requestsSent: run.requestsSent,
      target: run.target,
      coverage: run.coverage,
      stoppedBy: run.stoppedBy,
      ranBy,
      notApplicable: run.notApplicable,
    };
    await repository.insert(kind, body, ranBy);
    return body;
  }

  return {
    feature: "security",
    routes: [
      ...SECURITY_TEST_KINDS.map((kind) =>
        implement(securityTests[kind], {
          query: securityTestQuery,
          response: securityTestResponse,
          handler: ({ req, caller }) => {
            requireNoBody(req, "it only ever probes this API");
            return runTest(kind, ranByOf(caller));
          },
        }),
      ),
      implement(securityContract.comprehensiveTest, {
        response: securityReport,
        handler: ({ req, caller }) => {
          requireNoBody(req, "it only ever probes this API");
          return runSuite(ranByOf(caller));
        },
      }),
      implement(securityContract.latest, {
        query: securityLatestQuery,
        response: securityLatestResponse,
        handler: async ({ query }) => {
          const report = await repository.latest();
          if (!report || query.evidence !== "findings") return { report };
          return {
            report: {
              ...report,
              detailedResults: report.detailedResults.map((r) => ({
                ...r,
                evidence: r.evidence.filter((e) => e.finding !== null),
              })),
            },
          };
        },
      }),
    ],
    // Through the exports the suite is part of another heavy job already counted (the professional audit).
    exports: { runSuite: (ranBy: string) => runSuite(ranBy, true), latest: () => repository.latest() },
  };
}
