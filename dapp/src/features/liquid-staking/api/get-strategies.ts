import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { LEVERAGE_CONTRACTS, liquidStakingKey, POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/strategies: one computed strategy per pool. */
export const useStrategies = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "strategies"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.strategies, {}, { signal }),
    ...freshFromChain({ contracts: LEVERAGE_CONTRACTS }, POLL_MS),
  });
