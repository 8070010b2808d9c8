// Where the readiness tests that move chain state run: never on the shared chain every visitor uses. The
// treasury test lowers the ETH/USD feed until a position can be liquidated, and the multi-sig test pauses a
// staking pool; done on the shared chain, a real position between 130% and ~152% could be liquidated meanwhile
// and every visitor's deposit refused. So each run starts a FRESH Hardhat chain in a child process
// (testnet.sandbox-child.ts; Hardhat's runtime is one per process), deploys the suite there as `npm start`
// does, runs the tests on it and reports back; the child is killed at a hard bound. Not evm_snapshot /
// evm_revert of the shared chain: a revert would erase every other visitor's transaction made meanwhile.
//
// The run is tied to the shared chain by its code: every contract the sandbox deployed must have the same
// bytecode (keccak256) as the shared chain at the same address, checked as the run's first step.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keccak256, type Address, type Hex } from "viem";
import { runBounded } from "../../shared/run-bounded";
import { SANDBOX_LINE, type SandboxOutput } from "./testnet.sandbox-protocol";
import type { TestStep } from "./testnet.schemas";
import { failed, numbers, passed } from "./testnet.steps";

export type { SandboxOutput } from "./testnet.sandbox-protocol";
export type SandboxTest = "treasury" | "multisig";

/** Runs the named tests on a fresh in-process chain; rejects with the reason when the child fails or overruns. */
export type SandboxRunner = (tests: readonly SandboxTest[]) => Promise<SandboxOutput>;

/** The bound of one sandbox run: the suite's deploy took 12.7-31 s on a busy 2-core machine, the tests ~5 s. */
export const SANDBOX_TIMEOUT_MS = 180_000;
/** The usual length of a run, for Retry-After while one is under way. */
export const SANDBOX_EXPECTED_SECONDS = 40;

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CHILD = path.join("api", "src", "features", "testnet", "testnet.sandbox-child.ts");

export class SandboxError extends Error {}

/** The child-process sandbox (the API's default). */
export function childProcessSandbox(timeoutMs = SANDBOX_TIMEOUT_MS): SandboxRunner {
  return async (tests) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HARDHAT_NETWORK: "hardhat",
      // Set (empty) so a .env file cannot steer the child: chain 31337 in-process, no Sepolia network.
      HARDHAT_CHAIN_ID: "",
      SEPOLIA_RPC_URL: "",
      EVM_PRIVATE_KEY: "",
    };
    delete env.HARDHAT_NODE_INTERNAL;
    const out = await runBounded(path.join(ROOT, "node_modules/.bin/tsx"), [CHILD, ...tests], {
      cwd: ROOT,
      env,
      timeoutMs,
    });
    if (out.timedOut)
      throw new SandboxError(`the in-process chain was stopped at its ${Math.round(timeoutMs / 1000)} s bound`);
    if (out.error) throw new SandboxError(out.error);
    const line = out.stdout
      .split("\n")
      .reverse()
      .find((l) => l.startsWith(SANDBOX_LINE));
    if (out.code !== 0 || !line) {
      const last = `${out.stdout}\n${out.stderr}`.trim().split("\n").slice(-3).join(" | ");
      throw new SandboxError(
        `the in-process chain exited with ${out.code === null ? "a signal" : `code ${out.code}`}${last ? `: ${last}` : ""}`,
      );
    }
    return JSON.parse(line.slice(SANDBOX_LINE.length)) as SandboxOutput;
  };
}

/** "in-process chain, fresh deploy of the suite at <time>" with its genesis: what every run says about where it ran. */
export const ranOnOf = (o: SandboxOutput): string =>
  `in-process chain, fresh deploy of the suite at ${o.deployedAt} (genesis ${o.genesisHash.slice(0, 10)}…; the shared chain was not touched)`;

export const SANDBOX_STEP = "A fresh in-process chain with the suite deployed (the shared chain is not touched)";
export const SAME_CODE_STEP = "The sandbox's contracts have the shared chain's bytecode at the same addresses";

/** The run's first step: the code the tests exercised is the shared chain's code, contract by contract. */
export async function sameCodeStep(
  shared: { codeAt(address: Address): Promise<Hex> },
  o: SandboxOutput,
): Promise<TestStep> {
  const names = Object.keys(o.codeHashes);
  const differ: string[] = [];
  for (const name of names) {
    const there = await shared.codeAt(o.contracts[name] as Address).catch(() => "0x" as Hex);
    if (!there || there === "0x" || keccak256(there) !== o.codeHashes[name]) differ.push(name);
  }
  const nums = numbers({ contracts: names.length, same: names.length - differ.length });
  return differ.length === 0 && names.length > 0
    ? passed(SAME_CODE_STEP, "read", {
        numbers: nums,
        detail: `all ${names.length} contracts: keccak256 of the code equal on the in-process chain and the shared chain`,
      })
    : failed(SAME_CODE_STEP, "read", {
        numbers: nums,
        detail: `${differ.length} of ${names.length} contracts differ from the shared chain (or have no code there): ${differ.join(", ")}`,
      });
}
