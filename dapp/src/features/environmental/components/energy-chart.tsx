import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import type { EnergySeries } from "../api/contract";

import { ENERGY_CHART_HEIGHT } from "./energy-chart-height";

const dateText = (d: Date, monthly: boolean) =>
  d.toLocaleDateString(
    "en-US",
    monthly ? { year: "numeric", month: "short", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" },
  );

/** One bundled series as a line over its dates (@mui/x-charts: loaded with this part, after the first paint). */
export function EnergyChart({ series }: { series: EnergySeries }) {
  const monthly = series.frequency === "monthly";
  return (
    <Box data-testid="energy-chart" data-series={series.id} sx={{ width: "100%", minWidth: 0 }}>
      <LineChart
        height={ENERGY_CHART_HEIGHT}
        xAxis={[
          {
            data: series.points.map((p) => new Date(`${p.date}T00:00:00Z`)),
            scaleType: "time",
            valueFormatter: (d: Date) => dateText(d, monthly),
          },
        ]}
        yAxis={[{ width: 44 }]}
        series={[
          {
            id: series.id,
            label: `${series.seriesId} (${series.units})`,
            data: series.points.map((p) => p.value),
            showMark: false,
          },
        ]}
        margin={{ left: 4, right: 12 }}
      />
    </Box>
  );
}
