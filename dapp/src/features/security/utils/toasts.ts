import { notify } from "../../../components/toast";
import type { SecurityReport, SecurityTestKind, SecurityTestResponse } from "../api/contract";
import { countsText, failureText, RUN_LABELS, type RunKind } from "./words";

/**
 * '{label} Complete' (§8) with what the run found: a finished run is not a clean one, so a run with a FAIL is a
 * warning toast that names the failures, not a green one.
 */
function complete(kind: RunKind, results: SecurityTestResponse["results"], head?: string) {
  const failed = results.filter((r) => r.status === "FAIL");
  const lines = [
    head,
    countsText(results),
    failed.length ? `Failed: ${failed.map((r) => r.testName).join("; ")}` : null,
  ].filter(Boolean);
  notify({
    variant: failed.length ? "warning" : "success",
    title: `${RUN_LABELS[kind]} Complete`,
    description: lines.join("\n"),
  });
}

export const toastComprehensiveComplete = (r: SecurityReport) =>
  complete(
    "comprehensive",
    r.detailedResults,
    `Score ${r.summary.overallScore} (grade ${r.summary.securityGrade}) · ${r.governmentReadiness}`,
  );

export const toastTestComplete = (kind: SecurityTestKind, r: SecurityTestResponse) => complete(kind, r.results);

/** '{label} Failed' with the server's error text or 'Unknown error' (§8); 409 and 429 in plain words. */
export const toastRunFailed = (kind: RunKind, error: unknown) =>
  notify({ variant: "error", title: `${RUN_LABELS[kind]} Failed`, description: failureText(error) });
