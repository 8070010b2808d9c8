import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { bridgeContract } from "./contract";
import { SUMMARY_POLL_MS, summaryKey } from "./keys";

/** GET bridge/summary: the escrow's locked total, the delivered supplies, in flight, the relayer's heartbeat. Every 5 s. */
export const useBridgeSummary = () =>
  useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => callEndpoint(bridgeContract.summary, {}, { signal }),
    refetchInterval: SUMMARY_POLL_MS,
    // A lock or a release on the EVM side shows at once; the other ledgers' steps still come by polling.
    meta: { chainReads: { contracts: ["BridgeEscrow"] } },
  });
