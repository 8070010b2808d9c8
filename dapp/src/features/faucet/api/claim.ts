import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../../lib/api-client";
import { callEndpoint } from "../../../lib/endpoint-client";
import type { FaucetAsset } from "../constants";
import { faucetContract, type FaucetClaimResponse } from "./contract";
import { faucetStatusKey } from "./get-status";

/** POST faucet/claim {asset}: one claim for the signed-in wallet; the API waits for the receipt. */
export const claimFromFaucet = (asset: FaucetAsset): Promise<FaucetClaimResponse> =>
  callEndpoint(faucetContract.claim, { body: { asset } }, { timeoutMs: 30_000 });

/** When a 429 says this wallet may claim again (its `details.nextClaimAt`), else null. */
export function nextClaimFromRefusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.code !== "RATE_LIMITED") return null;
  return error.body?.details?.nextClaimAt ?? null;
}

/** When a 429 says the faucet's global budget is spent: which window ("hourly" | "daily") and the API's sentence, else null. */
export function budgetRefusal(error: unknown): { budget: string; message: string } | null {
  if (!(error instanceof ApiRequestError) || error.code !== "RATE_LIMITED") return null;
  const budget = error.body?.details?.budget;
  return budget ? { budget, message: error.body?.error ?? error.message } : null;
}

export function useClaim(
  asset: FaucetAsset,
  handlers: { onSuccess: (r: FaucetClaimResponse) => void; onError: (e: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["faucet", "claim", asset],
    mutationFn: () => claimFromFaucet(asset),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    // Balances and the window changed (or were confirmed): read them again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: faucetStatusKey }),
  });
}
