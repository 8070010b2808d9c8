import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import {
  testnetContract,
  type MultisigTestResponse,
  type PerfectResponse,
  type TreasuryTestResponse,
} from "./contract";
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
function useRun<T>(
  kind: keyof typeof runKeys,
  run: () => Promise<T>,
  success: (r: T) => void,
  failure: (e: unknown) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: runKeys[kind],
    mutationFn: run,
    onSuccess: success,
    onError: failure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testnetKey }),
  });
}

/** POST testnet/test-multisig: GS020 with one signature, executed with two; the pause/refused/unpause run. */
export const useMultisigTest = () =>
  useRun(
    "multisig",
    () => callEndpoint(testnetContract.testMultisig, {}, { timeoutMs: RUN_TIMEOUT_MS }),
    later((t, r: MultisigTestResponse) => t.toastMultisigComplete(r)),
    later((t, e: unknown) => t.toastRunFailed("The multi-sig test", e)),
  );
/** POST testnet/test-treasury: deposit, mint at 150%, 149% refused, price moved, liquidated, restored. */
export const useTreasuryTest = () =>
  useRun(
    "treasury",
    () => callEndpoint(testnetContract.testTreasury, {}, { timeoutMs: RUN_TIMEOUT_MS }),
    later((t, r: TreasuryTestResponse) => t.toastTreasuryComplete(r)),
    later((t, e: unknown) => t.toastRunFailed("The treasury test", e)),
  );
/** POST testnet/perfect: both tests, then every check. */
export const usePerfection = () =>
  useRun(
    "perfect",
    () => callEndpoint(testnetContract.perfect, {}, { timeoutMs: RUN_TIMEOUT_MS }),
    later((t, r: PerfectResponse) => t.toastPerfectionComplete(r)),
    later((t, e: unknown) => t.toastPerfectionFailed(e)),
  );
