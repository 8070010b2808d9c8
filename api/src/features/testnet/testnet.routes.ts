// The testnet readiness feature (/testnet-perfection): the status with every flag computed, the multi-sig and
// treasury tests run for real on the local chain and recorded per chain instance, "perfect" (both tests, then
// the status), and our readiness report. One test at a time: a second request while one runs is a 409.
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { route, type FeatureRouter } from "../../http/route";
import { requireNoBody } from "../../http/validate";
import type { RequestMetricsSnapshot } from "../../http/request-metrics";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { Address, Hex } from "viem";
import type { LedgerStatus } from "../../ledgers/types";
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
import { runTreasuryTest, skippedTreasurySteps, type TestChain } from "./testnet.treasury-test";
import { runMultisigTest, skippedMultisigSteps, type MultisigRoad, type MultisigTestChain } from "./testnet.multisig-test";

export type { TreasuryStakingExports } from "./testnet.status";

export interface TestnetDeps {
  db: Db;
  chainId: number;
  network: string;
  /** The EVM ledger's status (live or not, and why), from the selector's probes. */
  ledgerStatus: () => LedgerStatus;
  /** The live node: tests never run on the simulated twin. */
  node: TestChain & MultisigTestChain & { codeAt(address: Address): Promise<Hex> };
  /** Hardhat's dev keys, only on the local chain with dev key #0 (ledgers/evm/dev-keys.ts). */
  devKeys: DevKeysAnswer;
  requestMetrics: { snapshot(): RequestMetricsSnapshot };
  /** The treasury-staking router's exports (wired in app.ts); absent: those checks fail and say so. */
  treasuryStaking?: TreasuryStakingExports;
  /** The Safe road (ledgers/evm/safe); absent: the multi-sig test's steps are skipped and say so. */
  safe?: MultisigRoad;
  now?: () => Date;
}

/** What the testnet feature offers others (wired in app.ts). */
export interface TestnetExports {
  /** The latest passing run of `kind` on the chain instance the API is on now, or null. */
  latestRun(kind: TestRunKind): Promise<TestRun | null>;
}

export function createTestnetRouter(deps: TestnetDeps): FeatureRouter<TestnetExports> {
  const now = deps.now ?? (() => new Date());
  const repository = createTestnetRepository(deps.db);
  const status = createStatusReader({ ...deps, repository });

  /** The one test running now, if any: tests move the shared price feed and pause contracts. */
  let running: { what: string; since: Date } | null = null;
  async function exclusively<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (running) {
      throw new HttpError("CONFLICT", `A testnet test is already running (${running.what}, started ${running.since.toISOString()}); try again when it has finished`, { retryAfterSeconds: 5 });
    }
    running = { what, since: now() };
    try {
      return await run();
    } finally {
      running = null;
    }
  }

  /** Tests need the live local chain; a local node that is down is a 503 (nothing recorded). */
  function requireLiveOrSkip(): string | null {
    if (!deps.devKeys.available) return deps.devKeys.reason;
    const s = deps.ledgerStatus();
    if (s.mode !== "live") throw new HttpError("LEDGER_UNAVAILABLE", `The local chain is not live: ${s.reason ?? "not probed yet"}`, { ledger: "ethereum", retryAfterSeconds: 10 });
    return null;
  }

  async function record(kind: NewTestRun["kind"], steps: TestStep[], instance: string | null, startedAt: Date, source: TestRun["source"]): Promise<TestRun> {
    const run = await repository.insert({ kind, chainId: deps.chainId, chainInstance: instance, source, steps, startedAt, finishedAt: now() });
    return { ...run, onCurrentChain: instance ? true : null };
  }

  async function treasuryTest(): Promise<TreasuryTestResponse> {
    const skipReason = requireLiveOrSkip();
    const startedAt = now();
    const instance = await status.chainInstance();
    if (skipReason || !deps.devKeys.available) {
      return { run: await record("treasury", skippedTreasurySteps(`the mock feed and the dev accounts #7/#8 are not available: ${skipReason}`), instance, startedAt, "skipped"), vault: null };
    }
    const { steps, vault } = await runTreasuryTest(deps.node, deps.devKeys.keys);
    return { run: await record("treasury", steps, instance, startedAt, "live"), vault };
  }

  async function multisigTest(): Promise<MultisigTestResponse> {
    const skipReason = requireLiveOrSkip() ?? (deps.safe ? null : "the Safe road (api/src/ledgers/evm/safe) is not wired into this API yet");
    const startedAt = now();
    const instance = await status.chainInstance();
    if (skipReason || !deps.safe || !deps.devKeys.available) {
      const s = skippedMultisigSteps(skipReason ?? "no Safe road");
      return {
        multisig: await record("multisig", s.multisig, instance, startedAt, "skipped"),
        emergency: await record("emergency", s.emergency, instance, startedAt, "skipped"),
      };
    }
    const result = await runMultisigTest(deps.safe, deps.node);
    return {
      multisig: await record("multisig", result.multisig, instance, startedAt, "live"),
      emergency: await record("emergency", result.emergency, instance, startedAt, "live"),
    };
  }

  return {
    feature: "testnet",
    routes: [
      route({
        method: "get",
        path: "/api/testnet/status",
        access: "visitor",
        feature: "testnet",
        summary: "Testnet readiness: every flag computed (contracts' code, passing test runs on this chain instance, open treasury positions, request metrics, yield accuracy, spread capture), with each check and readinessScore",
        response: testnetStatusResponse,
        handler: () => status.read(),
      }),
      route({
        method: "post",
        path: "/api/testnet/test-treasury",
        access: "operator",
        feature: "testnet",
        summary: "Local chain: deposit, mint at 150%, 149% refused, price moved on the mock feed below 130%, liquidation by dev account #8, price restored; each step's hash. Elsewhere the steps say why they are skipped",
        response: treasuryTestResponse,
        errors: ["INVALID_INPUT", "CONFLICT", "LEDGER_UNAVAILABLE"],
        write: true,
        handler: ({ req }) => {
          requireNoBody(req);
          return exclusively("treasury test", treasuryTest);
        },
      }),
      route({
        method: "post",
        path: "/api/testnet/test-multisig",
        access: "operator",
        feature: "testnet",
        summary: "Local chain: a Safe transaction with one signature is refused (GS020), the same with two executes; the payload pauses a contract, a user call is refused while paused (EnforcedPause), the Safe unpauses it",
        response: multisigTestResponse,
        errors: ["INVALID_INPUT", "CONFLICT", "LEDGER_UNAVAILABLE"],
        write: true,
        handler: ({ req }) => {
          requireNoBody(req);
          return exclusively("multi-sig test", multisigTest);
        },
      }),
      route({
        method: "post",
        path: "/api/testnet/perfect",
        access: "operator",
        feature: "testnet",
        summary: "Runs the multi-sig test, then the treasury test, then computes the status: readinessScore, franklinTempletonReady, the checks and the runs",
        response: perfectResponse,
        errors: ["INVALID_INPUT", "CONFLICT", "LEDGER_UNAVAILABLE"],
        write: true,
        handler: ({ req }) => {
          requireNoBody(req);
          return exclusively("perfection (multi-sig and treasury tests)", async () => {
            const before = await status.read();
            const m = await multisigTest();
            const t = await treasuryTest();
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
      route({
        method: "get",
        path: "/api/testnet/franklin-report",
        access: "visitor",
        feature: "testnet",
        summary: "Our own readiness report (readiness summary and capability lists) as Markdown and data, generated from the current checks; no endorsement by anyone",
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
