import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { previewResponse, StrategyId } from "../../../types/api";
import { liquidStakingKey } from "./keys";

export type PreviewInput = { strategy: StrategyId; ethAmount: number; leverageRatio: number; walletAddress?: string };

/** GET /api/liquid-staking/preview: the router's previewPosition for one ratio (and the wallet's readiness). */
export const getPreview = ({ strategy, ethAmount, leverageRatio, walletAddress }: PreviewInput, signal?: AbortSignal) => {
  const q = new URLSearchParams({ strategy, ethAmount: String(ethAmount), leverageRatio: String(leverageRatio) });
  if (walletAddress) q.set("walletAddress", walletAddress);
  return api.get<typeof previewResponse>(`/api/liquid-staking/preview?${q}`, signal);
};

export const previewQueryKey = (input: PreviewInput | null) => [...liquidStakingKey, "preview", input] as const;

export const usePreview = (input: PreviewInput | null) =>
  useQuery({
    queryKey: previewQueryKey(input),
    queryFn: ({ signal }) => getPreview(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
