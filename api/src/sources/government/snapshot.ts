// The bundled official files (api/data/government/, SOURCES.md there), parsed once per process with csv-parse. A
// blank cell is a value the publisher did not publish that day (BLS skipped October 2025): it stays missing.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { SERIES, type SeriesKey } from "./catalogue";

/** The folder beside the API's source (resolved from this module's own location, not the working directory). */
export const GOVERNMENT_DATA_DIR = fileURLToPath(new URL("../../../data/government/", import.meta.url));

export interface Observation {
  /** ISO date (a month's first day for monthly series, a quarter's first day for GDP). */
  date: string;
  value: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const files = new Map<string, Record<string, string>[]>();

/** A bundled CSV as records keyed by its header, read once per process and directory. */
export function readSnapshotCsv(file: string, dir: string = GOVERNMENT_DATA_DIR): Record<string, string>[] {
  const path = `${dir.replace(/\/?$/, "/")}${file}`;
  const hit = files.get(path);
  if (hit) return hit;
  const records = parse(readFileSync(path, "utf8"), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as Record<string, string>[];
  files.set(path, records);
  return records;
}

/** A cell as a number; blank, "." (FRED's missing) and "N/A" are no value. */
export function cellNumber(cell: string | undefined): number | undefined {
  const t = (cell ?? "").trim();
  if (t === "" || t === "." || t.toUpperCase() === "N/A") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const series = new Map<string, Observation[]>();

/** One series' bundled observations, ascending, only the dates that have a value. */
export function snapshotSeries(key: SeriesKey, dir: string = GOVERNMENT_DATA_DIR): Observation[] {
  const cacheKey = `${dir}|${key}`;
  const hit = series.get(cacheKey);
  if (hit) return hit;
  const { file, dateColumn, valueColumn } = SERIES[key].snapshot;
  const out: Observation[] = [];
  for (const row of readSnapshotCsv(file, dir)) {
    const date = row[dateColumn] ?? "";
    if (!DATE.test(date)) throw new Error(`${file}: bad date "${date}"`);
    const value = cellNumber(row[valueColumn]);
    if (value !== undefined) out.push({ date, value });
  }
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.date <= out[i - 1]!.date) throw new Error(`${file}: dates not ascending at ${out[i]!.date}`);
  }
  series.set(cacheKey, out);
  return out;
}

/** The newest bundled observation of a series, or null when the file has none. */
export function snapshotLatest(key: SeriesKey, dir: string = GOVERNMENT_DATA_DIR): Observation | null {
  const all = snapshotSeries(key, dir);
  return all[all.length - 1] ?? null;
}
