import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetOperationsContract, type TreasuryHealthResponse } from "./contract";
import { treasuryHealthKey } from "./keys";

/** GET a real probe of Treasury Fiscal Data (the API probes at most every 30 s): status, latency, last success. */
export const getTreasuryHealth = (signal?: AbortSignal): Promise<TreasuryHealthResponse> =>
  callEndpoint(testnetOperationsContract.treasuryHealth, {}, { signal });

export const useTreasuryHealth = () =>
  useQuery({ queryKey: treasuryHealthKey, queryFn: ({ signal }) => getTreasuryHealth(signal) });
