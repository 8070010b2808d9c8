import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryOpportunitiesResponse } from "../../../types/api";
import { OPPORTUNITIES_POLL_MS, treasuryKey } from "./keys";

/** GET /api/treasury-staking/opportunities: computed from today's curve, with the model and its backtest. */
export const useOpportunities = () =>
  useQuery({
    queryKey: [...treasuryKey, "opportunities"],
    queryFn: ({ signal }) => api.get<typeof treasuryOpportunitiesResponse>("/api/treasury-staking/opportunities", signal),
    refetchInterval: OPPORTUNITIES_POLL_MS,
  });
