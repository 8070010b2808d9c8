import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { liquidStakingKey, POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/strategies: one computed strategy per pool. */
export const useStrategies = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "strategies"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.strategies, {}, { signal }),
    // Borrow rates and LST yields move with every block.
    ...freshFromChain({ everyBlock: true }, POLL_MS),
  });
