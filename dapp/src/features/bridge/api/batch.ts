import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { BATCH_TIMEOUT_MS, batchKey, bridgeKey, bridgeMutationKey, latestBatchKey, TRANSFER_POLL_MS } from "./keys";
import type { BatchRequest, BridgeBatch, LatestBatchResponse } from "./types";

/** GET /api/bridge/batch/latest: the last batch an operator ran, and who ran it; what a visitor sees. */
export function useLatestBatch() {
  return useQuery({
    queryKey: latestBatchKey,
    queryFn: ({ signal }) => apiRequest<never>("/api/bridge/batch/latest", { signal }) as Promise<LatestBatchResponse>,
  });
}

/** POST /api/bridge/batch {count, destinations, roundTrip}: an operator's action; local chain only, one batch at a time (409). */
export function useRunBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bridgeMutationKey, "batch"],
    mutationFn: (body: BatchRequest) => apiRequest<never>("/api/bridge/batch", { method: "POST", body, timeoutMs: BATCH_TIMEOUT_MS }) as Promise<BridgeBatch>,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bridgeKey }),
  });
}

/** GET /api/bridge/batch/:id, every 2 s until the batch is done. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: batchKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiRequest<never>(`/api/bridge/batch/${encodeURIComponent(id!)}`, { signal }) as Promise<BridgeBatch>,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== "running" ? false : TRANSFER_POLL_MS),
  });
}
