// The testnet readiness feature (/testnet-perfection): the status with every flag computed, the multi-sig and
// treasury tests run for real on a fresh in-process chain with the suite deployed (testnet.sandbox.ts: never on
// the shared chain, whose feed and pools real positions depend on) and recorded against the shared chain's
// instance with who ran them and where, "perfect" (both tests, then the status), and our readiness report.
// Operator routes; one test at a time: a second request while one runs is a 429 with Retry-After.
import { momentary } from "../../shared/moment-cache";
import type { Db } from "../../db/client";
import { ranByOf, type OperatorPolicy } from "../../http/access";
import { createHeavyJobs, type HeavyJobs } from "../../shared/heavy-jobs";
import { HttpError } from "../../http/errors";
import { implement, type FeatureRouter } from "../../http/route";
import { requireNoBody } from "../../http/validate";
import type { RequestMetricsSnapshot } from "../../http/request-metrics";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { Address, Hex } from "viem";
import type { LedgerStatus } from "../../ledgers/types";
import { testnetContract as c } from "./testnet.contract";
import { buildFranklinReport } from "./testnet.report";
import { createTestnetRepository, type NewTestRun } from "./testnet.repository";
import {
  franklinReportResponse,
  multisigTestResponse,
  perfectResponse,
  testnetStatusResponse,
  treasuryTestResponse,
  type MultisigTestResponse,
  type TestRun,
  type TestRunKind,
  type TestStep,
  type TreasuryTestResponse,
} from "./testnet.schemas";
import { createStatusReader, type TreasuryStakingExports } from "./testnet.status";
import { skippedTreasurySteps, type TestChain } from "./testnet.treasury-test";
import { skippedMultisigSteps } from "./testnet.multisig-test";
import {
  childProcessSandbox,
  ranOnOf,
  SANDBOX_EXPECTED_SECONDS,
  SANDBOX_STEP,
  SandboxError,
  sameCodeStep,
  type SandboxOutput,
  type SandboxRunner,
  type SandboxTest,
} from "./testnet.sandbox";
import { failed } from "./testnet.steps";

export type { TreasuryStakingExports, PositionOwners } from "./testnet.status";
export type { SandboxRunner } from "./testnet.sandbox";

export interface TestnetDeps {
  db: Db;
  chainId: number;
  network: string;
  /** The EVM ledger's status (live or not, and why), from the selector's probes. */
  ledgerStatus: () => LedgerStatus;
  /** The shared chain: read only (its instance, its code, the Safe's owners); the tests never write to it. */
  node: Pick<TestChain, "read" | "block"> & { codeAt(address: Address): Promise<Hex> };
  /** Hardhat's dev keys, only on the local chain with dev key #0 (ledgers/evm/dev-keys.ts): the tests run only there. */
  devKeys: DevKeysAnswer;
  requestMetrics: { snapshot(): RequestMetricsSnapshot };
  /** Who operates the demo (config.operators): whose paper positions count for "Treasury Arbitrage Active". */
  operators: OperatorPolicy;
  /** The treasury-staking router's exports (wired in app.ts); absent: those checks fail and say so. */
  treasuryStaking?: TreasuryStakingExports;
  /** Where the tests run: a fresh in-process chain (default: a child process, testnet.sandbox.ts). */
  sandbox?: SandboxRunner;
  /** The app's bound on heavy jobs (shared/heavy-jobs.ts); default one of its own. */
  jobs?: HeavyJobs;
  now?: () => Date;
}

/** What the testnet feature offers others (wired in app.ts). */
export interface TestnetExports {
  /** The latest passing run of `kind` recorded against the chain instance the API is on now, or null. */
  latestRun(kind: TestRunKind): Promise<TestRun | null>;
}

/** The one name under which the three test routes take their turn (each starts an in-process chain). */
const JOB = { kind: "testnet-tests", expectedSeconds: SANDBOX_EXPECTED_SECONDS } as const;

