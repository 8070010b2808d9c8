import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { environmentalContract } from "./contract";
import { LEDGER_POLL_MS, rewardsKey } from "./keys";

/** GET environmental/rewards: one page of VIBE mints, newest first (`cursor` null for the newest page). */
export const useRewards = (limit: number, cursor: string | null) =>
  useQuery({
    queryKey: rewardsKey(limit, cursor),
    queryFn: ({ signal }) =>
      callEndpoint(environmentalContract.rewards, { query: { limit, ...(cursor ? { cursor } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: cursor ? false : LEDGER_POLL_MS,
  });
