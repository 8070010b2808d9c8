import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { bridgeContract } from "./contract";
import { BATCH_TIMEOUT_MS, batchKey, bridgeKey, bridgeMutationKey, latestBatchKey, TRANSFER_POLL_MS } from "./keys";
import type { BatchRequest } from "./types";

/** GET bridge/batch/latest: the last batch an operator ran, and who ran it; what a visitor sees. */
export function useLatestBatch() {
  return useQuery({
    queryKey: latestBatchKey,
    queryFn: ({ signal }) => callEndpoint(bridgeContract.latestBatch, {}, { signal }),
  });
}

/** POST bridge/batch {count, destinations, roundTrip}: an operator's action; local chain only, one batch at a time (409). */
export function useRunBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bridgeMutationKey, "batch"],
    mutationFn: (body: BatchRequest) =>
      callEndpoint(bridgeContract.runBatch, { body }, { timeoutMs: BATCH_TIMEOUT_MS }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bridgeKey }),
  });
}

/** GET bridge/batch/:id, every 2 s until the batch is done. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: batchKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: ({ signal }) => callEndpoint(bridgeContract.batch, { params: { id: id! } }, { signal }),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== "running" ? false : TRANSFER_POLL_MS),
  });
}
