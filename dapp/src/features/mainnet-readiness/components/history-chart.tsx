import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import { QueryState } from "../../../components/page-shell";
import { useMainnetReadinessHistory } from "../api/get-history";
import { formatScore } from "../utils/readiness";
import { timeText } from "../../../lib/time";

export const HISTORY_HEIGHT = 280;

/** The readiness score over its stored snapshots (on each change, else at most every 10 minutes). */
export function HistoryChart() {
  const history = useMainnetReadinessHistory();
  return (
    <QueryState
      query={history}
      what="the readiness history"
      height={HISTORY_HEIGHT + 48}
      testId="history"
      isEmpty={(d) => d.points.length === 0}
      empty={{ message: "No snapshot yet: one is stored the first time the status is computed." }}
    >
      {(d) => (
        <Box data-testid="history-chart" sx={{ width: "100%", minWidth: 0 }}>
          <LineChart
            height={HISTORY_HEIGHT}
            xAxis={[{ data: d.points.map((p) => new Date(p.at)), scaleType: "time", label: "Snapshot" }]}
            yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 44 }]}
            series={[
              {
                id: "score",
                label: "Readiness score",
                data: d.points.map((p) => p.score),
                valueFormatter: (v: number | null) => (v === null ? "—" : `${formatScore(v)}%`),
                curve: "stepAfter",
                showMark: d.points.length < 40,
              },
            ]}
            margin={{ left: 4, right: 12 }}
          />
          <Typography variant="caption" color="text.secondary" component="div" data-testid="history-caption">
            {d.points.length} snapshot{d.points.length === 1 ? "" : "s"}
            {d.points.length ? `, ${timeText(d.points[0]!.at)} to ${timeText(d.points[d.points.length - 1]!.at)}` : ""}.
            Stored when {d.snapshotRule.replace(/^a snapshot is stored when /, "")}.
          </Typography>
        </Box>
      )}
    </QueryState>
  );
}
