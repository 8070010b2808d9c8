import { useCallback, useRef, useState } from "react";
import { useMutation, type MutationKey } from "@tanstack/react-query";
import type { TransactionReceipt } from "viem";
import { useConfig } from "wagmi";
import { getConnection, switchChain, waitForTransactionReceipt } from "wagmi/actions";
import { describeTxError, type TxErrorView } from "../../lib/tx-errors";
import { chainStream } from "../../lib/chain-changes";
import type { TxFlowRequest, TxPhase, TxStepState } from "./types";

/** A local chain mines at once; a testnet block is ~12 s. Past this the step fails as "not confirmed yet" (Retry waits again). */
export const RECEIPT_TIMEOUT_MS = 120_000;

export type TxFlowState = {
  request: TxFlowRequest<unknown> | null;
  phase: TxPhase;
  steps: TxStepState[];
  /** The step running or failed; steps.length once all are mined. */
  current: number;
  error: TxErrorView | null;
  /** The failure was in `afterConfirmed`: the transactions are mined, only that part is retried. */
  failedAfterConfirmed: boolean;
  /** The dialog is shown; closing it mid-flow hides it while the flow runs on. */
  open: boolean;
};

const CLOSED: TxFlowState = {
  request: null,
  phase: "closed",
  steps: [],
  current: 0,
  error: null,
  failedAfterConfirmed: false,
  open: false,
};

class WrongChainError extends Error {
  override readonly name = "ChainMismatchError";
}
class NotConnectedError extends Error {
  override readonly name = "NotConnectedError";
}

/**
 * The state machine of every wallet write: the caller `start`s a request, the dialog shows the preview,
 * `confirm` runs the steps in order, `retry` resumes at the failed step. Runs as a react-query mutation
 * under the caller's key, so a page's single busy flag (useIsMutating) covers wallet writes too.
 */
