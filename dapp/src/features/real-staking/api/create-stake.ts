import { callEndpoint } from "../../../lib/endpoint-client";
import {
  realStakingContract,
  type RealStakingCreateStakeRequest,
  type RealStakingCreateStakeResponse,
} from "./contract";

/**
 * POST real-staking/create-stake: after the wallet's depositEth is mined, the API reads the receipt
 * and the Deposit event back from the chain and answers the stake as the list shows it.
 */
export const createStake = (body: RealStakingCreateStakeRequest): Promise<RealStakingCreateStakeResponse> =>
  callEndpoint(realStakingContract.createStake, { body });
