import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { callEndpoint } from "../../../lib/endpoint-client";
import { freshFromChain } from "../../../lib/chain-changes";
import { crowdfundingContract, type UserStatsResponse } from "./contract";
import { crowdfundingQueryKey, PROJECTS_POLL_MS } from "./keys";

/** GET user/stats for the connected wallet: VIBE balance from the chain, score and level by the stated rule. */
export const getStats = (address: Address, signal?: AbortSignal): Promise<UserStatsResponse> =>
  callEndpoint(crowdfundingContract.stats, { query: { address } }, { signal });

export const useStats = (address: Address | undefined) =>
  useQuery({
    queryKey: [...crowdfundingQueryKey, "stats", address],
    queryFn: ({ signal }) => getStats(address!, signal),
    enabled: Boolean(address),
    ...freshFromChain({ contracts: ["VibeCoin"], account: address }, PROJECTS_POLL_MS),
  });
