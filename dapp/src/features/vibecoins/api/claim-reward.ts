import { api } from "../../../lib/api-client";
import type { vibecoinsRewardResponse, VibecoinsRewardResponse } from "../../../types/api";

/** The mint waits for its block and the supply reads: longer than a plain read. */
const REWARD_TIMEOUT_MS = 30_000;

/** POST /api/vibecoins/reward: the server minter mints the reward to the signed-in wallet (no body). */
export const claimReward = (): Promise<VibecoinsRewardResponse> => api.post<typeof vibecoinsRewardResponse>("/api/vibecoins/reward", undefined, REWARD_TIMEOUT_MS);
