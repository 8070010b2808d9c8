import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { cryptocurrencyContract, type EcosystemStatusResponse } from "./contract";
import { ecosystemKey } from "./keys";

/** GET the overview computed now: operational coins by the stated rule, the levels counted, the response time. */
export const getEcosystemStatus = (signal?: AbortSignal): Promise<EcosystemStatusResponse> =>
  callEndpoint(cryptocurrencyContract.ecosystemStatus, {}, { signal });

export const useEcosystemStatus = () =>
  useQuery({ queryKey: ecosystemKey, queryFn: ({ signal }) => getEcosystemStatus(signal), refetchInterval: 60_000 });
