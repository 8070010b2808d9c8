import { Pill, type PillColor } from "../../../components/pill";
import type { Outcome, PlatformStatus } from "../constants";

const COLOR: Record<PlatformStatus | Outcome, PillColor> = {
  operational: "success",
  ok: "success",
  degraded: "warning",
  failed: "error",
  "not checked yet": "default",
  "not part of this product": "default",
};

const WORDS: Record<Outcome, string> = { ok: "OK", degraded: "Degraded", failed: "Failed" };

/** A platform's status or a run's outcome, in words and colour; "not part of this product" outlined, never green. */
export function StatusPill({ status, testId }: { status: PlatformStatus | Outcome; testId?: string }) {
  const text = status in WORDS ? WORDS[status as Outcome] : status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Pill
      size="small"
      label={text}
      color={COLOR[status]}
      variant={status === "not part of this product" || status === "not checked yet" ? "outlined" : "filled"}
      data-testid={testId}
      data-status={status}
    />
  );
}
