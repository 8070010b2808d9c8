import { useMutation } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract, type SimulateRequestBody } from "./contract";
import { liquidStakingKey } from "./keys";

/** POST liquid-staking/simulate: every ratio for the amount (reads only; nothing is sent). */
export const simulateLeverage = (body: SimulateRequestBody) => callEndpoint(liquidStakingContract.simulate, { body });

export const useSimulateLeverage = () =>
  useMutation({ mutationKey: [...liquidStakingKey, "simulate"], mutationFn: simulateLeverage });
