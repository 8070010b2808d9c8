import { callEndpoint } from "../../../lib/endpoint-client";
import { vibecoinsContract, type VibecoinsBurnResponse } from "./contract";

/** POST vibecoins/burns: the API reads the burn back from the receipt, with the supply before and after. */
export const recordBurn = (transactionHash: string): Promise<VibecoinsBurnResponse> =>
  callEndpoint(vibecoinsContract.burns, { body: { transactionHash } });
