import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { realStakingContract, type RealStakingProtocolsResponse } from "./contract";
import { PROTOCOLS_POLL_MS, realStakingQueryKey } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET real-staking/protocols: the three pools read from the chain at one block (+ the wallet's balance). */
export const getProtocols = (wallet: string | undefined, signal?: AbortSignal): Promise<RealStakingProtocolsResponse> =>
  callEndpoint(realStakingContract.protocols, { query: { wallet: wallet || undefined } }, { signal });

export const protocolsQueryKey = (wallet: string | undefined) =>
  [...realStakingQueryKey, "protocols", wallet ?? null] as const;

export const useProtocols = (wallet: string | undefined) =>
  useQuery({
    queryKey: protocolsQueryKey(wallet),
    queryFn: ({ signal }) => getProtocols(wallet, signal),
    // Re-read when a pool emits (a stake, a withdrawal, a reward, a pause).
    ...freshFromChain({ contracts: ["qETH", "vibeETH", "xqbETH"] }, PROTOCOLS_POLL_MS),
  });
