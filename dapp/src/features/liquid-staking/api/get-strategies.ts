import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { strategiesResponse } from "../../../types/api";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET /api/liquid-staking/strategies: one computed strategy per pool. */
export const useStrategies = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "strategies"],
    queryFn: ({ signal }) => api.get<typeof strategiesResponse>("/api/liquid-staking/strategies", signal),
    refetchInterval: POLL_MS,
  });
