import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { urlOf } from "../../../../../api/src/http/endpoint";
import { freshFromChain } from "../../../lib/chain-changes";
import { callEndpoint, type EndpointInput } from "../../../lib/endpoint-client";
import { operationsLogContract, type OperationsResponse } from "./contract";

export type OperationsQueryInput = EndpointInput<typeof operationsLogContract.list>["query"];
export type OperationsFilterInput = EndpointInput<typeof operationsLogContract.csv>["query"];

export const operationsLogKey = ["operations-log"] as const;

/** Without the chain's change stream the log is read again this often (a write elsewhere adds rows). */
const FALLBACK_POLL_MS = 30_000;

/** GET one page of the log for the filters: its rows, the cursors on either side, the count and the filter options. */
export const getOperations = (query: OperationsQueryInput, signal?: AbortSignal): Promise<OperationsResponse> =>
  callEndpoint(operationsLogContract.list, { query }, { signal });

/**
 * The page the URL names. The rows shown stay while the next page or filter loads (no blank table between pages);
 * every new block refreshes it, since most blocks carry an operation of some feature.
 */
export const useOperations = (query: OperationsQueryInput) =>
  useQuery({
    queryKey: [...operationsLogKey, query],
    queryFn: ({ signal }) => getOperations(query, signal),
    placeholderData: keepPreviousData,
    ...freshFromChain({ everyBlock: true }, FALLBACK_POLL_MS),
  });

/** The CSV export of the same filters: a plain link, so the browser downloads it with its own progress. */
export const csvUrl = (filters: OperationsFilterInput): string => urlOf(operationsLogContract.csv, { query: filters });
