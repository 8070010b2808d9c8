import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { mainnetReadinessHistoryResponse } from "../../../types/api";
import { historyKey, STATUS_POLL_MS } from "./keys";

/** GET /api/mainnet-readiness/history: the stored snapshots, oldest first. */
export const useMainnetReadinessHistory = () =>
  useQuery({
    queryKey: historyKey,
    queryFn: ({ signal }) => api.get<typeof mainnetReadinessHistoryResponse>("/api/mainnet-readiness/history", signal),
    refetchInterval: STATUS_POLL_MS,
  });
