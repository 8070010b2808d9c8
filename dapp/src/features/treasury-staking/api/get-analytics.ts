import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { AnalyticsResponse, Schema } from "./types";
import { BONDS_POLL_MS, treasuryKey } from "./keys";

/** GET /api/treasury-staking/analytics: the spec's market overview, computed from the bundled history. */
export const useAnalytics = () =>
  useQuery({
    queryKey: [...treasuryKey, "analytics"],
    queryFn: ({ signal }) => api.get<Schema<AnalyticsResponse>>("/api/treasury-staking/analytics", signal),
    refetchInterval: BONDS_POLL_MS,
  });
