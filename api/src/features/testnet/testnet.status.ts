// GET /api/testnet/status: every readiness flag computed from what it claims, never stored as a boolean.
// Contracts: code at every deploy-map address on this chain instance. Multi-sig, emergency and treasury: a
// passing run of that kind recorded against this chain instance (the operator routes alone write runs; a
// restarted local chain starts with none). Treasury arbitrage and spread capture: the treasury-staking
// feature's exports over the operators' own positions only (never a visitor's paper trade, never the shared
// demo book); yield accuracy likewise. Response time and success rate: request-metrics.
// readinessScore = the share of checks that pass.
import type { Address, Hex } from "viem";
import { withTimeout } from "../../ledgers/deadline";
import { contractsOn } from "../../ledgers/evm/contracts";
import type { LooseCall } from "../../ledgers/evm/live";
import type { BlockStamp } from "../../ledgers/evm";
import type { LedgerStatus } from "../../ledgers/types";
import type { RequestMetricsSnapshot } from "../../http/request-metrics";
import type { OperatorPolicy } from "../../http/access";
import type { TestnetRepository } from "./testnet.repository";
import {
  NO_ENDORSEMENT,
  PERFORMANCE_SUCCESS_RATE_MIN,
  READINESS_CHECKS,
  SPREAD_CAPTURE_MAX_PERCENT,
  SPREAD_CAPTURE_PASS_PERCENT,
  YIELD_ACCURACY_PASS_PERCENT,
  type ReadinessCheck,
  type ReadinessCheckId,
  type TestRun,
  type TestRunKind,
  type TestnetStatusResponse,
} from "./testnet.schemas";

/**
 * Whose paper positions count: the listed operators' wallets, or, when operators are open (a loopback-only
 * server with OPERATOR_ADDRESSES unset: its one presenter), every signed-in wallet. Never the shared demo book.
 */
export type PositionOwners = readonly string[] | "every-wallet";

/** What the treasury-staking router exports (wired in app.ts). */
export interface TreasuryStakingExports {
  openPositionCount(owners: PositionOwners): Promise<number>;
  yieldAccuracy(): Promise<{
    percent: number;
    tenorsChecked: number;
    mismatches: { tenor: string; served: number; source: number }[];
    asOf: string;
  }>;
  spreadCapture(owners: PositionOwners): Promise<{ percent: number | null; positions: number; detail: string }>;
}

export interface StatusDeps {
  chainId: number;
  network: string;
  /** The EVM ledger's status from the selector's probes (no chain call). */
  ledgerStatus: () => LedgerStatus;
  node: {
    read(call: LooseCall): Promise<never>;
    block(n?: bigint): Promise<BlockStamp>;
    codeAt(address: Address): Promise<Hex>;
  };
  repository: TestnetRepository;
  /** Who operates the demo: whose positions the treasury checks count. */
  operators: OperatorPolicy;
  requestMetrics: { snapshot(): RequestMetricsSnapshot };
  /** Absent until the treasury-staking feature is wired in: its checks then fail and say so. */
  treasuryStaking?: TreasuryStakingExports;
  now?: () => Date;
}

/** Every outside reading gets this long; a slow one fails its check with the reason instead of stalling the poll. */
const READ_TIMEOUT_MS = 3000;

const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0]! : String(err));
const round1 = (n: number) => Math.round(n * 10) / 10;

export type Status = TestnetStatusResponse;

