import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { realStakingContract, type RealStakingStakesResponse } from "./contract";
import { realStakingQueryKey, STAKES_POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET real-staking/stakes/{wallet}: the wallet's deposits from the event index, valued now. */
export const getStakes = (wallet: string, signal?: AbortSignal): Promise<RealStakingStakesResponse> =>
  callEndpoint(realStakingContract.stakes, { params: { walletAddress: wallet } }, { signal });

export const stakesQueryKey = (wallet: string | undefined) =>
  [...realStakingQueryKey, "stakes", wallet ?? null] as const;

/** Only with a connected wallet (spec §7), every 15 s. */
export const useStakes = (wallet: string | undefined) =>
  useQuery({
    queryKey: stakesQueryKey(wallet),
    queryFn: ({ signal }) => getStakes(wallet!, signal),
    enabled: Boolean(wallet),
    // Values by the block, and a withdrawal becomes claimable by chain time.
    ...freshFromChain({ everyBlock: true }, STAKES_POLL_MS),
  });
