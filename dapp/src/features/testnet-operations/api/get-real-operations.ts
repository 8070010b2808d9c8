import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetOperationsContract, type RealOperationsResponse } from "./contract";
import { realOperationsKey } from "./keys";

/** GET the testnets this product transacts on, each at its level now, and the algorithms it runs. */
export const getRealOperations = (signal?: AbortSignal): Promise<RealOperationsResponse> =>
  callEndpoint(testnetOperationsContract.realOperations, {}, { signal });

export const useRealOperations = () =>
  useQuery({ queryKey: realOperationsKey, queryFn: ({ signal }) => getRealOperations(signal) });
