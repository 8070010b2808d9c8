import Box from "@mui/material/Box";
import { BarChart } from "@mui/x-charts/BarChart";
import type { QtTokenomicsResponse } from "../api/contract";
import { tokenCompact } from "../utils/format";

/**
 * The spec's release schedule (§9) as a chart: each period's release and the cumulative amount released.
 * Its own chunk (MUI X Charts), drawn once the tab has painted.
 */
export function ReleaseChart({ schedule }: { schedule: QtTokenomicsResponse["releaseSchedule"] }) {
  return (
    <Box data-testid="qt-release-chart" sx={{ width: "100%", minWidth: 0 }}>
      <BarChart
        height={260}
        xAxis={[{ data: schedule.map((p) => p.period), scaleType: "band" }]}
        yAxis={[{ valueFormatter: (v: number) => tokenCompact(v, "").trim() }]}
        series={[
          {
            label: "Released in the period",
            data: schedule.map((p) => p.amount),
            valueFormatter: (v) => tokenCompact(v, "XQB"),
          },
          {
            label: "Released in total",
            data: schedule.map((p) => p.cumulative),
            valueFormatter: (v) => tokenCompact(v, "XQB"),
          },
        ]}
        margin={{ left: 8, right: 8 }}
      />
    </Box>
  );
}
