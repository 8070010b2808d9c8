import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET liquid-staking/tokens: the three LSTs as the chain says them now. */
export const useLiquidTokens = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "tokens"],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.tokens, {}, { signal }),
    refetchInterval: POLL_MS,
  });
