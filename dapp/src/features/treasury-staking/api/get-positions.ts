import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryPositionsResponse } from "../../../types/api";
import { POSITIONS_POLL_MS, treasuryKey } from "./keys";

export const positionsQueryKey = (userId: string | undefined) => [...treasuryKey, "positions", userId?.toLowerCase()] as const;

/** GET /api/treasury-staking/positions/:userId: marked to market on the current curve day. */
export const usePositions = (userId: string | undefined) =>
  useQuery({
    queryKey: positionsQueryKey(userId),
    queryFn: ({ signal }) => api.get<typeof treasuryPositionsResponse>(`/api/treasury-staking/positions/${encodeURIComponent(userId!)}`, signal),
    enabled: Boolean(userId),
    refetchInterval: POSITIONS_POLL_MS,
  });
