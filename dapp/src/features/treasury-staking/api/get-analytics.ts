import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryAnalyticsResponse } from "../../../types/api";
import { BONDS_POLL_MS, treasuryKey } from "./keys";

/** GET /api/treasury-staking/analytics: the spec's market overview, computed from the bundled history. */
export const useAnalytics = () =>
  useQuery({
    queryKey: [...treasuryKey, "analytics"],
    queryFn: ({ signal }) => api.get<typeof treasuryAnalyticsResponse>("/api/treasury-staking/analytics", signal),
    refetchInterval: BONDS_POLL_MS,
  });
