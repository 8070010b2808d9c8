import type { ReactNode } from "react";
import type { Address, Hash, TransactionReceipt } from "viem";
import type { Config } from "wagmi";
import type { chains } from "../../lib/wagmi";

/** A chain the app's wagmi config knows (Hardhat 31337, Sepolia). */
export type AppChainId = (typeof chains)[number]["id"];

/** What a step's `send` gets: the wagmi config, the connected account and the chain it must use. */
export type TxStepContext = { config: Config; account: Address; chainId: AppChainId };

/** One wallet transaction of a flow: e.g. [setDelegate, openPosition] for leverage, or just [mint]. */
export type TxStep = {
  id: string;
  /** What the step does, in a few words ("Allow the router", "Mint XQB + XQBUSD"). */
  label: string;
  /** Sends one transaction (wagmi `writeContract`) and returns its hash. */
  send: (ctx: TxStepContext) => Promise<Hash>;
};

/** One line of the preview: the values before the click (amount, what comes out, values after, gas). */
export type TxPreviewRow = { label: string; value: ReactNode; testId?: string };

export type TxFlowRequest<R = unknown> = {
  title: string;
  /** The chain every step runs on; the wallet is asked to switch, with a button, never silently. */
  chainId: AppChainId;
  /** Deploy-map name of the contract the steps call, so its reverts decode in words ("qETH"). */
  contract?: string;
  steps: TxStep[];
  preview: TxPreviewRow[];
  /** The confirm button's text; "Confirm in wallet" by default. */
  confirmLabel?: string;
  /** Runs once every step is mined (e.g. POST the hash so the API records it); its failure can be retried alone. */
  afterConfirmed?: (receipt: TransactionReceipt, receipts: TransactionReceipt[]) => Promise<R>;
  /** Shown while `afterConfirmed` runs ("Recording…"). */
  afterConfirmedLabel?: string;
  /** Called once the whole flow succeeded. */
  onSuccess?: (result: R | undefined, receipts: TransactionReceipt[]) => void;
};

export type TxStepStatus = "idle" | "confirm" | "pending" | "confirmed" | "failed";
export type TxStepState = { status: TxStepStatus; hash?: Hash; receipt?: TransactionReceipt };

/**
 * preview -> running (each step: confirm in wallet -> pending -> confirmed) -> after (afterConfirmed)
 * -> confirmed; any failure -> failed (Retry resumes at the failed step; mined steps are never re-sent).
 */
export type TxPhase = "closed" | "preview" | "running" | "after" | "confirmed" | "failed";
