import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { positionsResponse } from "../../../types/api";
import { liquidStakingKey, POSITIONS_POLL_MS } from "./keys";

/** GET /api/liquid-staking/positions/:userId: the connected wallet's positions (or the server account's). */
export const usePositions = (userId: string | undefined) =>
  useQuery({
    queryKey: [...liquidStakingKey, "positions", userId?.toLowerCase()],
    queryFn: ({ signal }) => api.get<typeof positionsResponse>(`/api/liquid-staking/positions/${userId}`, signal),
    enabled: Boolean(userId),
    refetchInterval: POSITIONS_POLL_MS,
  });
