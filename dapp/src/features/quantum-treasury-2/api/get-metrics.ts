import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { quantumTreasury2Contract, type QtMetricsResponse } from "./contract";
import { METRICS_POLL_MS, qtQueryKey } from "./keys";
import { freshFromChain } from "../../../lib/chain-changes";

/** GET quantum-treasury-2/metrics: the treasury summary read from the chain at one block, with the spec's plan beside it. */
export const getMetrics = (signal?: AbortSignal): Promise<QtMetricsResponse> =>
  callEndpoint(quantumTreasury2Contract.metrics, {}, { signal });

export const metricsQueryKey = [...qtQueryKey, "metrics"] as const;

/** Polled like the spec's status reads (30 s), and re-read after every operation (the mutation invalidates it). */
export const useMetrics = () =>
  useQuery({
    queryKey: metricsQueryKey,
    queryFn: ({ signal }) => getMetrics(signal),
    ...freshFromChain(
      {
        contracts: [
          "TreasuryVault",
          "TreasuryMultisig",
          "XQBToken",
          "XQBMinter",
          "XQBUSD",
          "MockUSDC",
          "MockV3Aggregator",
        ],
      },
      METRICS_POLL_MS,
    ),
  });
