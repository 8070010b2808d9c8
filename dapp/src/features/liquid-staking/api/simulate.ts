import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { simulateResponse, SimulateRequestBody } from "../../../types/api";
import { liquidStakingKey } from "./keys";

/** POST /api/liquid-staking/simulate: every ratio for the amount (reads only; nothing is sent). */
export const simulateLeverage = (body: SimulateRequestBody) => api.post<typeof simulateResponse>("/api/liquid-staking/simulate", body);

export const useSimulateLeverage = () => useMutation({ mutationKey: [...liquidStakingKey, "simulate"], mutationFn: simulateLeverage });
