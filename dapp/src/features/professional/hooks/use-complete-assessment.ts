import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AssessmentResult, ReadinessReport } from "../api/contract";
import { PROFESSIONAL_KINDS, type ProfessionalKind } from "../constants";
import { reportKey, runKey } from "../api/keys";
import { keepResult, postAssessment } from "../api/run-assessment";
import { runErrorText } from "../utils/run-error";

const toasts = () => import("../utils/toasts");

export type StepState = {
  kind: ProfessionalKind;
  state: "waiting" | "running" | "done" | "failed";
  /** Date.now() when its request left. */
  startedAt: number | null;
  elapsedMs: number | null;
  result: AssessmentResult | null;
  /** Why it did not run (the server's text, 409/429 in words). */
  error: string | null;
};

export const initialSteps = (kinds: readonly ProfessionalKind[] = PROFESSIONAL_KINDS): StepState[] =>
  kinds.map((kind) => ({ kind, state: "waiting", startedAt: null, elapsedMs: null, result: null, error: null }));

/**
 * The five POSTs one after another, each its own request. A step that fails (an HTTP error, no answer, a
 * false success flag) is marked failed with its reason and the next one still runs: one broken assessment
 * must not hide the others' results. `onChange` gets a fresh array after every change.
 */
export async function runSequence(
  kinds: readonly ProfessionalKind[],
  run: (kind: ProfessionalKind) => Promise<AssessmentResult>,
  onChange: (steps: StepState[]) => void,
  now: () => number = Date.now,
): Promise<StepState[]> {
  let steps = initialSteps(kinds);
  const set = (i: number, patch: Partial<StepState>) => {
    steps = steps.map((s, j) => (j === i ? { ...s, ...patch } : s));
    onChange(steps);
  };
  onChange(steps);
  for (let i = 0; i < kinds.length; i++) {
    const started = now();
    set(i, { state: "running", startedAt: started });
    try {
      const result = await run(kinds[i]!);
      set(i, { state: "done", result, elapsedMs: now() - started });
    } catch (error) {
      set(i, { state: "failed", error: runErrorText(error), elapsedMs: now() - started });
    }
  }
  return steps;
}

/**
 * 'Run Complete Assessment': the sequence above from the page, each result kept for its tab, a
 * '{label} Failed' toast per step that did not run, then the readiness report read again and one toast
 * with the outcome. Its mutation key shares the runs' prefix, so every Run button waits while it goes.
 */
export function useCompleteAssessment() {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<StepState[] | null>(null);
  const mutation = useMutation({
    mutationKey: runKey("complete"),
    mutationFn: async () => {
      const done = await runSequence(
        PROFESSIONAL_KINDS,
        async (kind) => {
          try {
            const r = await postAssessment(kind);
            keepResult(queryClient, r);
            return r;
          } catch (error) {
            void toasts().then((t) => t.toastRunFailed(kind, error));
            throw error;
          }
        },
        setSteps,
      );
      await queryClient.refetchQueries({ queryKey: reportKey }).catch(() => {});
      const report = queryClient.getQueryData<ReadinessReport>(reportKey);
      const failed = done.filter((s) => s.state === "failed").map((s) => s.kind);
      const results = done.flatMap((s) => (s.result ? [s.result] : []));
      void toasts().then((t) => t.toastAssessmentDone(results, failed, report?.overallReadiness ?? null));
      return done;
    },
  });
  return { steps, start: () => mutation.mutate(), running: mutation.isPending };
}
