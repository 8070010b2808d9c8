import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { comprehensiveReportResponse } from "../../../types/api";
import { reportKey } from "./keys";

/** GET /api/q-isolator/comprehensive-report: readiness and grade by their stated rules, the algorithms used, and the Markdown. */
export const useComprehensiveReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => api.get<typeof comprehensiveReportResponse>("/api/q-isolator/comprehensive-report", signal),
  });
