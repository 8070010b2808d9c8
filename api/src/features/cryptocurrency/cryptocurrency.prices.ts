// The bundled price snapshots (api/data/prices/, see SOURCES.md there): CoinGecko's daily USD points and Binance's
// daily USDT closes for BTC, ETH, XRP and XLM, parsed once per process with csv-parse. They are dated readings of
// the past, served as snapshots; no price here is live.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

export const PRICE_DATA_DIR = fileURLToPath(new URL("../../../data/prices/", import.meta.url));

export const PRICED = ["BTC", "ETH", "XRP", "XLM"] as const;
export type PricedSymbol = (typeof PRICED)[number];

export interface PricePoint {
  /** ISO date (UTC day). */
  date: string;
  usd: number;
  /** "coingecko" (00:00 UTC snapshot, USD) or "binance" (the day's close, USDT). */
  source: "coingecko" | "binance";
}

export interface PriceSeries {
  symbol: PricedSymbol;
  points: PricePoint[];
  latest: PricePoint | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const positive = (cell: string | undefined): number | null => {
  const n = Number((cell ?? "").trim());
  return (cell ?? "").trim() !== "" && Number.isFinite(n) && n > 0 ? n : null;
};

let cached: Map<PricedSymbol, PriceSeries> | null = null;

/** Every bundled point per coin, oldest first; where both files have a day, CoinGecko's (USD) is kept. */
export function loadPrices(dir: string = PRICE_DATA_DIR): Map<PricedSymbol, PriceSeries> {
  if (cached && dir === PRICE_DATA_DIR) return cached;
  const byCoin = new Map<PricedSymbol, Map<string, PricePoint>>(PRICED.map((s) => [s, new Map()]));
  const gecko = parse(readFileSync(`${dir}/crypto_coingecko_daily_usd.csv`, "utf8"), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  for (const row of gecko) {
    if (!ISO.test(row.date ?? "")) continue;
    for (const s of PRICED) {
      const usd = positive(row[`${s}_usd`]);
      if (usd !== null) byCoin.get(s)!.set(row.date!, { date: row.date!, usd, source: "coingecko" });
    }
  }
  const binance = parse(readFileSync(`${dir}/crypto_binance_daily_ohlc_usdt.csv`, "utf8"), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  for (const row of binance) {
    const symbol = (row.symbol ?? "").replace(/USDT$/, "") as PricedSymbol;
    const close = positive(row.close);
    if (!ISO.test(row.date ?? "") || !PRICED.includes(symbol) || close === null) continue;
    const days = byCoin.get(symbol)!;
    if (!days.has(row.date!)) days.set(row.date!, { date: row.date!, usd: close, source: "binance" });
  }
  const out = new Map<PricedSymbol, PriceSeries>();
  for (const s of PRICED) {
    const points = [...byCoin.get(s)!.values()].sort((a, b) => a.date.localeCompare(b.date));
    out.set(s, { symbol: s, points, latest: points.at(-1) ?? null });
  }
  if (dir === PRICE_DATA_DIR) cached = out;
  return out;
}
