import { api } from "../../../lib/api-client";
import type { realStakingCreateStakeResponse, RealStakingCreateStakeRequest, RealStakingCreateStakeResponse } from "../../../types/api";

/**
 * POST /api/real-staking/create-stake: after the wallet's depositEth is mined, the API reads the receipt
 * and the Deposit event back from the chain and answers the stake as the list shows it.
 */
export const createStake = (body: RealStakingCreateStakeRequest): Promise<RealStakingCreateStakeResponse> =>
  api.post<typeof realStakingCreateStakeResponse>("/api/real-staking/create-stake", body);
