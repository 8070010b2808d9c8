// FRED's series observations (https://fred.stlouisfed.org/docs/api/fred/series_observations.html), newest first.
// A value of "." is an observation FRED lists without a value (BLS's missing October 2025).
import { z } from "zod";
import type { Observation } from "../snapshot";
import { cellNumber } from "../snapshot";
import { getJson, LiveReadError } from "./http";

export const DEFAULT_FRED_URL = "https://api.stlouisfed.org/fred";

const observationsAnswer = z.object({
  observations: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), value: z.string() })),
});

/** The newest `limit` observations of a series, ascending, only those with a value. */
export async function fredObservations(options: {
  baseUrl: string;
  apiKey: string;
  seriesId: string;
  limit: number;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<Observation[]> {
  const q = new URLSearchParams({
    series_id: options.seriesId,
    api_key: options.apiKey,
    file_type: "json",
    sort_order: "desc",
    limit: String(options.limit),
  });
  const raw = await getJson(
    `${options.baseUrl.replace(/\/$/, "")}/series/observations?${q}`,
    options.timeoutMs,
    options.fetchImpl,
  );
  const parsed = observationsAnswer.safeParse(raw);
  if (!parsed.success) throw new LiveReadError("the answer has no observations list");
  return parsed.data.observations
    .flatMap((o) => {
      const value = cellNumber(o.value);
      return value === undefined ? [] : [{ date: o.date, value }];
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * CPI's 12-month change for the newest month that has a value a year earlier, matched by date (not by row: a month
 * without a value, such as October 2025, must not shift the comparison).
 */
export function yearOverYear(cpi: Observation[]): Observation | null {
  const byDate = new Map(cpi.map((o) => [o.date, o.value]));
  for (let i = cpi.length - 1; i >= 0; i--) {
    const { date, value } = cpi[i]!;
    const before = byDate.get(`${Number(date.slice(0, 4)) - 1}${date.slice(4)}`);
    if (before !== undefined && before > 0) return { date, value: Math.round((value / before - 1) * 10_000) / 100 };
  }
  return null;
}
