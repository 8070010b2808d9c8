import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { readinessReport } from "../../../types/api";
import { reportKey } from "./keys";

/** GET /api/professional/readiness-report: overall readiness, the recommendation, each assessment's latest run, the load-test history. */
export const useReadinessReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => api.get<typeof readinessReport>("/api/professional/readiness-report", signal),
  });
