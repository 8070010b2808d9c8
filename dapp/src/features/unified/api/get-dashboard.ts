import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { OPERATIONS, type Operation } from "../constants";
import { unifiedContract, type ExecuteResponse } from "./contract";
import { unifiedKeys } from "./keys";

/** The spec's status polling interval (part 1 §9), kept for every dashboard read. */
const POLL_MS = 30_000;

export const usePlatforms = () =>
  useQuery({
    queryKey: unifiedKeys.platforms,
    queryFn: ({ signal }) => callEndpoint(unifiedContract.platforms, {}, { signal }),
    refetchInterval: POLL_MS,
  });

export const useOperations = () =>
  useQuery({
    queryKey: unifiedKeys.operations,
    queryFn: ({ signal }) => callEndpoint(unifiedContract.operations, {}, { signal }),
    refetchInterval: POLL_MS,
  });

export const useMonitoring = () =>
  useQuery({
    queryKey: unifiedKeys.monitoring,
    queryFn: ({ signal }) => callEndpoint(unifiedContract.monitoring, {}, { signal }),
    refetchInterval: POLL_MS,
  });

/**
 * POST execute with the spec's payload. Its success refreshes every unified read (the status, the cards, the
 * stored runs), as the spec's "success refreshes status" says.
 */
export function useExecute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: unifiedKeys.execute,
    mutationFn: (operation: Operation): Promise<ExecuteResponse> =>
      callEndpoint(unifiedContract.execute, {
        body: { platform: OPERATIONS[operation].platform, operation, data: { timestamp: new Date().toISOString() } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unifiedKeys.all }),
  });
}
