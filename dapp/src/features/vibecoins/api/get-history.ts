import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { vibecoinsHistoryResponse, VibecoinsHistoryResponse } from "../../../types/api";
import { vibecoinsQueryKey } from "./keys";

/** GET /api/vibecoins/history?address=: the wallet's rewards and burns from the event index. */
export const getHistory = (address: string, signal?: AbortSignal): Promise<VibecoinsHistoryResponse> =>
  api.get<typeof vibecoinsHistoryResponse>(`/api/vibecoins/history?address=${encodeURIComponent(address)}`, signal);

export const historyQueryKey = (address: string | undefined) => [...vibecoinsQueryKey, "history", address ?? null] as const;

export const useHistory = (address: string | undefined) =>
  useQuery({ queryKey: historyQueryKey(address), queryFn: ({ signal }) => getHistory(address!, signal), enabled: Boolean(address) });
