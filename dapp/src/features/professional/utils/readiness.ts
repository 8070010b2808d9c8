// The page's rules that are not the API's: the colour of a readiness percent as a theme tone (the spec's
// 90 / 75 thresholds come from the API's constants, so the page and the report colour alike), the words of
// an assessment's status, and how times and durations read.
import { timeText } from "../../../lib/time";
import { readinessBadge, type ReadinessBadge } from "../constants";

export type Tone = "success" | "warning" | "error";
/** Spec §4: green >= 90, yellow >= 75, red below; badge success / warning / destructive. MUI calls destructive "error". */
const TONE: Record<ReadinessBadge, Tone> = { success: "success", warning: "warning", destructive: "error" };
export const readinessTone = (percent: number): Tone => TONE[readinessBadge(percent)];

/** 87.5 -> "87.5", 100 -> "100" */
export const formatPercent = (n: number) =>
  (Math.round(n * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

/** 1234 -> "1.2 s", 850 -> "850 ms", 125000 -> "2 min 5 s" */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${(Math.round(s * 10) / 10).toLocaleString("en-US")} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** A time as the page shows it (lib/time.ts), or "never run". */
export function formatWhen(iso: string | null | undefined): string {
  return iso ? timeText(iso) : "never run";
}
