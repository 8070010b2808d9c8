import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { STATUS_POLL_MS } from "../constants";
import { statusKey } from "./keys";

/** GET q-isolator/status: the summary and every isolation as last verified (recorded results, no block read), re-read every STATUS_POLL_MS. */
export const useIsolatorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callEndpoint(qIsolatorContract.status, {}, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
