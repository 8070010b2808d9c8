// The Treasury's published par-curve CSV, fetched when reachable: at most once an hour, each request with a
// 3 s timeout; a failure keeps whatever was fetched before and is said in the note. Only rows newer than the
// bundle are kept: those days are served with source "live".
import { parseTreasuryCsv, type CurveDay } from "./yield-data";

/** The Treasury's endpoint without the year part (SOURCES.md section 1). */
export const DEFAULT_TREASURY_YIELD_URL =
  "https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv";
export const LIVE_TIMEOUT_MS = 3000;
export const LIVE_MIN_INTERVAL_MS = 60 * 60 * 1000;

export interface LiveCurve {
  /** Rows newer than `after`, refreshing first when the last attempt is an hour old. Never throws. */
  rowsAfter(after: string): Promise<CurveDay[]>;
  /** What the last attempt did, for sourceNote. */
  note(): string;
}

export function treasuryCsvUrl(base: string, year: number): string {
  return `${base.replace(/\/$/, "")}/${year}/all?type=daily_treasury_yield_curve&field_tdr_date_value=${year}&page&_format=csv`;
}

export function createLiveCurve(options: {
  baseUrl: string;
  now: () => Date;
  timeoutMs?: number;
  minIntervalMs?: number;
}): LiveCurve {
  const timeoutMs = options.timeoutMs ?? LIVE_TIMEOUT_MS;
  const minIntervalMs = options.minIntervalMs ?? LIVE_MIN_INTERVAL_MS;
  let rows: CurveDay[] = [];
  let lastAttempt: number | null = null;
  let lastNote = "The Treasury's CSV has not been fetched yet.";
  let inFlight: Promise<void> | null = null;

  async function fetchYear(year: number): Promise<CurveDay[]> {
    const res = await fetch(treasuryCsvUrl(options.baseUrl, year), {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseTreasuryCsv(await res.text());
  }

  async function refresh(after: string): Promise<void> {
    const now = options.now();
    lastAttempt = now.getTime();
    const thisYear = now.getUTCFullYear();
    const firstYear = Math.max(Number(after.slice(0, 4)), thisYear - 1);
    const years: number[] = [];
    for (let y = firstYear; y <= thisYear; y++) years.push(y);
    const results = await Promise.allSettled(years.map(fetchYear));
    const fetched = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const at = now.toISOString();
    if (failed.length === results.length) {
      const why = failed[0]?.reason instanceof Error ? failed[0].reason.message : String(failed[0]?.reason);
      lastNote = `The Treasury's CSV could not be fetched at ${at} (${why.slice(0, 120)}); the next try is after an hour.`;
      return;
    }
    const newer = fetched.filter((d) => d.date > after);
    const byDate = new Map([...rows, ...newer].map((d) => [d.date, d]));
    rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    lastNote = `Fetched the Treasury's CSV at ${at}: ${fetched.length} rows, ${newer.length} newer than the bundle (${after}).`;
  }

  return {
    async rowsAfter(after) {
      const due = lastAttempt === null || options.now().getTime() - lastAttempt >= minIntervalMs;
      if (due && !inFlight) {
        inFlight = refresh(after)
          .catch((err: unknown) => {
            lastNote = `The Treasury's CSV could not be read: ${err instanceof Error ? err.message.slice(0, 120) : String(err)}.`;
          })
          .finally(() => {
            inFlight = null;
          });
      }
      if (inFlight) await inFlight;
      return rows.filter((d) => d.date > after);
    },
    note: () => lastNote,
  };
}
