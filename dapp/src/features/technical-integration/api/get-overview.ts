import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { technicalIntegrationContract, type TechnicalOverviewResponse } from "./contract";

export const overviewKey = ["technical-integration", "overview"] as const;

/** GET the overview: one computation serves every visitor for a moment, each network read bounded by the API. */
export const getOverview = (signal?: AbortSignal): Promise<TechnicalOverviewResponse> =>
  callEndpoint(technicalIntegrationContract.overview, {}, { signal });

export const useTechnicalOverview = () =>
  useQuery({ queryKey: overviewKey, queryFn: ({ signal }) => getOverview(signal) });
