import { useQuery } from "@tanstack/react-query";
import { ApiRequestError } from "../../../lib/api-client";
import { callEndpoint } from "../../../lib/endpoint-client";
import { isFinal } from "../utils/steps";
import { bridgeContract } from "./contract";
import { TRANSFER_POLL_MS, transferKey } from "./keys";

/**
 * GET bridge/transfers/:lockId, every 2 s until the transfer is final (delivered, refunded,
 * released, rejected). A 404 is not an error here: the relayer has not picked the lock (or the payment)
 * up yet, so the answer is `null` and polling goes on.
 */
export function useBridgeTransfer(id: string | null) {
  return useQuery({
    queryKey: transferKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(bridgeContract.transfer, { params: { lockId: id! } }, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.state) ? false : TRANSFER_POLL_MS),
  });
}
