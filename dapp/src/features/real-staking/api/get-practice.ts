import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { realStakingContract, type RealStakingPracticeResponse, type StakingPoolName } from "./contract";
import { realStakingQueryKey } from "./keys";

export type PracticeInput = { protocol?: StakingPoolName; ethAmount?: string; wallet?: string };

/**
 * GET real-staking/practice-mode: purpose, benefits, recommendations and a dry run of depositEth
 * (eth_call + gas estimate, nothing sent). Unlike the preview it runs amounts below the pool's minimum
 * too, so the chain's own refusal can be shown in words.
 */
export const getPractice = (
  { protocol, ethAmount, wallet }: PracticeInput,
  signal?: AbortSignal,
): Promise<RealStakingPracticeResponse> =>
  // An empty field is left out, not sent empty.
  callEndpoint(
    realStakingContract.practiceMode,
    { query: { protocol: protocol || undefined, ethAmount: ethAmount || undefined, wallet: wallet || undefined } },
    { signal },
  );

export const usePractice = (input: PracticeInput, enabled = true) =>
  useQuery({
    queryKey: [
      ...realStakingQueryKey,
      "practice",
      input.protocol ?? null,
      input.ethAmount ?? null,
      input.wallet ?? null,
    ],
    queryFn: ({ signal }) => getPractice(input, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
