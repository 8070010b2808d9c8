import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mainnetReadinessContract } from "./contract";
import { STATUS_POLL_MS, statusKey } from "./keys";

/** GET mainnet-readiness/status: the items (failing first), the score and the role holders. */
export const useMainnetReadinessStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callEndpoint(mainnetReadinessContract.status, {}, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
