import { queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { unifiedContract, type UnifiedStatusResponse } from "./contract";

/** Spec part 1 §9: status polling every 30 seconds. The only query in the app that polls. */
export const STATUS_POLL_MS = 30_000;

export const getUnifiedStatus = (signal?: AbortSignal): Promise<UnifiedStatusResponse> =>
  callEndpoint(unifiedContract.status, {}, { signal });

export const unifiedStatusQueryKey = ["unified", "status"] as const;

export const getUnifiedStatusQueryOptions = () =>
  queryOptions({
    queryKey: unifiedStatusQueryKey,
    queryFn: ({ signal }) => getUnifiedStatus(signal),
    refetchInterval: STATUS_POLL_MS,
  });

export const useUnifiedStatus = () => useQuery(getUnifiedStatusQueryOptions());

/** The network the API's server account mints on, as the mint request names it (hardhat until the status says sepolia). */
export const serverEthNetwork = (status: UnifiedStatusResponse | undefined): "hardhat" | "sepolia" =>
  status?.ledgers.ethereum.network === "sepolia" ? "sepolia" : "hardhat";
