import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { liquidStakingKey, POSITIONS_POLL_MS } from "./keys";

/** GET liquid-staking/positions/:userId: the connected wallet's positions (or the server account's). */
export const usePositions = (userId: string | undefined) =>
  useQuery({
    queryKey: [...liquidStakingKey, "positions", userId?.toLowerCase()],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.positions, { params: { userId: userId! } }, { signal }),
    enabled: Boolean(userId),
    refetchInterval: POSITIONS_POLL_MS,
  });
