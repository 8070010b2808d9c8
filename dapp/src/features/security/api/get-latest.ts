import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { securityLatestResponse } from "../../../types/api";
import { fullLatestKey, latestKey } from "./keys";

/**
 * GET /api/security/latest?evidence=findings: the last stored comprehensive report (`report: null` before the first
 * run) with only the evidence that holds a finding: a full report is several hundred KB, which the first paint
 * does not need. Read once per visit; a comprehensive run's answer (full) replaces it.
 */
export const useLatestSecurityReport = () =>
  useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => api.get<typeof securityLatestResponse>("/api/security/latest?evidence=findings", signal),
  });

/** GET /api/security/latest: the same report with every request of every check, read when someone opens a check's full evidence. */
export const useFullLatestReport = (enabled: boolean) =>
  useQuery({
    queryKey: fullLatestKey,
    queryFn: ({ signal }) => api.get<typeof securityLatestResponse>("/api/security/latest", signal),
    enabled,
  });
