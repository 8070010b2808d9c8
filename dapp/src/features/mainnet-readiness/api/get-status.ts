import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { mainnetReadinessStatusResponse } from "../../../types/api";
import { STATUS_POLL_MS, statusKey } from "./keys";

/** GET /api/mainnet-readiness/status: the items (failing first), the score and the role holders. */
export const useMainnetReadinessStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<typeof mainnetReadinessStatusResponse>("/api/mainnet-readiness/status", signal),
    refetchInterval: STATUS_POLL_MS,
  });
