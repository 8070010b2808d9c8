import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { unifiedContract } from "./contract";

/**
 * The API's own account (GET unified/status names it): the spec's demo user, whose positions the
 * My Positions tab shows while no wallet is connected. Shares the status query's key and cache.
 */
export const useServerAccount = (enabled: boolean) =>
  useQuery({
    queryKey: ["unified", "status"],
    queryFn: ({ signal }) => callEndpoint(unifiedContract.status, {}, { signal }),
    enabled,
    select: (status) => status.ledgers.ethereum.account ?? null,
  });
