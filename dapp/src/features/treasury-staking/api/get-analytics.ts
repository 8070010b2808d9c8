import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract } from "./contract";
import { BONDS_POLL_MS, treasuryKey } from "./keys";

/** GET treasury-staking/analytics: the spec's market overview, computed from the bundled history. */
export const useAnalytics = () =>
  useQuery({
    queryKey: [...treasuryKey, "analytics"],
    queryFn: ({ signal }) => callEndpoint(treasuryStakingContract.analytics, {}, { signal }),
    refetchInterval: BONDS_POLL_MS,
  });
