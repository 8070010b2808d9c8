import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../../lib/api-client";
import type { AssessmentResult, latestAssessmentResponse } from "../../../types/api";
import type { ProfessionalKind } from "../constants";
import { FalseSuccessError } from "../utils/run-error";
import { professionalKey, reportKey, resultKey, RUN_TIMEOUT_MS, runKey } from "./keys";

// The toasts (and notistack's helpers with them) load when a run ends, not with the page's first paint.
const toasts = () => import("../utils/toasts");

/**
 * POST /api/professional/<kind>: no body (spec §7), one run, answered when it is done. A 2xx whose
 * `success` is not true is an error (spec §8: "a false success flag is treated as an error").
 */
export async function postAssessment(kind: ProfessionalKind): Promise<AssessmentResult> {
  const r = (await apiRequest(`/api/professional/${kind}`, { method: "POST", timeoutMs: RUN_TIMEOUT_MS })) as AssessmentResult | null;
  if (!r || typeof r !== "object" || (r as { success?: unknown }).success !== true) throw new FalseSuccessError(r);
  return r;
}

/** Keeps a run's answer for its tab and the Detailed Results tab. */
export const keepResult = (queryClient: QueryClient, r: AssessmentResult) => queryClient.setQueryData(resultKey(r.kind), r);

/**
 * The latest run of `kind` in full: read from GET /api/professional/latest/:kind (the last stored run, so a
 * tab shows its findings after a reload), then replaced by each run made from this page. Null until known.
 */
export const useLastResult = <K extends ProfessionalKind>(kind: K) =>
  (useQuery({
    queryKey: resultKey(kind),
    queryFn: async ({ signal }) => (await api.get<typeof latestAssessmentResponse>(`/api/professional/latest/${kind}`, signal)).result as Extract<AssessmentResult, { kind: K }> | null,
  }).data ?? null) as Extract<AssessmentResult, { kind: K }> | null;

/** One assessment from its tab: the POST, its toast ('{label} Complete' / '{label} Failed'), then the report read again. */
export function useRunAssessment(kind: ProfessionalKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: runKey(kind),
    mutationFn: () => postAssessment(kind),
    onSuccess: (r) => {
      keepResult(queryClient, r);
      void toasts().then((t) => t.toastRunComplete(r));
    },
    onError: (e) => void toasts().then((t) => t.toastRunFailed(kind, e)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKey }),
  });
}

export { professionalKey };
