import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { MultisigTestResponse, PerfectResponse, TreasuryTestResponse } from "../../../types/api";
import { RUN_TIMEOUT_MS, runKeys, testnetKey } from "./keys";

// The toasts (and notistack's helpers with them) load when a run ends, not with the page's first paint.
type Toasts = typeof import("../utils/toasts");
const toasts = () => import("../utils/toasts");
const later =
  <A>(pick: (t: Toasts, a: A) => void) =>
  (a: A) =>
    void toasts().then((t) => pick(t, a));

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
  useRun<MultisigTestResponse>(
    "multisig",
    "/api/testnet/test-multisig",
    later((t, r: MultisigTestResponse) => t.toastMultisigComplete(r)),
    later((t, e: unknown) => t.toastRunFailed("The multi-sig test", e)),
  );
/** POST /api/testnet/test-treasury: deposit, mint at 150%, 149% refused, price moved, liquidated, restored. */
export const useTreasuryTest = () =>
  useRun<TreasuryTestResponse>(
    "treasury",
    "/api/testnet/test-treasury",
    later((t, r: TreasuryTestResponse) => t.toastTreasuryComplete(r)),
    later((t, e: unknown) => t.toastRunFailed("The treasury test", e)),
  );
/** POST /api/testnet/perfect: both tests, then every check. */
export const usePerfection = () =>
  useRun<PerfectResponse>(
    "perfect",
    "/api/testnet/perfect",
    later((t, r: PerfectResponse) => t.toastPerfectionComplete(r)),
    later((t, e: unknown) => t.toastPerfectionFailed(e)),
  );
