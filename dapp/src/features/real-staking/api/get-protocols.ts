import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { realStakingProtocolsResponse, RealStakingProtocolsResponse } from "../../../types/api";
import { PROTOCOLS_POLL_MS, realStakingQueryKey } from "./keys";

/** GET /api/real-staking/protocols: the three pools read from the chain at one block (+ the wallet's balance). */
export const getProtocols = (wallet: string | undefined, signal?: AbortSignal): Promise<RealStakingProtocolsResponse> =>
  api.get<typeof realStakingProtocolsResponse>(`/api/real-staking/protocols${wallet ? `?wallet=${wallet}` : ""}`, signal);

export const protocolsQueryKey = (wallet: string | undefined) => [...realStakingQueryKey, "protocols", wallet ?? null] as const;

export const useProtocols = (wallet: string | undefined) =>
  useQuery({ queryKey: protocolsQueryKey(wallet), queryFn: ({ signal }) => getProtocols(wallet, signal), refetchInterval: PROTOCOLS_POLL_MS });
