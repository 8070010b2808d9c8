import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { securityContract } from "./contract";
import { fullLatestKey, latestKey } from "./keys";

/**
 * GET security/latest?evidence=findings: the last stored comprehensive report (`report: null` before the first
 * run) with only the evidence that holds a finding: a full report is several hundred KB, which the first paint
 * does not need. Read once per visit; a comprehensive run's answer (full) replaces it.
 */
export const useLatestSecurityReport = () =>
  useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => callEndpoint(securityContract.latest, { query: { evidence: "findings" } }, { signal }),
  });

/** GET security/latest: the same report with every request of every check, read when someone opens a check's full evidence. */
export const useFullLatestReport = (enabled: boolean) =>
  useQuery({
    queryKey: fullLatestKey,
    queryFn: ({ signal }) => callEndpoint(securityContract.latest, { query: {} }, { signal }),
    enabled,
  });
