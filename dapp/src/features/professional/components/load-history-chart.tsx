import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { LineChart } from "@mui/x-charts/LineChart";
import type { LoadHistoryPoint } from "../api/contract";
import { LOAD_TEST } from "../constants";

export const HISTORY_CHART_HEIGHT = 200;

const METRICS = [
  { key: "requestsPerSecond", title: "Requests per second", unit: "", bound: null },
  { key: "p95Ms", title: "p95 latency (ms)", unit: " ms", bound: LOAD_TEST.p95MaxMs },
  { key: "errorRatePercent", title: "Error rate (%)", unit: "%", bound: LOAD_TEST.errorRateMaxPercent },
] as const;

const shortTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/**
 * The stored load-test runs, oldest first (the report's `history`): requests/s, p95 and error rate per run,
 * each threshold drawn as a dashed line, so a run over a bound shows above it. A chunk of its own (the
 * charts library is not in the page's first load).
 */
export function LoadHistoryChart({ history }: { history: readonly LoadHistoryPoint[] }) {
  const x = history.map((_, i) => i + 1);
  return (
    <Box
      data-testid="load-history-chart"
      data-runs={history.length}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(3, minmax(0, 1fr))" } }}
    >
      {METRICS.map((m) => (
        <Box key={m.key} sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.title}
          </Typography>
          <LineChart
            height={HISTORY_CHART_HEIGHT}
            xAxis={[
              {
                data: x,
                scaleType: "point",
                valueFormatter: (v: number, ctx) =>
                  ctx.location === "tooltip" ? `Run ${v} · ${shortTime(history[v - 1]!.ranAt)}` : String(v),
                label: "Run",
              },
            ]}
            // a bounded figure's axis always reaches above its bound, so the dashed line sits where it means
            yAxis={[
              {
                width: 48,
                min: 0,
                ...(m.bound !== null
                  ? { max: Math.max(m.bound * 1.5, ...history.map((h) => h[m.key] ?? 0)) * 1.1 }
                  : {}),
              },
            ]}
            series={[
              {
                id: m.key,
                label: m.title,
                data: history.map((h) => h[m.key]),
                valueFormatter: (v: number | null) =>
                  v === null ? "not measured" : `${v.toLocaleString("en-US", { maximumFractionDigits: 2 })}${m.unit}`,
                showMark: true,
                connectNulls: false,
              },
            ]}
            hideLegend
            margin={{ left: 4, right: 12 }}
          >
            {m.bound !== null ? (
              <ChartsReferenceLine
                y={m.bound}
                label={`bound ${m.bound}${m.unit}`}
                lineStyle={{ strokeDasharray: "4 4" }}
              />
            ) : null}
          </LineChart>
        </Box>
      ))}
    </Box>
  );
}
