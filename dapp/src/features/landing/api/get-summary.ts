import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { landingContract, type LandingSummaryResponse } from "./contract";

export const summaryKey = ["landing", "summary"] as const;

/** GET /api/landing/summary: the page's one call (the API computes it at most once every few seconds for everyone). */
export const getSummary = (signal?: AbortSignal): Promise<LandingSummaryResponse> =>
  callEndpoint(landingContract.summary, {}, { signal });

/** A part not read yet (a slow source at the API's start) is asked again once the API's window has passed. */
const hasUnreadPart = (s: LandingSummaryResponse) =>
  [...Object.values(s.stats), s.networks, ...s.blocks].some((p) => p.state === "not-read");

export const useLandingSummary = () =>
  useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => getSummary(signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && hasUnreadPart(data) ? data.cacheSeconds * 1000 : false;
    },
  });
