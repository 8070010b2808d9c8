import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { cryptocurrencyContract, type ResponseTimesResponse } from "./contract";
import { responseTimesKey } from "./keys";

/** GET per coin the mean and median wall time of its latest successful test transactions, with the sample size. */
export const getResponseTimes = (signal?: AbortSignal): Promise<ResponseTimesResponse> =>
  callEndpoint(cryptocurrencyContract.responseTimes, {}, { signal });

export const useResponseTimes = () =>
  useQuery({ queryKey: responseTimesKey, queryFn: ({ signal }) => getResponseTimes(signal) });
