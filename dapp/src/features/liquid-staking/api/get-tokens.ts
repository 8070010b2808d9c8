import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { tokensResponse } from "../../../types/api";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET /api/liquid-staking/tokens: the three LSTs as the chain says them now. */
export const useLiquidTokens = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "tokens"],
    queryFn: ({ signal }) => api.get("/api/liquid-staking/tokens", tokensResponse, signal),
    refetchInterval: POLL_MS,
  });