export function useTransactionFlow(options: { mutationKey?: MutationKey } = {}) {
  const config = useConfig();
  const [state, setState] = useState<TxFlowState>(CLOSED);
  const stateRef = useRef(state);
  stateRef.current = state;
  const update = useCallback((change: (s: TxFlowState) => TxFlowState) => {
    setState((s) => {
      const next = change(s);
      stateRef.current = next;
      return next;
    });
  }, []);

  const mutation = useMutation({
    mutationKey: options.mutationKey ?? ["transaction-flow"],
    mutationFn: async () => {
      const snapshot = stateRef.current;
      const request = snapshot.request;
      if (!request) return;
      const receipts: TransactionReceipt[] = snapshot.steps.flatMap((s) => (s.receipt ? [s.receipt] : []));
      let i = snapshot.steps.findIndex((s) => s.status !== "confirmed");
      if (i === -1) i = request.steps.length;
      update((s) => ({ ...s, phase: "running", error: null, failedAfterConfirmed: false, current: i }));
      try {
        for (; i < request.steps.length; i++) {
          const step = request.steps[i]!;
          const known = stateRef.current.steps[i]?.hash;
          let hash = known;
          if (!hash) {
            // Checked before every send: a wallet moved to another chain mid-flow is asked to switch back.
            const { address, chainId } = getConnection(config);
            if (!address) throw new NotConnectedError("Connect a wallet first");
            if (chainId !== request.chainId)
              throw new WrongChainError(`The wallet is on chain ${chainId}, this runs on ${request.chainId}`);
            setStep(update, i, { status: "confirm" });
            hash = await step.send({ config, account: address, chainId: request.chainId });
          }
          setStep(update, i, { status: "pending", hash });
          const receipt = await waitForTransactionReceipt(config, {
            hash,
            chainId: request.chainId,
            timeout: RECEIPT_TIMEOUT_MS,
          });
          if (receipt.status !== "success") {
            setStep(update, i, { status: "failed", hash, receipt });
            throw new RevertedOnChainError(receipt);
          }
          receipts.push(receipt);
          setStep(update, i, { status: "confirmed", hash, receipt });
        }
      } catch (error) {
        const hashKnown = stateRef.current.steps[i]?.hash;
        // A send that failed leaves no hash (Retry sends again); a hash without receipt is waited for again.
        setStep(update, i, { status: "failed", hash: error instanceof RevertedOnChainError ? undefined : hashKnown });
        update((s) => ({ ...s, phase: "failed", open: true, current: i, error: errorView(error, request.contract) }));
        throw error;
      }
      // The API's reads come from its event index: once it holds the last receipt's block, every read the write
      // changed is refreshed by the chain-change stream, and afterConfirmed's own reads see the write.
      const last = receipts[receipts.length - 1];
      if (last) await chainStream.waitForIndexed(request.chainId, last.blockNumber);
      let result: unknown;
      if (request.afterConfirmed) {
        update((s) => ({ ...s, phase: "after", current: request.steps.length }));
        try {
          result = await request.afterConfirmed(receipts[receipts.length - 1]!, receipts);
        } catch (error) {
          update((s) => ({
            ...s,
            phase: "failed",
            open: true,
            failedAfterConfirmed: true,
            error: errorView(error, request.contract),
          }));
          throw error;
        }
      }
      update((s) => ({ ...s, phase: "confirmed", current: request.steps.length }));
      request.onSuccess?.(result, receipts);
      return result;
    },
  });

  const start = useCallback(
    <R>(request: TxFlowRequest<R>) => {
      mutation.reset();
      update(() => ({
        ...CLOSED,
        request: request as TxFlowRequest<unknown>,
        phase: "preview",
        open: true,
        steps: request.steps.map(() => ({ status: "idle" })),
      }));
    },
    [mutation, update],
  );

  const switchMutation = useMutation({
    mutationFn: async () => {
      const request = stateRef.current.request;
      if (request) await switchChain(config, { chainId: request.chainId });
    },
  });

  return {
    state,
    /** Opens the dialog on the preview. */
    start,
    /** Runs the steps (from the preview, or again from the failed step). */
    confirm: () => mutation.mutate(undefined, { onError: () => {} }),
    retry: () => mutation.mutate(undefined, { onError: () => {} }),
    /** Asks the wallet to switch to the request's chain (an explicit click, never on its own). */
    switchChain: () => switchMutation.mutate(),
    switching: switchMutation.isPending,
    switchError: switchMutation.error ? describeTxError(switchMutation.error) : null,
    /** Closes the dialog; a transaction already sent keeps being mined (and recorded) in the background. */
    close: () => update((s) => (s.phase === "running" || s.phase === "after" ? { ...s, open: false } : CLOSED)),
    /** Shows a flow that was closed while it ran. */
    reopen: () => update((s) => (s.request ? { ...s, open: true } : s)),
    busy: mutation.isPending,
  };
}

export type TransactionFlow = ReturnType<typeof useTransactionFlow>;

class RevertedOnChainError extends Error {
  override readonly name = "RevertedOnChainError";
  constructor(readonly receipt: TransactionReceipt) {
    super(`The transaction was mined in block ${receipt.blockNumber} but reverted`);
  }
}

function errorView(error: unknown, contract: string | undefined): TxErrorView {
  if (error instanceof RevertedOnChainError) {
    return {
      kind: "revert",
      title: "Reverted on chain",
      message: `${error.message}; nothing changed but the gas.`,
      retryable: true,
    };
  }
  if (error instanceof NotConnectedError)
    return { kind: "unknown", title: "No wallet", message: error.message, retryable: true };
  return describeTxError(error, { contract });
}

function setStep(update: (c: (s: TxFlowState) => TxFlowState) => void, index: number, step: TxStepState) {
  update((s) => ({ ...s, current: index, steps: s.steps.map((old, i) => (i === index ? step : old)) }));
}
