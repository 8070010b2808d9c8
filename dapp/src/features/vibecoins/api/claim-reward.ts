import { callEndpoint } from "../../../lib/endpoint-client";
import { vibecoinsContract, type VibecoinsRewardResponse } from "./contract";

/** The mint waits for its block and the supply reads: longer than a plain read. */
const REWARD_TIMEOUT_MS = 30_000;

/** POST vibecoins/reward: the server minter mints the reward to the signed-in wallet (no body). */
export const claimReward = (): Promise<VibecoinsRewardResponse> =>
  callEndpoint(vibecoinsContract.reward, {}, { timeoutMs: REWARD_TIMEOUT_MS });
