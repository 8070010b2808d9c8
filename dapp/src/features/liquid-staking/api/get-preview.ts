import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract, type StrategyId } from "./contract";
import { liquidStakingKey } from "./keys";

export type PreviewInput = { strategy: StrategyId; ethAmount: number; leverageRatio: number; walletAddress?: string };

/** GET liquid-staking/preview: the router's previewPosition for one ratio (and the wallet's readiness). */
export const getPreview = ({ strategy, ethAmount, leverageRatio, walletAddress }: PreviewInput, signal?: AbortSignal) =>
  callEndpoint(
    liquidStakingContract.preview,
    {
      query: {
        strategy,
        ethAmount: String(ethAmount),
        leverageRatio: String(leverageRatio),
        walletAddress: walletAddress || undefined,
      },
    },
    { signal },
  );

export const previewQueryKey = (input: PreviewInput | null) => [...liquidStakingKey, "preview", input] as const;

export const usePreview = (input: PreviewInput | null) =>
  useQuery({
    queryKey: previewQueryKey(input),
    queryFn: ({ signal }) => getPreview(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
