// Shared helpers for contract tests on Hardhat's in-process network.
import hre from "hardhat";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { decodeErrorResult, type Abi, type Hex } from "viem";

export type Snapshot = { id: string };
export async function snapshot(): Promise<Snapshot> {
  return { id: (await hre.network.provider.request({ method: "evm_snapshot" })) as string };
}
export async function revertTo(s: Snapshot) {
  const ok = await hre.network.provider.request({ method: "evm_revert", params: [s.id] });
  if (ok !== true) throw new Error(`evm_revert(${s.id}) failed`);
}
/** beforeEach snapshot / afterEach revert, so tests in a block never see each other's state. */
export function isolateEachTest() {
  let snap: Snapshot;
  beforeEach(async () => {
    snap = await snapshot();
  });
  afterEach(async () => {
    await revertTo(snap);
  });
}

interface WalkableError {
  name?: string;
  data?: unknown;
  abi?: Abi;
  walk?: (fn: (e: unknown) => boolean) => unknown;
}

/**
 * Awaits `p`, expects it to revert with the custom error `errorName` (and `args`, if given).
 *
 * If viem decoded the revert, a ContractFunctionRevertedError with `data.errorName`/`data.args` is in the
 * cause chain (found with BaseError.walk, matched by name, not instanceof: hardhat-viem loads viem's
 * CommonJS build and this file its ESM build, two different classes). With Hardhat 2's in-process
 * provider viem does not decode (writes, simulations and deployments alike end in an UnknownRpcError),
 * but Hardhat's own error at the end of the chain carries the raw revert data; it is decoded here against
 * the ABI the ContractFunctionExecutionError carries (or `abi`, for deployments).
 */
export async function expectRevert(
  p: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
  abi?: Abi,
): Promise<void> {
  let err: WalkableError | undefined;
  try {
    await p;
  } catch (e) {
    err = e as WalkableError;
  }
  expect(err, `expected a revert with ${errorName}, but the call succeeded`).toBeDefined();
  expect(typeof err!.walk).toBe("function"); // a viem BaseError

  const decoded = err!.walk!((e) => (e as WalkableError)?.name === "ContractFunctionRevertedError") as {
    data?: { errorName: string; args?: readonly unknown[] };
  } | null;
  let got: { errorName: string; args?: readonly unknown[] } | undefined = decoded?.data;

  if (!got) {
    const raw = err!.walk!((e) => {
      const d = (e as WalkableError)?.data;
      return typeof d === "string" && /^0x[0-9a-fA-F]{8}/.test(d);
    }) as { data: Hex } | null;
    expect(raw, `no revert data in: ${String(err)}`).toBeTruthy();
    const decodeWith = abi ?? err!.abi;
    expect(decodeWith, "no ABI to decode the revert data with").toBeDefined();
    const r = decodeErrorResult({ abi: decodeWith!, data: raw!.data });
    got = { errorName: r.errorName, args: r.args as readonly unknown[] | undefined };
  }

  expect(got, `revert was not decoded: ${String(err)}`).toBeDefined();
  expect(got!.errorName).toBe(errorName);
  if (args) expect(got!.args ?? []).toEqual(args);
}

/**
 * Snapshot before the file's own beforeAll hooks (call it above them) and revert after its last test, so a
 * file's deployments never leak into the next file a worker runs.
 */
export function restoreChainAfterFile() {
  let snap: Snapshot;
  beforeAll(async () => {
    snap = await snapshot();
  });
  afterAll(async () => {
    await revertTo(snap);
  });
}
