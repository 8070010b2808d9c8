import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { vibecoinsContract, type VibecoinsSuppliesResponse } from "./contract";
import { SUPPLIES_POLL_MS, vibecoinsQueryKey } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET vibecoins/supplies: VIBE and XQB on the EVM chain, VIBE on Stellar, each live or simulated. */
export const getSupplies = (signal?: AbortSignal): Promise<VibecoinsSuppliesResponse> =>
  callEndpoint(vibecoinsContract.supplies, {}, { signal });

export const suppliesQueryKey = [...vibecoinsQueryKey, "supplies"] as const;

export const useSupplies = () =>
  useQuery({
    queryKey: suppliesQueryKey,
    queryFn: ({ signal }) => getSupplies(signal),
    ...freshFromChain({ contracts: ["VibeCoin", "XQBToken"] }, SUPPLIES_POLL_MS),
  });
