import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { LEVERAGE_CONTRACTS, liquidStakingKey, POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/tokens: the three LSTs as the chain says them now. */
export const useLiquidTokens = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "tokens"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.tokens, {}, { signal }),
    // Re-read when a pool, the lending pool, the router or the price feed emits (a stake, a borrow, a new price).
    ...freshFromChain({ contracts: LEVERAGE_CONTRACTS }, POLL_MS),
  });
