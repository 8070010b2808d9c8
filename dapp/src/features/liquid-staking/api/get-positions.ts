import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { liquidStakingContract } from "./contract";
import { liquidStakingKey, POSITIONS_POLL_MS } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET liquid-staking/positions/:userId: the connected wallet's positions (or the server account's). */
export const usePositions = (userId: string | undefined) =>
  useQuery({
    queryKey: [...liquidStakingKey, "positions", userId?.toLowerCase()],
    queryFn: ({ signal }) => callEndpoint(liquidStakingContract.positions, { params: { userId: userId! } }, { signal }),
    enabled: Boolean(userId),
    // A position's debt accrues by the block; an open, close or liquidation is a block of its own.
    ...freshFromChain({ everyBlock: true }, POSITIONS_POLL_MS),
  });
