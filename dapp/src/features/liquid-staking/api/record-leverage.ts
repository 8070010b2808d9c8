import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract, type LeverageRequestBody } from "./contract";

/** POST liquid-staking/leverage: the API reads the wallet's openPosition receipt back and answers the indexed position. */
export const recordLeverage = (body: LeverageRequestBody) => callEndpoint(liquidStakingContract.leverage, { body });
