import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { faucetContract, type FaucetStatusResponse } from "./contract";

/** GET faucet/status: per asset what it gives here and why not, the faucet's balances, the session wallet's claims. */
export const getFaucetStatus = (signal?: AbortSignal): Promise<FaucetStatusResponse> =>
  callEndpoint(faucetContract.status, {}, { signal });

export const faucetStatusKey = ["faucet", "status"] as const;

/** Keyed by the signed-in wallet: signing in or out reads the wallet's own claims and balances. */
export const useFaucetStatus = (wallet: string | null) =>
  useQuery({
    queryKey: [...faucetStatusKey, wallet],
    queryFn: ({ signal }) => getFaucetStatus(signal),
    refetchInterval: 30_000,
  });
