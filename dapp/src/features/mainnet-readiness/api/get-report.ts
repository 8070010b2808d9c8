import { api } from "../../../lib/api-client";
import type { mainnetReadinessReportResponse } from "../../../types/api";

/** GET /api/mainnet-readiness/report: computed when asked, so the download is the checklist as it is now. */
export const fetchReport = () => api.get<typeof mainnetReadinessReportResponse>("/api/mainnet-readiness/report");
