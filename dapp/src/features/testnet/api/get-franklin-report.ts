import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { franklinReportResponse } from "../../../types/api";
import { reportKey } from "./keys";

/** GET /api/testnet/franklin-report: our readiness report, as data and as Markdown, with its file name. */
export const useFranklinReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => api.get<typeof franklinReportResponse>("/api/testnet/franklin-report", signal),
  });
