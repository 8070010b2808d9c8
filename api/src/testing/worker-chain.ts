// One deployed suite per test worker on Hardhat's in-process chain, and every file starting from it.
// Deploying the 22 contracts (and the demo campaigns) costs ~3.5 s; evm_snapshot / evm_revert cost nothing. The api project runs with
// `isolate: false` (vitest.config.mts), so one worker process runs many files: the first app deploys the suite on
// the fresh chain and snapshots it, and before each later file (per-file-chain.ts, a setup file) the chain is
// reverted to that snapshot, so each file sees what it saw before: the suite just deployed at the committed
// map's addresses, nothing else. Hardhat's runtime is a per-process singleton, so this state is per process too
// (globalThis, not a module variable).
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { DeployMap } from "../../../scripts/lib/write-deploy-map";

interface WorkerChain {
  /** The suite's deploy map, when a file deployed it on a fresh chain; null: the chain is fresh (genesis) here. */
  deployment: DeployMap | null;
  /** evm_snapshot id of that state (single-use: re-taken after each revert). */
  snapshot: string;
}

const KEY = Symbol.for("xqb.test.workerChain");
const holder = globalThis as { [KEY]?: WorkerChain; __hardhatContext?: unknown };

const request = (hre: HardhatRuntimeEnvironment, method: string, params: unknown[] = []) =>
  hre.network.provider.request({ method, params });

/**
 * Before each file: back to the worker's base state (the deployed suite, or genesis before any deploy).
 * Nothing to do until some file has loaded Hardhat in this process.
 */
export async function resetWorkerChain(): Promise<void> {
  if (holder.__hardhatContext === undefined) return;
  const { default: hre } = await import("hardhat");
  const base = holder[KEY];
  if (base && (await request(hre, "evm_revert", [base.snapshot])) === true) {
    base.snapshot = (await request(hre, "evm_snapshot")) as string;
    // The head block is as old as the snapshot (maybe minutes): a new one, as a deploy just now would leave, so
    // a file measuring chain time from the head (the local clock's advance) starts from now.
    if (base.deployment) await request(hre, "evm_mine");
    return;
  }
  // No base yet, or a file reset the chain (hardhat_reset drops every snapshot): back to genesis.
  delete holder[KEY];
  if (Number(await request(hre, "eth_blockNumber")) !== 0) await request(hre, "hardhat_reset");
  holder[KEY] = { deployment: null, snapshot: (await request(hre, "evm_snapshot")) as string };
}

/**
 * The whole suite on the in-process chain, as `npm start` deploys it: deployed once per worker (on the fresh
 * chain, so at the committed map's addresses) and reused by every later app, in this file and the next ones.
 */
export async function workerSuite(hre: HardhatRuntimeEnvironment): Promise<DeployMap> {
  const base = holder[KEY];
  if (base?.deployment) return base.deployment;
  const fresh = Number(await request(hre, "eth_blockNumber")) === 0;
  const { deploySuite } = await import("../../../scripts/lib/deploy-suite");
  const { deployment } = await deploySuite(hre);
  // Only a deploy on the fresh chain is every file's starting point; one on top of a file's own blocks is that
  // file's alone (a later app in the same file reuses it, as deploySuite always did).
  if (fresh) holder[KEY] = { deployment, snapshot: (await request(hre, "evm_snapshot")) as string };
  return deployment;
}
