import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type MintHistoryResponse, type MintRecord } from "./contract";
import { unifiedStatusQueryKey } from "./get-unified-status";

export const MINT_HISTORY_LIMIT = 20;

/** One page of the stored mints, newest first; `cursor` (the previous page's nextCursor) for the older ones. */
export const getMintHistory = (
  limit = MINT_HISTORY_LIMIT,
  signal?: AbortSignal,
  cursor?: string,
): Promise<MintHistoryResponse> => callEndpoint(mintingContract.history, { query: { limit, cursor } }, { signal });

export const mintHistoryQueryKey = ["minting", "history"] as const;

export const getMintHistoryQueryOptions = (limit = MINT_HISTORY_LIMIT) =>
  queryOptions({
    queryKey: [...mintHistoryQueryKey, { limit }],
    queryFn: ({ signal }) => getMintHistory(limit, signal),
  });

export const useMintHistory = (limit = MINT_HISTORY_LIMIT) => useQuery(getMintHistoryQueryOptions(limit));

/**
 * Puts a new record at the top of the cached history at once, then refetches the server's list, and the
 * status, whose latest block and stored-mint counts the mint just changed.
 */
export async function prependToMintHistory(queryClient: QueryClient, record: MintRecord) {
  // A live EVM record that has its block was mined on the chain the API uses now; the refetch confirms it.
  const entry = {
    ...record,
    onCurrentChain:
      record.ledger === "ethereum" && record.source === "live" && record.ledgerIndex !== null ? true : null,
  };
  queryClient.setQueriesData<MintHistoryResponse>({ queryKey: mintHistoryQueryKey }, (old) => ({
    mints: [entry, ...(old?.mints ?? []).filter((m) => m.id !== record.id)],
    nextCursor: old?.nextCursor ?? null,
  }));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: mintHistoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: unifiedStatusQueryKey }),
  ]);
}

/** Every minting mutation shares this key prefix, so the page holds one busy flag for all of them. */
export const mintMutationKey = ["minting", "mint"] as const;
