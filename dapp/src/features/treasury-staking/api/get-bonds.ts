import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { treasuryBondsResponse } from "../../../types/api";
import { BONDS_POLL_MS, treasuryKey } from "./keys";

export const bondsQueryKey = [...treasuryKey, "bonds"] as const;

/** GET /api/treasury-staking/bonds: every published tenor, the curves (today, a month, a year ago), asOf and source. */
export const useBonds = () =>
  useQuery({
    queryKey: bondsQueryKey,
    queryFn: ({ signal }) => api.get<typeof treasuryBondsResponse>("/api/treasury-staking/bonds", signal),
    refetchInterval: BONDS_POLL_MS,
  });
