// The page's rules that are not the API's: the colour of a readiness percent as a theme tone (the spec's
// 90 / 75 thresholds come from the API's constants, so the page and the report colour alike), the words of
// an assessment's status, and how times and durations read.
import { readinessBadge, type ReadinessBadge } from "../constants";

export type Tone = "success" | "warning" | "error";
/** Spec §4: green >= 90, yellow >= 75, red below; badge success / warning / destructive. MUI calls destructive "error". */
const TONE: Record<ReadinessBadge, Tone> = { success: "success", warning: "warning", destructive: "error" };
export const readinessTone = (percent: number): Tone => TONE[readinessBadge(percent)];

/** 87.5 -> "87.5", 100 -> "100" */
export const formatPercent = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

/** 1234 -> "1.2 s", 850 -> "850 ms", 125000 -> "2 min 5 s" */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${(Math.round(s * 10) / 10).toLocaleString("en-US")} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** An age in seconds: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** 1536 -> "1.5 KB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${(Math.round(v * 10) / 10).toLocaleString("en-US")} ${units[i]}`;
}

/** A time as the page shows it: the local date and time, to the second. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "never run";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** A measured figure, or a dash when it could not be measured. */
export const figure = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? "—" : n.toLocaleString("en-US", { maximumFractionDigits: digits }));
