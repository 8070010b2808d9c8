import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ReplayResponse, Schema } from "./types";
import { treasuryKey, treasuryMutationKey } from "./keys";

export const REPLAY_STEPS = ["day", "week", "month"] as const;
export type ReplayStep = (typeof REPLAY_STEPS)[number];

/** GET /api/treasury-staking/replay: the replay clock's curve day, and whether this chain may move it. */
export const useReplay = () =>
  useQuery({
    queryKey: [...treasuryKey, "replay"],
    queryFn: ({ signal }) => api.get<Schema<ReplayResponse>>("/api/treasury-staking/replay", signal),
  });

/** POST /api/treasury-staking/replay/advance {by}: local chain only; then every query reads again (a new curve day moves every figure). */
export const useAdvanceReplay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...treasuryMutationKey, "replay"],
    mutationFn: (by: ReplayStep) => api.post<Schema<ReplayResponse>>("/api/treasury-staking/replay/advance", { by }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
