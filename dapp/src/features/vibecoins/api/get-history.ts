import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { vibecoinsContract, type VibecoinsHistoryResponse } from "./contract";
import { vibecoinsQueryKey } from "./keys";

/** GET vibecoins/history?address=: the wallet's rewards and burns from the event index. */
export const getHistory = (address: string, signal?: AbortSignal): Promise<VibecoinsHistoryResponse> =>
  callEndpoint(vibecoinsContract.history, { query: { address } }, { signal });

export const historyQueryKey = (address: string | undefined) =>
  [...vibecoinsQueryKey, "history", address ?? null] as const;

export const useHistory = (address: string | undefined) =>
  useQuery({
    queryKey: historyQueryKey(address),
    queryFn: ({ signal }) => getHistory(address!, signal),
    enabled: Boolean(address),
  });
