// How a test run's steps are written down: one TestStep each, with the chain's own words for a refusal (the
// decoded custom error), the numbers as decimal text, and a skipped step saying why.
import { ContractRevertedError } from "../../ledgers/evm";
import type { StepKind, TestStep } from "./testnet.schemas";

/** Readings as decimal text: bigints and numbers printed exactly, booleans as "true"/"false". */
export function numbers(values: Record<string, bigint | number | boolean | string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

/** A refusal in the contract's words ("TreasuryVault reverted: CollateralRatioTooLow(ratioBps=14899, …)"). */
export function revertOf(err: unknown): { errorName: string | null; reason: string } {
  if (err instanceof ContractRevertedError) return { errorName: err.errorName, reason: err.message };
  return { errorName: null, reason: err instanceof Error ? err.message.split("\n")[0]! : String(err) };
}

export function passed(
  name: string,
  kind: StepKind,
  p: {
    txHash?: string | null;
    numbers?: Record<string, string>;
    detail: string;
    revertReason?: string | null;
    expectedError?: string | null;
  },
): TestStep {
  return {
    name,
    kind,
    outcome: "passed",
    expect: p.expectedError ? "revert" : "success",
    expectedError: p.expectedError ?? null,
    txHash: p.txHash?.toLowerCase() ?? null,
    revertReason: p.revertReason ?? null,
    numbers: p.numbers ?? {},
    detail: p.detail,
  };
}

export function failed(
  name: string,
  kind: StepKind,
  p: {
    txHash?: string | null;
    numbers?: Record<string, string>;
    detail: string;
    revertReason?: string | null;
    expectedError?: string | null;
  },
): TestStep {
  return { ...passed(name, kind, p), outcome: "failed" };
}

export function skipped(name: string, kind: StepKind, reason: string, expectedError: string | null = null): TestStep {
  return {
    name,
    kind,
    outcome: "skipped",
    expect: expectedError ? "revert" : "success",
    expectedError,
    txHash: null,
    revertReason: null,
    numbers: {},
    detail: reason,
  };
}

/** A step that threw where it should have gone through. */
export function failedBy(name: string, kind: StepKind, err: unknown, nums: Record<string, string> = {}): TestStep {
  const r = revertOf(err);
  return failed(name, kind, { revertReason: r.reason, numbers: nums, detail: `failed: ${r.reason}` });
}

/** Thrown inside a test to stop it after a failed step (recorded already). */
export class StepFailed extends Error {}
