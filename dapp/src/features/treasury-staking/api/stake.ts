import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract, type TreasuryStakeRequest } from "./contract";
import { treasuryKey, treasuryMutationKey } from "./keys";

/** POST treasury-staking/stake: opens a paper position at today's curve (both legs, notionals, entry yields). */
export const useStake = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "stake"],
    mutationFn: (body: TreasuryStakeRequest) => callEndpoint(treasuryStakingContract.stake, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};

/** POST treasury-staking/positions/:id/close: closes at the current curve day's marks. */
export const useClosePosition = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "close"],
    mutationFn: (id: string) => callEndpoint(treasuryStakingContract.close, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};
