import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { realStakingPracticeResponse, RealStakingPracticeResponse, StakingPoolName } from "../../../types/api";
import { realStakingQueryKey } from "./keys";

export type PracticeInput = { protocol?: StakingPoolName; ethAmount?: string; wallet?: string };

/**
 * GET /api/real-staking/practice-mode: purpose, benefits, recommendations and a dry run of depositEth
 * (eth_call + gas estimate, nothing sent). Unlike the preview it runs amounts below the pool's minimum
 * too, so the chain's own refusal can be shown in words.
 */
export const getPractice = ({ protocol, ethAmount, wallet }: PracticeInput, signal?: AbortSignal): Promise<RealStakingPracticeResponse> => {
  const q = new URLSearchParams();
  if (protocol) q.set("protocol", protocol);
  if (ethAmount) q.set("ethAmount", ethAmount);
  if (wallet) q.set("wallet", wallet);
  const query = q.toString();
  return api.get<typeof realStakingPracticeResponse>(`/api/real-staking/practice-mode${query ? `?${query}` : ""}`, signal);
};

export const usePractice = (input: PracticeInput, enabled = true) =>
  useQuery({
    queryKey: [...realStakingQueryKey, "practice", input.protocol ?? null, input.ethAmount ?? null, input.wallet ?? null],
    queryFn: ({ signal }) => getPractice(input, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
