// EIA's API v2 (https://www.eia.gov/opendata/documentation.php): the daily spot price series, newest first. Values
// come as numbers or numeric strings depending on the route.
import { z } from "zod";
import type { Observation } from "../snapshot";
import { cellNumber } from "../snapshot";
import { getJson, LiveReadError } from "./http";

export const DEFAULT_EIA_URL = "https://api.eia.gov/v2";

/** The route of each series (SOURCES.md, section 4). */
export const EIA_ROUTES: Record<"RWTC" | "RNGWHHD", string> = {
  RWTC: "petroleum/pri/spt",
  RNGWHHD: "natural-gas/pri/fut",
};

const dataAnswer = z.object({
  response: z.object({
    data: z.array(
      z.object({
        period: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        series: z.string().optional(),
        value: z.union([z.number(), z.string(), z.null()]),
      }),
    ),
  }),
});

export async function eiaDailySpot(options: {
  baseUrl: string;
  apiKey: string;
  seriesId: "RWTC" | "RNGWHHD";
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<Observation> {
  const q = new URLSearchParams({ api_key: options.apiKey, frequency: "daily", "data[0]": "value" });
  q.append("facets[series][]", options.seriesId);
  q.append("sort[0][column]", "period");
  q.append("sort[0][direction]", "desc");
  q.append("length", "5");
  const url = `${options.baseUrl.replace(/\/$/, "")}/${EIA_ROUTES[options.seriesId]}/data/?${q}`;
  const parsed = dataAnswer.safeParse(await getJson(url, options.timeoutMs, options.fetchImpl));
  if (!parsed.success) throw new LiveReadError("the answer has no response.data list");
  for (const r of parsed.data.response.data) {
    if (r.series !== undefined && r.series !== options.seriesId) continue;
    const value = typeof r.value === "number" ? r.value : cellNumber(r.value ?? undefined);
    if (value !== undefined && Number.isFinite(value)) return { date: r.period, value };
  }
  throw new LiveReadError(`no ${options.seriesId} row with a value`);
}
