// The energy series: the catalogue's WTI and Henry Hub daily history (deps.government.history), the bundled EIA
// monthly averages, and each daily series' newest value (live when EIA answers, else the bundled row).
import type { GovernmentData } from "../../sources/government/government-data";
import { SERIES, SOURCE_NAMES } from "../../sources/government/catalogue";
import { cellNumber, readSnapshotCsv } from "../../sources/government/snapshot";
import { MONTHLY_ENERGY_FILE } from "./environmental.constants";
import type { EnergyLatest, EnergyResponse, EnergySeries } from "./environmental.schemas";

const ENERGY_KEYS = ["wti", "henryHub"] as const;
type EnergyKey = (typeof ENERGY_KEYS)[number];

/** The monthly file's column for each series (SOURCES.md: EIA's monthly averages, shown as YYYY-MM). */
const MONTHLY_COLUMN: Record<EnergyKey, string> = {
  wti: "RWTC_usd_per_barrel_monthly_avg",
  henryHub: "RNGWHHD_usd_per_mmbtu_monthly_avg",
};

function dailySeries(government: GovernmentData, key: EnergyKey): EnergySeries {
  const def = SERIES[key];
  const points = government.history(key);
  return {
    id: `${key}-daily`,
    key,
    frequency: "daily",
    seriesId: def.seriesId,
    title: def.title,
    units: def.units,
    publisher: SOURCE_NAMES[def.source],
    file: def.snapshot.file,
    source: "snapshot",
    asOf: points.at(-1)?.date ?? null,
    derivation: def.derivation ?? null,
    points,
  };
}

function monthlySeries(key: EnergyKey): EnergySeries {
  const def = SERIES[key];
  const points = readSnapshotCsv(MONTHLY_ENERGY_FILE).flatMap((row) => {
    const value = cellNumber(row[MONTHLY_COLUMN[key]]);
    const month = row.month ?? "";
    return value === undefined || !/^\d{4}-\d{2}$/.test(month) ? [] : [{ date: `${month}-01`, value }];
  });
  return {
    id: `${key}-monthly`,
    key,
    frequency: "monthly",
    seriesId: def.seriesId,
    title: `${def.title}, monthly average`,
    units: def.units,
    publisher: SOURCE_NAMES[def.source],
    file: MONTHLY_ENERGY_FILE,
    source: "snapshot",
    asOf: points.at(-1)?.date ?? null,
    derivation: "EIA's monthly average of the daily spot price; each point is dated the month's first day",
    points,
  };
}

async function latest(government: GovernmentData, key: EnergyKey): Promise<EnergyLatest> {
  const def = SERIES[key];
  const answer = await government.figure(key);
  const f = answer.figure;
  return {
    key,
    seriesId: def.seriesId,
    title: def.title,
    units: def.units,
    publisher: SOURCE_NAMES[def.source],
    value: f?.value ?? null,
    asOf: f?.asOf ?? null,
    source: f?.source ?? null,
    note: f?.note ?? answer.missing ?? "no value",
  };
}

export async function readEnergy(government: GovernmentData): Promise<EnergyResponse> {
  const series = ENERGY_KEYS.flatMap((k) => [monthlySeries(k), dailySeries(government, k)]);
  // figure() bounds its own live read (3 s) and falls back to the bundled row.
  const newest = await Promise.all(ENERGY_KEYS.map((k) => latest(government, k)));
  return { series, latest: newest, readAt: new Date().toISOString() };
}
