import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { professionalContract, professionalRuns, type AssessmentResult } from "./contract";
import type { ProfessionalKind } from "../constants";
import { FalseSuccessError } from "../utils/run-error";
import { professionalKey, reportKey, resultKey, RUN_TIMEOUT_MS, runKey } from "./keys";

// The toasts (and notistack's helpers with them) load when a run ends, not with the page's first paint.
const toasts = () => import("../utils/toasts");

/**
 * POST professional/<kind>: no body (spec §7), one run, answered when it is done. A 2xx whose
 * `success` is not true is an error (spec §8: "a false success flag is treated as an error").
 */
export async function postAssessment(kind: ProfessionalKind): Promise<AssessmentResult> {
  const r: AssessmentResult | null = await callEndpoint(professionalRuns[kind], {}, { timeoutMs: RUN_TIMEOUT_MS });
  if (!r || typeof r !== "object" || r.success !== true) throw new FalseSuccessError(r);
  return r;
}

/** Keeps a run's answer for its tab and the Detailed Results tab. */
export const keepResult = (queryClient: QueryClient, r: AssessmentResult) =>
  queryClient.setQueryData(resultKey(r.kind), r);

/** A result of this kind: the latest route answers any kind's result, so the kind is checked, not assumed. */
const isKind = <K extends ProfessionalKind>(
  r: AssessmentResult | null | undefined,
  kind: K,
): r is Extract<AssessmentResult, { kind: K }> => r?.kind === kind;

/**
 * The latest run of `kind` in full: read from GET professional/latest/:kind (the last stored run, so a
 * tab shows its findings after a reload), then replaced by each run made from this page. Null until known.
 */
export function useLastResult<K extends ProfessionalKind>(kind: K): Extract<AssessmentResult, { kind: K }> | null {
  const { data } = useQuery({
    queryKey: resultKey(kind),
    queryFn: async ({ signal }): Promise<AssessmentResult | null> =>
      (await callEndpoint(professionalContract.latest, { params: { kind } }, { signal })).result,
  });
  return isKind(data, kind) ? data : null;
}

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
