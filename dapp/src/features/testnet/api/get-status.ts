import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { STATUS_POLL_MS } from "../utils/readiness";
import { testnetContract } from "./contract";
import { statusKey } from "./keys";

/** GET testnet/status: the flags, the readiness checks, the measured performance, the latest runs. Every 5 s. */
export const useTestnetStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callEndpoint(testnetContract.status, {}, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
