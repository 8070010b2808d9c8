import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract } from "./contract";
import { OPPORTUNITIES_POLL_MS, treasuryKey } from "./keys";

/** GET treasury-staking/opportunities: computed from today's curve, with the model and its backtest. */
export const useOpportunities = () =>
  useQuery({
    queryKey: [...treasuryKey, "opportunities"],
    queryFn: ({ signal }) => callEndpoint(treasuryStakingContract.opportunities, {}, { signal }),
    refetchInterval: OPPORTUNITIES_POLL_MS,
  });
