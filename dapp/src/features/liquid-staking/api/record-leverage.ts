import { api } from "../../../lib/api-client";
import type { leverageResponse, LeverageRequestBody } from "../../../types/api";

/** POST /api/liquid-staking/leverage: the API reads the wallet's openPosition receipt back and answers the indexed position. */
export const recordLeverage = (body: LeverageRequestBody) => api.post<typeof leverageResponse>("/api/liquid-staking/leverage", body);
