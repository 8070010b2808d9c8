import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { quantumTreasury2Contract, type QtProposalListResponse } from "./contract";
import { qtQueryKey } from "./keys";

/** While a proposal waits, owners sign from other browsers: their signatures show here within this. */
export const PROPOSALS_POLL_MS = 4_000;

export const proposalsQueryKey = [...qtQueryKey, "proposals"] as const;

/** GET quantum-treasury-2/proposals: the Safe's proposals, newest first (pending ones wait for owners). */
export const getProposals = (signal?: AbortSignal): Promise<QtProposalListResponse> =>
  callEndpoint(quantumTreasury2Contract.proposals, { query: {} }, { signal });

/** Re-read often while any proposal is pending (signatures arrive from other owners' wallets), else with the page's reads. */
export const useProposals = () =>
  useQuery({
    queryKey: proposalsQueryKey,
    queryFn: ({ signal }) => getProposals(signal),
    refetchInterval: (q) => (q.state.data?.proposals.some((p) => p.status === "pending") ? PROPOSALS_POLL_MS : 30_000),
  });
