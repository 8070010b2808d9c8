import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { MultisigTestResponse, PerfectResponse, TreasuryTestResponse } from "../../../types/api";
import { toastMultisigComplete, toastPerfectionComplete, toastPerfectionFailed, toastRunFailed, toastTreasuryComplete } from "../utils/toasts";
import { RUN_TIMEOUT_MS, runKeys, testnetKey } from "./keys";

/**
 * A run (a POST with no body), its toast, then the status read again (spec part 2 §4: after perfection,
 * multi-sig and treasury tests). `mutationKey` lets the page show a run in progress whichever tab started it.
 */
function useRun<T>(kind: keyof typeof runKeys, path: string, success: (r: T) => void, failure: (e: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: runKeys[kind],
    mutationFn: () => apiRequest(path, { method: "POST", timeoutMs: RUN_TIMEOUT_MS }) as Promise<T>,
    onSuccess: success,
    onError: failure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testnetKey }),
  });
}

/** POST /api/testnet/test-multisig: GS020 with one signature, executed with two; the pause/refused/unpause run. */
export const useMultisigTest = () =>
  useRun<MultisigTestResponse>("multisig", "/api/testnet/test-multisig", toastMultisigComplete, (e) => toastRunFailed("The multi-sig test", e));
/** POST /api/testnet/test-treasury: deposit, mint at 150%, 149% refused, price moved, liquidated, restored. */
export const useTreasuryTest = () =>
  useRun<TreasuryTestResponse>("treasury", "/api/testnet/test-treasury", toastTreasuryComplete, (e) => toastRunFailed("The treasury test", e));
/** POST /api/testnet/perfect: both tests, then every check. */
export const usePerfection = () => useRun<PerfectResponse>("perfect", "/api/testnet/perfect", toastPerfectionComplete, toastPerfectionFailed);