export function createTestnetRouter(deps: TestnetDeps): FeatureRouter<TestnetExports> {
  const now = deps.now ?? (() => new Date());
  const repository = createTestnetRepository(deps.db);
  const status = createStatusReader({ ...deps, repository });
  // What the page polls: read once for a moment for every visitor, again at once after any write (a test run).
  const currentStatus = momentary(() => status.read());
  const sandbox = deps.sandbox ?? childProcessSandbox();
  const jobs = deps.jobs ?? createHeavyJobs();

  /** Tests need the live local chain (its code is what the sandbox must match); a local node that is down is a 503. */
  function requireLiveOrSkip(): string | null {
    if (!deps.devKeys.available) return deps.devKeys.reason;
    const s = deps.ledgerStatus();
    if (s.mode !== "live")
      throw new HttpError("LEDGER_UNAVAILABLE", `The local chain is not live: ${s.reason ?? "not probed yet"}`, {
        ledger: "ethereum",
        retryAfterSeconds: 10,
      });
    return null;
  }

  interface RunContext {
    ranBy: string;
    instance: string | null;
    startedAt: Date;
  }

  async function record(
    kind: NewTestRun["kind"],
    steps: TestStep[],
    ctx: RunContext,
    source: TestRun["source"],
    ranOn: string | null,
  ): Promise<TestRun> {
    const run = await repository.insert({
      kind,
      chainId: deps.chainId,
      chainInstance: ctx.instance,
      source,
      steps,
      startedAt: ctx.startedAt,
      finishedAt: now(),
      ranBy: ctx.ranBy,
      ranOn,
    });
    return { ...run, onCurrentChain: ctx.instance ? true : null };
  }

  /** The sandbox's output, or the reason it gave none (recorded as a failed first step). */
  async function inSandbox(
    tests: SandboxTest[],
  ): Promise<{ out: SandboxOutput; first: TestStep; ranOn: string } | { error: string }> {
    try {
      const out = await sandbox(tests);
      return { out, first: await sameCodeStep(deps.node, out), ranOn: ranOnOf(out) };
    } catch (err) {
      if (err instanceof SandboxError) return { error: err.message };
      throw err;
    }
  }
  const sandboxFailed = (reason: string): TestStep =>
    failed(SANDBOX_STEP, "read", { detail: `no in-process chain: ${reason}` });
  async function runTests(
    tests: SandboxTest[],
    ranBy: string,
  ): Promise<{ treasury?: TreasuryTestResponse; multisig?: MultisigTestResponse }> {
    const skipReason = requireLiveOrSkip();
    const ctx: RunContext = { ranBy, instance: await status.chainInstance(), startedAt: now() };
    const out: { treasury?: TreasuryTestResponse; multisig?: MultisigTestResponse } = {};
    if (skipReason) {
      if (tests.includes("multisig")) {
        const s = skippedMultisigSteps(skipReason);
        out.multisig = {
          multisig: await record("multisig", s.multisig, ctx, "skipped", null),
          emergency: await record("emergency", s.emergency, ctx, "skipped", null),
        };
      }
      if (tests.includes("treasury")) {
        out.treasury = {
          run: await record(
            "treasury",
            skippedTreasurySteps(
              `the in-process chain's dev accounts #7/#8 are used only beside the local chain: ${skipReason}`,
            ),
            ctx,
            "skipped",
            null,
          ),
          vault: null,
        };
      }
      return out;
    }
    const sb = await inSandbox(tests);
    if ("error" in sb) {
      const first = sandboxFailed(sb.error);
      if (tests.includes("multisig")) {
        const s = skippedMultisigSteps("not reached: an earlier step failed");
        out.multisig = {
          multisig: await record("multisig", [first, ...s.multisig], ctx, "live", null),
          emergency: await record("emergency", [first, ...s.emergency], ctx, "live", null),
        };
      }
      if (tests.includes("treasury"))
        out.treasury = {
          run: await record(
            "treasury",
            [first, ...skippedTreasurySteps("not reached: an earlier step failed")],
            ctx,
            "live",
            null,
          ),
          vault: null,
        };
      return out;
    }
    const { first, ranOn } = sb;
    if (sb.out.multisig) {
      out.multisig = {
        multisig: await record("multisig", [first, ...sb.out.multisig.multisig], ctx, "live", ranOn),
        emergency: await record("emergency", [first, ...sb.out.multisig.emergency], ctx, "live", ranOn),
      };
    }
    if (sb.out.treasury)
      out.treasury = {
        run: await record("treasury", [first, ...sb.out.treasury.steps], ctx, "live", ranOn),
        vault: sb.out.treasury.vault,
      };
    return out;
  }

  const exclusively = <T>(label: string, work: () => Promise<T>) => jobs.run({ ...JOB, label }, work);

  return {
    feature: "testnet",
    routes: [
      implement(c.status, {
        response: testnetStatusResponse,
        handler: currentStatus,
      }),
      implement(c.testTreasury, {
        response: treasuryTestResponse,
        handler: ({ req, caller }) => {
          requireNoBody(req);
          return exclusively(
            "the treasury test",
            async () => (await runTests(["treasury"], ranByOf(caller))).treasury!,
          );
        },
      }),
      implement(c.testMultisig, {
        response: multisigTestResponse,
        handler: ({ req, caller }) => {
          requireNoBody(req);
          return exclusively(
            "the multi-sig test",
            async () => (await runTests(["multisig"], ranByOf(caller))).multisig!,
          );
        },
      }),
      implement(c.perfect, {
        response: perfectResponse,
        handler: ({ req, caller }) => {
          requireNoBody(req);
          return exclusively("perfection (the multi-sig and treasury tests)", async () => {
            const before = await status.read();
            // Both tests on one fresh in-process chain: one deploy instead of two.
            const r = await runTests(["multisig", "treasury"], ranByOf(caller));
            const m = r.multisig!;
            const t = r.treasury!;
            const after = await status.read();
            return {
              readinessScore: after.readinessScore,
              franklinTempletonReady: after.franklinTempletonReady,
              checks: after.checks,
              runs: [m.multisig, m.emergency, t.run],
              readinessScoreBefore: before.readinessScore,
              disclaimer: after.disclaimer,
            };
          });
        },
      }),
      implement(c.franklinReport, {
        response: franklinReportResponse,
        handler: async () => buildFranklinReport(await status.read()),
      }),
    ],
    exports: {
      async latestRun(kind: TestRunKind): Promise<TestRun | null> {
        const instance = await status.chainInstance();
        if (!instance) return null;
        const run = await repository.latest(kind, deps.chainId, instance, { passing: true });
        return run ? { ...run, onCurrentChain: true } : null;
      },
    },
  };
}
