import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";
import { isFinal } from "../utils/steps";
import { TRANSFER_POLL_MS, transferKey } from "./keys";
import type { BridgeTransfer } from "./types";

/**
 * GET /api/bridge/transfers/:lockId, every 2 s until the transfer is final (delivered, refunded,
 * released, rejected). A 404 is not an error here: the relayer has not picked the lock (or the payment)
 * up yet, so the answer is `null` and polling goes on.
 */
export function useBridgeTransfer(id: string | null) {
  return useQuery({
    queryKey: transferKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<never>(`/api/bridge/transfers/${encodeURIComponent(id!)}`, { signal }) as BridgeTransfer;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.state) ? false : TRANSFER_POLL_MS),
  });
}
