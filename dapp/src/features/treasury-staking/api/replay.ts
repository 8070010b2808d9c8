import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract, type TreasuryReplayStep } from "./contract";
import { treasuryKey, treasuryMutationKey } from "./keys";

export type ReplayStep = TreasuryReplayStep;

/** GET treasury-staking/replay: the replay clock's curve day, and whether this chain may move it. */
export const useReplay = () =>
  useQuery({
    queryKey: [...treasuryKey, "replay"],
    queryFn: ({ signal }) => callEndpoint(treasuryStakingContract.replay, {}, { signal }),
  });

/** POST treasury-staking/replay/advance {by}: local chain only; then every query reads again (a new curve day moves every figure). */
export const useAdvanceReplay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "replay"],
    mutationFn: (by: ReplayStep) => callEndpoint(treasuryStakingContract.advanceReplay, { body: { by } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
