import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { vibecoinsSuppliesResponse, VibecoinsSuppliesResponse } from "../../../types/api";
import { SUPPLIES_POLL_MS, vibecoinsQueryKey } from "./keys";

/** GET /api/vibecoins/supplies: VIBE and XQB on the EVM chain, VIBE on Stellar, each live or simulated. */
export const getSupplies = (signal?: AbortSignal): Promise<VibecoinsSuppliesResponse> => api.get<typeof vibecoinsSuppliesResponse>("/api/vibecoins/supplies", signal);

export const suppliesQueryKey = [...vibecoinsQueryKey, "supplies"] as const;

export const useSupplies = () => useQuery({ queryKey: suppliesQueryKey, queryFn: ({ signal }) => getSupplies(signal), refetchInterval: SUPPLIES_POLL_MS });
