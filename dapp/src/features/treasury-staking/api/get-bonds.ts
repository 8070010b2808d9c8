import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract } from "./contract";
import { BONDS_POLL_MS, treasuryKey } from "./keys";

export const bondsQueryKey = [...treasuryKey, "bonds"] as const;

/** GET treasury-staking/bonds: every published tenor, the curves (today, a month, a year ago), asOf and source. */
export const useBonds = () =>
  useQuery({
    queryKey: bondsQueryKey,
    queryFn: ({ signal }) => callEndpoint(treasuryStakingContract.bonds, {}, { signal }),
    refetchInterval: BONDS_POLL_MS,
  });
