import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { securityLatestResponse } from "../../../types/api";
import { latestKey } from "./keys";

/** GET /api/security/latest: the last comprehensive report stored (`report: null` before the first run). Read once per visit. */
export const useLatestSecurityReport = () =>
  useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => api.get<typeof securityLatestResponse>("/api/security/latest", signal),
  });
