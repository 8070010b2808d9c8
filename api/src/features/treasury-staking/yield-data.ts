// The yield files of the government data source (api/data/government/, SOURCES.md there), parsed once per process
// with its CSV parser. A blank cell is a tenor the source did not publish that day: it stays missing, never filled.
import { parse } from "csv-parse/sync";
import { SERIES } from "../../sources/government/catalogue";
import { cellNumber, GOVERNMENT_DATA_DIR, readSnapshotCsv } from "../../sources/government/snapshot";
import { TENOR_YEARS, TREASURY_TENORS, type TreasuryTenor } from "./treasury-staking.constants";

/** The bundled files' folder: the government data source's. */
export const YIELD_DATA_DIR = GOVERNMENT_DATA_DIR;

export type CurveOrigin = "treasury.gov" | "FRED" | "live";

export interface CurveDay {
  /** ISO date. */
  date: string;
  /** Percent, only the tenors published that day. */
  yields: Partial<Record<TreasuryTenor, number>>;
  origin: CurveOrigin;
}

export interface FundingDay {
  date: string;
  /** Fed funds effective rate (DFF), percent. */
  rate: number;
}

export interface YieldData {
  /** yield_curve_replay_daily.csv: the history every figure is computed on, ascending. */
  replay: CurveDay[];
  /** treasury_par_yield_curve_daily.csv by date: the Treasury's own file (the accuracy check's source). */
  treasury: Map<string, CurveDay>;
  /** fred_dff_daily.csv, ascending, one row a calendar day. */
  dff: FundingDay[];
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** The bundled curve files' records (`date,1_mo,…,30_yr[,source]`, ISO dates ascending) as curve days. */
export function curveDaysOf(records: Record<string, string>[], fallbackOrigin: CurveOrigin): CurveDay[] {
  const days: CurveDay[] = records.map((row) => {
    const date = row.date ?? "";
    if (!ISO.test(date)) throw new Error(`yield data: bad date "${date}"`);
    const yields: CurveDay["yields"] = {};
    for (const tenor of TREASURY_TENORS) {
      const v = cellNumber(row[tenor]);
      if (v !== undefined) yields[tenor] = v;
    }
    return { date, yields, origin: row.source === "FRED" ? "FRED" : fallbackOrigin };
  });
  for (let i = 1; i < days.length; i++) {
    if (days[i]!.date <= days[i - 1]!.date) throw new Error(`yield data: dates not ascending at ${days[i]!.date}`);
  }
  return days;
}

/** Treasury's header names ("1 Mo", "1.5 Month", "10 Yr") -> our tenor keys. */
function tenorOfHeader(h: string): TreasuryTenor | null {
  const m = /^(\d+(?:\.\d+)?)\s*(mo|month|months|yr|year|years)$/i.exec(h.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const years = /^y/i.test(m[2]!) ? n : n / 12;
  return TREASURY_TENORS.find((t) => Math.abs(TENOR_YEARS[t] - years) < 1e-9) ?? null;
}

/**
 * The Treasury's published CSV (daily-treasury-rates.csv): header `Date,"1 Mo","1.5 Month",…,"30 Yr"`, dates
 * MM/DD/YYYY, newest first. Returned ascending, origin "live". Unknown columns are ignored.
 */
export function parseTreasuryCsv(text: string): CurveDay[] {
  const rows = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  const header = rows[0];
  if (!header) return [];
  if (header[0]?.toLowerCase() !== "date") throw new Error("Treasury CSV: the first column is not Date");
  const tenors = header.map(tenorOfHeader);
  const days: CurveDay[] = [];
  for (const cells of rows.slice(1)) {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cells[0] ?? "");
    if (!m) continue;
    const yields: CurveDay["yields"] = {};
    tenors.forEach((tenor, i) => {
      const v = tenor ? cellNumber(cells[i]) : undefined;
      if (tenor && v !== undefined && v > -5 && v < 50) yields[tenor] = v;
    });
    if (Object.keys(yields).length > 0) days.push({ date: `${m[3]}-${m[1]}-${m[2]}`, yields, origin: "live" });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const loaded = new Map<string, YieldData>();

/** The three files, read and parsed once per folder. */
export function loadYieldData(dir: string = YIELD_DATA_DIR): YieldData {
  let data = loaded.get(dir);
  if (!data) {
    const treasury = curveDaysOf(readSnapshotCsv("treasury_par_yield_curve_daily.csv", dir), "treasury.gov");
    const { file, valueColumn } = SERIES.fedFundsDaily.snapshot;
    data = {
      replay: curveDaysOf(readSnapshotCsv("yield_curve_replay_daily.csv", dir), "treasury.gov"),
      treasury: new Map(treasury.map((d) => [d.date, d])),
      dff: readSnapshotCsv(file, dir).flatMap((row) => {
        const rate = cellNumber(row[valueColumn]);
        return row.date && ISO.test(row.date) && rate !== undefined ? [{ date: row.date, rate }] : [];
      }),
    };
    loaded.set(dir, data);
  }
  return data;
}

/** The latest DFF on or before `date` (binary search), or null before the series starts. */
export function fundingOn(dff: readonly FundingDay[], date: string): FundingDay | null {
  let lo = 0;
  let hi = dff.length - 1;
  let found: FundingDay | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dff[mid]!.date <= date) {
      found = dff[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Mean DFF over the calendar days [from, to) (each day's latest published value); null when none is known. */
export function meanFunding(dff: readonly FundingDay[], from: string, to: string): number | null {
  const days = calendarDaysBetween(from, to);
  if (days <= 0) return fundingOn(dff, from)?.rate ?? null;
  let sum = 0;
  let n = 0;
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < days; i++) {
    const d = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const f = fundingOn(dff, d);
    if (f) {
      sum += f.rate;
      n++;
    }
  }
  return n > 0 ? sum / n : null;
}

export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
