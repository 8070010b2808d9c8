import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { performanceResponse } from "../../../types/api";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET /api/liquid-staking/performance: TVL, average APY, active positions, utilisation. */
export const usePerformance = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "performance"],
    queryFn: ({ signal }) => api.get<typeof performanceResponse>("/api/liquid-staking/performance", signal),
    refetchInterval: POLL_MS,
  });
