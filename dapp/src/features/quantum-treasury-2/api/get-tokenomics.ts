import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { quantumTreasury2Contract, type QtTokenomicsResponse } from "./contract";
import { qtQueryKey } from "./keys";

/** GET quantum-treasury-2/tokenomics: the spec's allocation beside the genesis holders' balances, the schedule, circulating supply. */
export const getTokenomics = (signal?: AbortSignal): Promise<QtTokenomicsResponse> =>
  callEndpoint(quantumTreasury2Contract.tokenomics, {}, { signal });

export const useTokenomics = () =>
  useQuery({ queryKey: [...qtQueryKey, "tokenomics"], queryFn: ({ signal }) => getTokenomics(signal) });
