import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryCloseResponse, treasuryStakeResponse, TreasuryStakeRequest } from "../../../types/api";
import { treasuryKey, treasuryMutationKey } from "./keys";


/** POST /api/treasury-staking/stake: opens a paper position at today's curve (both legs, notionals, entry yields). */
export const useStake = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "stake"],
    mutationFn: (body: TreasuryStakeRequest) => api.post<typeof treasuryStakeResponse>("/api/treasury-staking/stake", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};

/** POST /api/treasury-staking/positions/:id/close: closes at the current curve day's marks. */
export const useClosePosition = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "close"],
    mutationFn: (id: string) => api.post<typeof treasuryCloseResponse>(`/api/treasury-staking/positions/${encodeURIComponent(id)}/close`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};
