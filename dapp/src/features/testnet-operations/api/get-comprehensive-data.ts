import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetOperationsContract, type ComprehensiveDataResponse } from "./contract";
import { comprehensiveDataKey } from "./keys";

/** GET the dashboard's government figures, each live or the bundled snapshot with its date and series id. */
export const getComprehensiveData = (signal?: AbortSignal): Promise<ComprehensiveDataResponse> =>
  callEndpoint(testnetOperationsContract.comprehensiveData, {}, { signal });

export const useComprehensiveData = () =>
  useQuery({ queryKey: comprehensiveDataKey, queryFn: ({ signal }) => getComprehensiveData(signal) });
