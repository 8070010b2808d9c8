import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { bridgeContract } from "./contract";
import { SUMMARY_POLL_MS, transfersKey } from "./keys";

/** GET bridge/transfers?address=: the transfers a wallet sent or received (every wallet's without one), every 5 s. */
export function useBridgeTransfers(address: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: transfersKey(address),
    enabled,
    queryFn: ({ signal }) =>
      callEndpoint(bridgeContract.transfers, { query: { address: address || undefined } }, { signal }),
    refetchInterval: SUMMARY_POLL_MS,
    // A lock or a release on the EVM side shows at once; the other ledgers' steps still come by polling.
    meta: { chainReads: { contracts: ["BridgeEscrow"] } },
  });
}
