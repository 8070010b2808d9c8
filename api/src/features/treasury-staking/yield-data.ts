// The bundled yield files (api/data/yield/, see SOURCES.md there), parsed once per process. A blank cell is a
// tenor the source did not publish that day: it stays missing, never filled.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TENOR_YEARS, TREASURY_TENORS, type TreasuryTenor } from "./treasury-staking.constants";

/** The folder beside the API's source (resolved from this module's own location, not the working directory). */
export const YIELD_DATA_DIR = fileURLToPath(new URL("../../../data/yield/", import.meta.url));

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

function parseNumber(cell: string | undefined): number | undefined {
  const t = (cell ?? "").trim();
  if (t === "" || t.toUpperCase() === "N/A") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** The bundled curve CSVs: `date,1_mo,…,30_yr[,source]`, ISO dates ascending. */
export function parseBundledCurve(text: string, fallbackOrigin: CurveOrigin): CurveDay[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const header = lines[0]!.split(",").map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const sourceCol = col("source");
  const days: CurveDay[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    const date = cells[0]!.trim();
    if (!ISO.test(date)) throw new Error(`yield data: bad date "${date}"`);
    const yields: CurveDay["yields"] = {};
    for (const tenor of TREASURY_TENORS) {
      const i = col(tenor);
      const v = i >= 0 ? parseNumber(cells[i]) : undefined;
      if (v !== undefined) yields[tenor] = v;
    }
    const origin = sourceCol >= 0 && cells[sourceCol]?.trim() === "FRED" ? "FRED" : fallbackOrigin;
    days.push({ date, yields, origin });
  }
  for (let i = 1; i < days.length; i++) {
    if (days[i]!.date <= days[i - 1]!.date) throw new Error(`yield data: dates not ascending at ${days[i]!.date}`);
  }
  return days;
}

/** Treasury's header names ("1 Mo", "1.5 Month", "10 Yr") -> our tenor keys. */
function tenorOfHeader(h: string): TreasuryTenor | null {
  const m = /^(\d+(?:\.\d+)?)\s*(mo|month|months|yr|year|years)$/i.exec(h.replace(/"/g, "").trim());
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
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  if (lines.length === 0) return [];
  const header = lines[0]!.split(",").map((h) => h.replace(/"/g, "").trim());
  if (header[0]?.toLowerCase() !== "date") throw new Error("Treasury CSV: the first column is not Date");
  const tenors = header.map(tenorOfHeader);
  const days: CurveDay[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(",").map((c) => c.replace(/"/g, "").trim());
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cells[0] ?? "");
    if (!m) continue;
    const yields: CurveDay["yields"] = {};
    tenors.forEach((tenor, i) => {
      const v = tenor ? parseNumber(cells[i]) : undefined;
      if (tenor && v !== undefined && v > -5 && v < 50) yields[tenor] = v;
    });
    if (Object.keys(yields).length > 0) days.push({ date: `${m[3]}-${m[1]}-${m[2]}`, yields, origin: "live" });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function parseDff(text: string): FundingDay[] {
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== "")
    .flatMap((l) => {
      const [date, v] = l.split(",");
      const rate = parseNumber(v);
      return date && ISO.test(date.trim()) && rate !== undefined ? [{ date: date.trim(), rate }] : [];
    });
}

const loaded = new Map<string, YieldData>();

/** The three files, read and parsed once per folder. */
export function loadYieldData(dir: string = YIELD_DATA_DIR): YieldData {
  let data = loaded.get(dir);
  if (!data) {
    const read = (name: string) => readFileSync(`${dir.replace(/\/?$/, "/")}${name}`, "utf8");
    const treasury = parseBundledCurve(read("treasury_par_yield_curve_daily.csv"), "treasury.gov");
    data = {
      replay: parseBundledCurve(read("yield_curve_replay_daily.csv"), "treasury.gov"),
      treasury: new Map(treasury.map((d) => [d.date, d])),
      dff: parseDff(read("fred_dff_daily.csv")),
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
