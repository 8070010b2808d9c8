import type { BridgeTransfer } from "../api/types";
import { isFinal } from "./steps";

/** From the first state (locked / seen) to the final one, in ms; null while in flight. */
export function transferDurationMs(t: BridgeTransfer): number | null {
  if (!isFinal(t.state)) return null;
  const start = t.timestamps.locked ?? t.timestamps.seen ?? t.history[0]?.at;
  const end = t.timestamps[t.state] ?? t.history.at(-1)?.at;
  if (!start || !end) return null;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

/** p50 (the lower median of an even count: a reading that happened) and max of the finished transfers. */
export function timingStats(transfers: BridgeTransfer[]): TimingStats {
  return stats(transfers.map(transferDurationMs));
}

export type TimingStats = { count: number; p50Ms: number | null; maxMs: number | null };

/** p50 and max of the known durations (nulls are transfers still in flight). */
export function stats(durations: (number | null)[]): TimingStats {
  const ms = durations.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (ms.length === 0) return { count: 0, p50Ms: null, maxMs: null };
  return { count: ms.length, p50Ms: ms[Math.ceil(ms.length / 2) - 1]!, maxMs: ms[ms.length - 1]! };
}

export const formatMs = (ms: number | null) =>
  ms === null ? "—" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
