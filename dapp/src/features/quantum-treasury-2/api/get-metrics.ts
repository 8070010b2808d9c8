import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { qtMetricsResponse, QtMetricsResponse } from "../../../types/api";
import { METRICS_POLL_MS, qtQueryKey } from "./keys";

/** GET /api/quantum-treasury-2/metrics: the treasury summary read from the chain at one block, with the spec's plan beside it. */
export const getMetrics = (signal?: AbortSignal): Promise<QtMetricsResponse> => api.get<typeof qtMetricsResponse>("/api/quantum-treasury-2/metrics", signal);

export const metricsQueryKey = [...qtQueryKey, "metrics"] as const;

/** Polled like the spec's status reads (30 s), and re-read after every operation (the mutation invalidates it). */
export const useMetrics = () => useQuery({ queryKey: metricsQueryKey, queryFn: ({ signal }) => getMetrics(signal), refetchInterval: METRICS_POLL_MS });
