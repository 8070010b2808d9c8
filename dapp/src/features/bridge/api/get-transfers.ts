import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { SUMMARY_POLL_MS, transfersKey } from "./keys";
import type { BridgeTransfersResponse } from "./types";

/** GET /api/bridge/transfers?address=: the transfers a wallet sent or received (every wallet's without one), every 5 s. */
export function useBridgeTransfers(address: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: transfersKey(address),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<never>(`/api/bridge/transfers${address ? `?address=${encodeURIComponent(address)}` : ""}`, { signal }) as Promise<BridgeTransfersResponse>,
    refetchInterval: SUMMARY_POLL_MS,
  });
}
