import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { unifiedStatusResponse } from "../../../types/api";

/**
 * The API's own account (GET /api/unified/status names it): the spec's demo user, whose positions the
 * My Positions tab shows while no wallet is connected. Shares the status query's key and cache.
 */
export const useServerAccount = (enabled: boolean) =>
  useQuery({
    queryKey: ["unified", "status"],
    queryFn: ({ signal }) => api.get<typeof unifiedStatusResponse>("/api/unified/status", signal),
    enabled,
    select: (status) => status.ledgers.ethereum.account ?? null,
  });