export function createStatusReader(deps: StatusDeps) {
  const now = deps.now ?? (() => new Date());
  /** Chain instances on which every contract was found: code does not vanish within one run. */
  const allDeployedOn = new Set<string>();

  /** The chain run the API is on now: the genesis block's hash, read fresh (a restarted local node has a new one). */
  const chainInstance = async (): Promise<string | null> =>
    withTimeout(deps.node.block(0n), READ_TIMEOUT_MS, "genesis block").then(
      (b) => b.hash.toLowerCase(),
      () => null,
    );

  async function contracts(
    instance: string | null,
  ): Promise<{ expected: number; missing: string[]; error: string | null }> {
    const map = Object.entries(contractsOn(deps.chainId) ?? {}).filter(
      ([, c]) => !(c as { external?: boolean }).external,
    );
    if (map.length === 0) return { expected: 0, missing: [], error: `no deploy map for chain ${deps.chainId}` };
    if (instance && allDeployedOn.has(instance)) return { expected: map.length, missing: [], error: null };
    try {
      const codes = await withTimeout(
        Promise.all(map.map(([, c]) => deps.node.codeAt(c!.address))),
        READ_TIMEOUT_MS,
        "contract code",
      );
      const missing = map.filter((_, i) => !codes[i] || codes[i] === "0x").map(([name]) => name);
      if (missing.length === 0 && instance) allDeployedOn.add(instance);
      return { expected: map.length, missing, error: null };
    } catch (err) {
      return { expected: map.length, missing: map.map(([name]) => name), error: firstLine(err) };
    }
  }

  async function multiSig(): Promise<TestnetStatusResponse["multiSig"]> {
    const entry = contractsOn(deps.chainId)?.TreasuryMultisig;
    if (!entry) return null;
    try {
      const [owners, threshold] = await withTimeout(
        Promise.all([
          deps.node.read({ contract: "TreasuryMultisig", functionName: "getOwners" }) as Promise<readonly Address[]>,
          deps.node.read({ contract: "TreasuryMultisig", functionName: "getThreshold" }) as Promise<bigint>,
        ]),
        READ_TIMEOUT_MS,
        "Safe owners",
      );
      return { address: entry.address, owners: [...owners], threshold: Number(threshold) };
    } catch {
      return null;
    }
  }

  const runWith = (run: Omit<TestRun, "onCurrentChain"> | null, instance: string | null): TestRun | null =>
    run ? { ...run, onCurrentChain: instance ? run.chainInstance === instance : null } : null;

  async function runCheck(
    kind: TestRunKind,
    instance: string | null,
  ): Promise<{ passed: boolean; detail: string; evidence: string[] }> {
    if (!instance)
      return {
        passed: false,
        detail: "the chain's instance could not be read, so no run can be matched to it",
        evidence: [],
      };
    const run = await deps.repository.latest(kind, deps.chainId, instance, { passing: true });
    if (!run) return { passed: false, detail: "no passing run on this chain instance yet", evidence: [] };
    return {
      passed: true,
      detail: `run #${run.id} passed at ${run.finishedAt} (${run.steps.length} steps), run by ${run.ranBy ?? "(not recorded)"} on ${run.ranOn ?? "the shared chain (before the sandbox)"}`,
      evidence: [`run #${run.id}`, ...run.steps.filter((s) => s.txHash).map((s) => s.txHash!)],
    };
  }

  /** An outside reading within the time limit, or the reason it is missing. */
  const within = <T>(what: string, read: (() => Promise<T>) | undefined): Promise<{ value: T } | { error: string }> =>
    read
      ? withTimeout(read(), READ_TIMEOUT_MS, what).then(
          (value) => ({ value }),
          (err: unknown) => ({ error: `${what} failed: ${firstLine(err)}` }),
        )
      : Promise.resolve({ error: `${what}: the treasury-staking feature is not wired into this API` });

  const owners: PositionOwners = deps.operators.mode === "listed" ? deps.operators.addresses : "every-wallet";
  const ownersWords =
    owners === "every-wallet"
      ? "signed-in wallets (operators are open on this loopback-only server)"
      : `operator wallet${owners.length === 1 ? "" : "s"} (${owners.length} in OPERATOR_ADDRESSES)`;

  async function read(): Promise<Status> {
    const ledger = deps.ledgerStatus();
    const instance = await chainInstance();
    const ts = deps.treasuryStaking;
    const [
      deployed,
      safe,
      multisigCheck,
      emergencyCheck,
      treasuryCheck,
      positions,
      accuracy,
      capture,
      latestMultisig,
      latestTreasury,
      latestEmergency,
    ] = await Promise.all([
      contracts(instance),
      multiSig(),
      runCheck("multisig", instance),
      runCheck("emergency", instance),
      runCheck("treasury", instance),
      within("openPositionCount", ts && (() => ts.openPositionCount(owners))),
      within("yieldAccuracy", ts && (() => ts.yieldAccuracy())),
      within("spreadCapture", ts && (() => ts.spreadCapture(owners))),
      instance ? deps.repository.latest("multisig", deps.chainId, instance) : null,
      instance ? deps.repository.latest("treasury", deps.chainId, instance) : null,
      instance ? deps.repository.latest("emergency", deps.chainId, instance) : null,
    ]);
    const metrics = deps.requestMetrics.snapshot();

    const results: Record<ReadinessCheckId, { passed: boolean; detail: string; evidence: string[] }> = {
      contractsDeployed: deployed.error
        ? { passed: false, detail: `could not check: ${deployed.error}`, evidence: [] }
        : deployed.missing.length === 0
          ? {
              passed: true,
              detail: `${deployed.expected} of ${deployed.expected} contracts have code on this chain instance`,
              evidence: instance ? [`chain instance ${instance}`] : [],
            }
          : {
              passed: false,
              detail: `${deployed.expected - deployed.missing.length} of ${deployed.expected} have code; missing: ${deployed.missing.join(", ")}`,
              evidence: deployed.missing,
            },
      multiSigTested: multisigCheck,
      emergencyFunctionsTested: emergencyCheck,
      treasuryArbitrageActive:
        "error" in positions
          ? { passed: false, detail: positions.error, evidence: [] }
          : {
              passed: positions.value > 0,
              detail: `${positions.value} open treasury-staking position${positions.value === 1 ? "" : "s"} of ${ownersWords}; the shared demo book is not counted`,
              evidence: [],
            },
      treasuryTested: treasuryCheck,
      performanceValidated:
        metrics.requests === 0 || metrics.successRate === null
          ? { passed: false, detail: "no /api request measured yet", evidence: [] }
          : {
              passed: metrics.successRate > PERFORMANCE_SUCCESS_RATE_MIN,
              detail: `${metrics.successRate}% of ${metrics.requests} /api requests answered without a 5xx; mean ${metrics.avgResponseTimeMs} ms, p95 ${metrics.p95Ms} ms (since ${metrics.since})`,
              evidence: [],
            },
      treasuryYieldAccuracy:
        "error" in accuracy
          ? { passed: false, detail: accuracy.error, evidence: [] }
          : {
              passed:
                accuracy.value.tenorsChecked > 0 &&
                accuracy.value.mismatches.length === 0 &&
                accuracy.value.percent >= YIELD_ACCURACY_PASS_PERCENT,
              detail: `${accuracy.value.percent}% of ${accuracy.value.tenorsChecked} tenors served equal the source file (curve of ${accuracy.value.asOf})`,
              evidence: accuracy.value.mismatches.map((m) => `${m.tenor}: served ${m.served}, source ${m.source}`),
            },
      arbitrageSpreadCapture:
        "error" in capture
          ? { passed: false, detail: capture.error, evidence: [] }
          : {
              passed:
                capture.value.percent !== null &&
                capture.value.percent >= SPREAD_CAPTURE_PASS_PERCENT &&
                capture.value.percent <= SPREAD_CAPTURE_MAX_PERCENT,
              detail:
                capture.value.percent === null
                  ? `not measured: ${capture.value.detail}`
                  : `${capture.value.percent}% over ${capture.value.positions} position(s): ${capture.value.detail}`,
              evidence: [],
            },
    };
    const checks: ReadinessCheck[] = READINESS_CHECKS.map((c) => ({
      id: c.id,
      label: c.label,
      rule: c.rule,
      ...results[c.id],
    }));
    const passedCount = checks.filter((c) => c.passed).length;

    return {
      contractsDeployed: results.contractsDeployed.passed,
      multiSigTested: results.multiSigTested.passed,
      treasuryArbitrageActive: results.treasuryArbitrageActive.passed,
      emergencyFunctionsTested: results.emergencyFunctionsTested.passed,
      franklinTempletonReady: passedCount === checks.length,
      readinessScore: round1((passedCount / checks.length) * 100),
      performanceMetrics: {
        avgResponseTime: metrics.avgResponseTimeMs,
        successRate: metrics.successRate,
        treasuryYieldAccuracy: "value" in accuracy ? accuracy.value.percent : null,
        arbitrageSpreadCapture: "value" in capture ? capture.value.percent : null,
      },
      checks,
      requestMetrics: metrics,
      chain: {
        chainId: deps.chainId,
        network: deps.network,
        chainInstance: instance,
        live: ledger.mode === "live",
        reason: ledger.mode === "live" ? null : (ledger.reason ?? "not probed yet"),
      },
      contracts: { expected: deployed.expected, missing: deployed.missing },
      multiSig: safe,
      latestRuns: {
        multisig: runWith(latestMultisig, instance),
        treasury: runWith(latestTreasury, instance),
        emergency: runWith(latestEmergency, instance),
      },
      disclaimer: NO_ENDORSEMENT,
      asOf: now().toISOString(),
    };
  }

  return { read, chainInstance };
}
