import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Position, Schema } from "./types";
import { treasuryKey, treasuryMutationKey } from "./keys";

export type StakeBody = { opportunityId: string; amount: number };

/** POST /api/treasury-staking/stake: opens a paper position at today's curve (both legs, notionals, entry yields). */
export const useStake = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "stake"],
    mutationFn: (body: StakeBody) => api.post<Schema<{ position: Position }>>("/api/treasury-staking/stake", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};

/** POST /api/treasury-staking/positions/:id/close: closes at the current curve day's marks. */
export const useClosePosition = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "close"],
    mutationFn: (id: string) => api.post<Schema<{ position: Position }>>(`/api/treasury-staking/positions/${encodeURIComponent(id)}/close`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKey }),
  });
};
