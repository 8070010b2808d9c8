import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { strategiesResponse } from "../../../types/api";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET /api/liquid-staking/strategies: one computed strategy per pool. */
export const useStrategies = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "strategies"],
    queryFn: ({ signal }) => api.get("/api/liquid-staking/strategies", strategiesResponse, signal),
    refetchInterval: POLL_MS,
  });
