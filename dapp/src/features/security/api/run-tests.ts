import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { securityContract, securityTests, type SecurityLatestResponse, type SecurityTestKind } from "./contract";
import { comprehensiveRunKey, fullLatestKey, latestKey, RUN_TIMEOUT_MS, testRunKey } from "./keys";

// The toasts (and notistack's helpers with them) load when a run ends, not with the page's first paint.
const toasts = () => import("../utils/toasts");

/**
 * POST security/comprehensive-test (no body): every check against this API, stored. Its answer becomes the
 * page's report at once (the same body GET security/latest would now answer), then the latest is read again.
 */
export function useComprehensiveTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: comprehensiveRunKey,
    mutationFn: () => callEndpoint(securityContract.comprehensiveTest, {}, { timeoutMs: RUN_TIMEOUT_MS }),
    onSuccess: (report) => {
      // The answer carries every request: it is both the light and the full report now.
      queryClient.setQueryData<SecurityLatestResponse>(latestKey, { report });
      queryClient.setQueryData<SecurityLatestResponse>(fullLatestKey, { report });
      void toasts().then((t) => t.toastComprehensiveComplete(report));
    },
    onError: (error) => void toasts().then((t) => t.toastRunFailed("comprehensive", error)),
  });
}

/**
 * GET security/<kind>-test: one category's checks against this API. A GET that runs probes: the API counts it
 * as a write (rate-limited, one run at a time). Its answer is not stored as the report; the page shows it in the
 * individual results (useMutationState over `testRunKey(kind)`).
 */
export function useIndividualTest(kind: SecurityTestKind) {
  return useMutation({
    mutationKey: testRunKey(kind),
    mutationFn: () => callEndpoint(securityTests[kind], { query: {} }, { timeoutMs: RUN_TIMEOUT_MS }),
    onSuccess: (response) => void toasts().then((t) => t.toastTestComplete(kind, response)),
    onError: (error) => void toasts().then((t) => t.toastRunFailed(kind, error)),
  });
}
