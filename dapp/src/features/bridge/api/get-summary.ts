import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { SUMMARY_POLL_MS, summaryKey } from "./keys";
import type { BridgeSummary } from "./types";

/** GET /api/bridge/summary: the escrow's locked total, the delivered supplies, in flight, the relayer's heartbeat. Every 5 s. */
export const useBridgeSummary = () =>
  useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => apiRequest<never>("/api/bridge/summary", { signal }) as Promise<BridgeSummary>,
    refetchInterval: SUMMARY_POLL_MS,
  });
