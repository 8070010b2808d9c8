import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import type { PricesResponse } from "../api/contract";

export const PRICE_CHART_HEIGHT = 220;

type Series = PricesResponse["series"][number];
type SourceId = PricesResponse["sources"][number]["id"];

const SOURCE_LABEL: Record<SourceId, string> = { coingecko: "CoinGecko USD", binance: "Binance USDT close" };

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const dateText = (d: Date, long = false) =>
  d.toLocaleDateString(
    "en-US",
    long ? { dateStyle: "medium", timeZone: "UTC" } : { month: "short", year: "2-digit", timeZone: "UTC" },
  );

export const usdText = (v: number) =>
  `$${v.toLocaleString("en-US", { maximumFractionDigits: v >= 100 ? 0 : v >= 1 ? 2 : 4 })}`;

/** The points by source, aligned on every date: a source's line stops where the other's begins (no bridge drawn). */
function bySource(s: Series) {
  const dates = s.points.map((p) => day(p.date));
  const sources = [...new Set(s.points.map((p) => p.source))];
  return {
    dates,
    series: sources.map((source) => ({
      id: `${s.symbol}-${source}`,
      label: SOURCE_LABEL[source],
      data: s.points.map((p) => (p.source === source ? p.usd : null)),
      valueFormatter: (v: number | null) => (v === null ? "—" : usdText(v)),
      showMark: false,
      connectNulls: false,
    })),
  };
}

/** One coin's dated snapshots, with its range and latest point in words beside the chart (the chart is not read aloud). */
function PriceChart({ s, sampling }: { s: Series; sampling: string }) {
  const { dates, series } = bySource(s);
  const values = s.points.map((p) => p.usd);
  const first = s.points[0];
  return (
    <Box
      component="figure"
      data-testid="price-chart"
      data-symbol={s.symbol}
      data-points={s.points.length}
      sx={{ m: 0, minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {s.symbol} (USD)
      </Typography>
      <LineChart
        height={PRICE_CHART_HEIGHT}
        xAxis={[
          {
            data: dates,
            scaleType: "time",
            valueFormatter: (v: Date, ctx) => dateText(v, ctx.location === "tooltip"),
            tickNumber: 4,
          },
        ]}
        yAxis={[{ width: 64, valueFormatter: (v: number) => usdText(v) }]}
        series={series}
        margin={{ left: 4, right: 12 }}
      />
      <Typography variant="caption" color="text.secondary" component="figcaption" data-testid="price-chart-caption">
        {s.points.length} daily snapshots shown ({sampling})
        {first ? `, ${dateText(day(first.date), true)} to ${dateText(day(s.points.at(-1)!.date), true)}` : ""}; lowest
        shown {usdText(Math.min(...values))}, highest shown {usdText(Math.max(...values))}
        {s.latest
          ? `; latest $${s.latest.usd.toLocaleString("en-US", { maximumFractionDigits: 6 })} on ${dateText(day(s.latest.date), true)} (${SOURCE_LABEL[s.latest.source]})`
          : ""}
        .
      </Typography>
    </Box>
  );
}

/** A line chart per priced coin from the bundled snapshots (a chunk of its own: the charts library is heavy). */
export function PriceCharts({ prices }: { prices: PricesResponse }) {
  const priced = prices.series.filter((s) => s.points.length > 0);
  return (
    <Box
      data-testid="price-charts"
      sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}
    >
      {priced.map((s) => (
        <PriceChart key={s.symbol} s={s} sampling={prices.sampling} />
      ))}
    </Box>
  );
}
