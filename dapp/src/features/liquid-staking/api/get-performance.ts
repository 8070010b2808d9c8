import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { LEVERAGE_CONTRACTS, liquidStakingKey, POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/performance: TVL, average APY, active positions, utilisation. */
export const usePerformance = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "performance"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.performance, {}, { signal }),
    ...freshFromChain({ contracts: LEVERAGE_CONTRACTS }, POLL_MS),
  });
