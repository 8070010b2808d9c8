import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import type { MultisigTestResponse, PerfectResponse, TestRun, TreasuryTestResponse } from "../api/contract";
import { TESTNET_TOASTS } from "./readiness";

/** "Testnet Perfection Complete!" with the readiness score and Franklin readiness YES or PENDING. */
export const toastPerfectionComplete = (r: PerfectResponse) =>
  notify({
    variant: r.franklinTempletonReady ? "success" : "info",
    ...TESTNET_TOASTS.perfectionComplete(r.readinessScore, r.franklinTempletonReady),
  });

/** "Perfection Failed" - "Please check logs and try again", and what the API said. */
export const toastPerfectionFailed = (error: unknown) =>
  notify({
    variant: "error",
    title: TESTNET_TOASTS.perfectionFailed.title,
    description: `${TESTNET_TOASTS.perfectionFailed.description}\n${describeError(error)}`,
  });

/** The run finished: "… Tests Complete", saying whether every step passed (a finished run is not a passed one). */
function toastRuns(title: string, runs: readonly TestRun[]) {
  const steps = runs.flatMap((r) => r.steps);
  const failed = steps.filter((s) => s.outcome === "failed");
  const skipped = steps.filter((s) => s.outcome === "skipped");
  const passed = runs.every((r) => r.passed);
  const description = passed
    ? "Every step passed"
    : failed.length > 0
      ? `Failed: ${failed.map((s) => s.name).join("; ")}`
      : `${skipped.length} step${skipped.length === 1 ? "" : "s"} skipped on this chain`;
  notify({ variant: passed ? "success" : "warning", title, description });
}

export const toastMultisigComplete = (r: MultisigTestResponse) =>
  toastRuns(TESTNET_TOASTS.multisigComplete.title, [r.multisig, r.emergency]);
export const toastTreasuryComplete = (r: TreasuryTestResponse) =>
  toastRuns(TESTNET_TOASTS.treasuryComplete.title, [r.run]);

/** A run the API refused or could not finish (409 while another runs, the chain down): in words. */
export const toastRunFailed = (what: string, error: unknown) =>
  notify({ variant: "error", title: `${what} did not run`, description: describeError(error) });

export const toastReportGenerated = (filename: string) =>
  notify({ variant: "success", title: TESTNET_TOASTS.reportGenerated.title, description: filename });
