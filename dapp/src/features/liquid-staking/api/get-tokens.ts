import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { liquidStakingKey, POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/tokens: the three LSTs as the chain says them now. */
export const useLiquidTokens = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "tokens"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.tokens, {}, { signal }),
    // LST rates move with every block (rewards accrue by chain time).
    ...freshFromChain({ everyBlock: true }, POLL_MS),
  });
