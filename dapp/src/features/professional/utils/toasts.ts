import { notify } from "../../../components/toast";
import type { AssessmentResult } from "../api/contract";
import { PROFESSIONAL_LABELS, type ProfessionalKind } from "../constants";
import { runErrorText } from "./run-error";

/**
 * Spec §8: '{label} Complete' with the server's message. A run that completed but found failures is a
 * result, not an error: its toast says so in a warning colour, never green.
 */
export const toastRunComplete = (r: AssessmentResult) =>
  notify({
    variant: r.passed ? "success" : "warning",
    title: `${PROFESSIONAL_LABELS[r.kind]} Complete`,
    description: r.message,
  });

/** Spec §8: '{label} Failed' with the server's error text, or 'Unknown error'. */
export const toastRunFailed = (kind: ProfessionalKind, error: unknown) =>
  notify({ variant: "error", title: `${PROFESSIONAL_LABELS[kind]} Failed`, description: runErrorText(error) });

/**
 * The complete assessment's end: how many of the five ran, which did not, which ran and found failures, the
 * readiness now. Green only when all five ran and passed.
 */
export function toastAssessmentDone(
  results: readonly AssessmentResult[],
  failed: readonly ProfessionalKind[],
  readiness: number | null,
) {
  const withFailures = results.filter((r) => !r.passed);
  notify({
    variant: failed.length > 0 ? "error" : withFailures.length > 0 ? "warning" : "success",
    title: `Complete Assessment ${failed.length === 0 ? "Complete" : "Failed"}`,
    description: [
      `${results.length} of ${results.length + failed.length} assessments ran`,
      failed.length ? `did not run: ${failed.map((k) => PROFESSIONAL_LABELS[k]).join(", ")}` : null,
      withFailures.length ? `found failures: ${withFailures.map((r) => PROFESSIONAL_LABELS[r.kind]).join(", ")}` : null,
      readiness !== null ? `overall readiness ${Math.round(readiness * 10) / 10}%` : null,
    ]
      .filter(Boolean)
      .join(" · "),
  });
}
