import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { qtTokenomicsResponse, QtTokenomicsResponse } from "../../../types/api";
import { qtQueryKey } from "./keys";

/** GET /api/quantum-treasury-2/tokenomics: the spec's allocation beside the genesis holders' balances, the schedule, circulating supply. */
export const getTokenomics = (signal?: AbortSignal): Promise<QtTokenomicsResponse> =>
  api.get<typeof qtTokenomicsResponse>("/api/quantum-treasury-2/tokenomics", signal);

export const useTokenomics = () => useQuery({ queryKey: [...qtQueryKey, "tokenomics"], queryFn: ({ signal }) => getTokenomics(signal) });
