import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryReplayResponse, TreasuryReplayStep } from "../../../types/api";
import { treasuryKey, treasuryMutationKey } from "./keys";

export type ReplayStep = TreasuryReplayStep;

/** GET /api/treasury-staking/replay: the replay clock's curve day, and whether this chain may move it. */
export const useReplay = () =>
  useQuery({
    queryKey: [...treasuryKey, "replay"],
    queryFn: ({ signal }) => api.get<typeof treasuryReplayResponse>("/api/treasury-staking/replay", signal),
  });

/** POST /api/treasury-staking/replay/advance {by}: local chain only; then every query reads again (a new curve day moves every figure). */
export const useAdvanceReplay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "replay"],
    mutationFn: (by: ReplayStep) => api.post<typeof treasuryReplayResponse>("/api/treasury-staking/replay/advance", { by }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
