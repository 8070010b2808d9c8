import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { treasuryStakingContract } from "./contract";
import { POSITIONS_POLL_MS, treasuryKey } from "./keys";

export const positionsQueryKey = (userId: string | undefined) =>
  [...treasuryKey, "positions", userId?.toLowerCase()] as const;

/** GET treasury-staking/positions/:userId: marked to market on the current curve day. */
export const usePositions = (userId: string | undefined) =>
  useQuery({
    queryKey: positionsQueryKey(userId),
    queryFn: ({ signal }) =>
      callEndpoint(treasuryStakingContract.positions, { params: { userId: userId! } }, { signal }),
    enabled: Boolean(userId),
    refetchInterval: POSITIONS_POLL_MS,
  });
