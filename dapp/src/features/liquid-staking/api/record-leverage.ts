import { api } from "../../../lib/api-client";
import { leverageResponse, type LeverageRequestBody } from "../../../types/api";

/** POST /api/liquid-staking/leverage: the API reads the wallet's openPosition receipt back and answers the indexed position. */
export const recordLeverage = (body: LeverageRequestBody) => api.post("/api/liquid-staking/leverage", body, leverageResponse);
