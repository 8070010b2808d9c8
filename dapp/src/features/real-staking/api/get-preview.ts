import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { realStakingContract, type RealStakingPreviewResponse, type StakingPoolName } from "./contract";
import { realStakingQueryKey } from "./keys";

export type PreviewInput = { protocol: StakingPoolName; ethAmount: string; wallet?: string };

/** GET real-staking/preview: previewDeposit's exact shares, daily rewards and (with a wallet) a dry run. */
export const getPreview = (
  { protocol, ethAmount, wallet }: PreviewInput,
  signal?: AbortSignal,
): Promise<RealStakingPreviewResponse> =>
  callEndpoint(
    realStakingContract.preview,
    { query: { protocol, ethAmount, wallet: wallet || undefined } },
    { signal },
  );

/** `input` null: the form is not valid yet, nothing is asked. */
export const usePreview = (input: PreviewInput | null) =>
  useQuery({
    queryKey: [...realStakingQueryKey, "preview", input?.protocol, input?.ethAmount, input?.wallet ?? null],
    queryFn: ({ signal }) => getPreview(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
