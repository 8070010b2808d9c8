import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mainnetReadinessContract } from "./contract";
import { historyKey, STATUS_POLL_MS } from "./keys";

/** GET mainnet-readiness/history: the stored snapshots, oldest first. */
export const useMainnetReadinessHistory = () =>
  useQuery({
    queryKey: historyKey,
    queryFn: ({ signal }) => callEndpoint(mainnetReadinessContract.history, { query: {} }, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
