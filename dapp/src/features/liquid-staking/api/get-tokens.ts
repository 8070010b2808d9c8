import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { tokensResponse } from "../../../types/api";
import { liquidStakingKey, POLL_MS } from "./keys";

/** GET /api/liquid-staking/tokens: the three LSTs as the chain says them now. */
export const useLiquidTokens = () =>
  useQuery({
    queryKey: [...liquidStakingKey, "tokens"],
    queryFn: ({ signal }) => api.get<typeof tokensResponse>("/api/liquid-staking/tokens", signal),
    refetchInterval: POLL_MS,
  });
