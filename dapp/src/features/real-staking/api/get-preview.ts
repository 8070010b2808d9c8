import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { realStakingPreviewResponse, RealStakingPreviewResponse, StakingPoolName } from "../../../types/api";
import { realStakingQueryKey } from "./keys";

export type PreviewInput = { protocol: StakingPoolName; ethAmount: string; wallet?: string };

/** GET /api/real-staking/preview: previewDeposit's exact shares, daily rewards and (with a wallet) a dry run. */
export const getPreview = ({ protocol, ethAmount, wallet }: PreviewInput, signal?: AbortSignal): Promise<RealStakingPreviewResponse> => {
  const q = new URLSearchParams({ protocol, ethAmount });
  if (wallet) q.set("wallet", wallet);
  return api.get<typeof realStakingPreviewResponse>(`/api/real-staking/preview?${q}`, signal);
};

/** `input` null: the form is not valid yet, nothing is asked. */
export const usePreview = (input: PreviewInput | null) =>
  useQuery({
    queryKey: [...realStakingQueryKey, "preview", input?.protocol, input?.ethAmount, input?.wallet ?? null],
    queryFn: ({ signal }) => getPreview(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
