import { api } from "../../../lib/api-client";
import type { vibecoinsBurnResponse, VibecoinsBurnResponse } from "../../../types/api";

/** POST /api/vibecoins/burns: the API reads the burn back from the receipt, with the supply before and after. */
export const recordBurn = (transactionHash: string): Promise<VibecoinsBurnResponse> =>
  api.post<typeof vibecoinsBurnResponse>("/api/vibecoins/burns", { transactionHash });
