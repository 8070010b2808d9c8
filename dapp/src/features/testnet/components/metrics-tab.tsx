import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { formatNumber } from "../../../lib/format";
import { timeText } from "../../../lib/time";
import { PERFORMANCE_SUCCESS_RATE_MIN } from "../constants";
import type { TestnetStatusResponse } from "../api/contract";
import { useTestnetStatus } from "../api/get-status";
import { performanceValidated } from "../utils/readiness";
import { CardGrid } from "./card-grid";
import { StatCard } from "./stat-card";

const percent = (n: number | null) => (n === null ? "Not measured" : `${formatNumber(n, 2)}%`);
const checkDetail = (s: TestnetStatusResponse, id: string) => s.checks.find((c) => c.id === id)?.detail;

function Metrics({ s }: { s: TestnetStatusResponse }) {
  const m = s.performanceMetrics;
  const r = s.requestMetrics;
  const over =
    r.requests > 0
      ? `Over the last ${r.requests.toLocaleString("en-US")} /api requests${r.since ? ` since ${timeText(r.since)}` : ""}.`
      : "No /api request measured yet.";
  return (
    <Stack spacing={2}>
      <CardGrid testId="metric-cards">
        <Box sx={{ minWidth: 0 }}>
          <StatCard
            testId="metric-response-time"
            title="Average response time"
            value={m.avgResponseTime === null ? "Not measured" : `${formatNumber(m.avgResponseTime, 1)} ms`}
            measures={`Mean time the API took to answer, measured in its own request pipeline${r.p95Ms !== null ? ` (95th percentile ${formatNumber(r.p95Ms, 1)} ms)` : ""}. ${over}`}
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <StatCard
            testId="metric-success-rate"
            title="Success rate"
            value={percent(m.successRate)}
            badge={
              performanceValidated(m.successRate) ? (
                <Pill data-testid="performance-validated" size="small" color="success" label="Performance Validated" />
              ) : null
            }
            measures={`Share of /api responses that were not a server error (5xx; a refused bad input is not a failure). ${over} "Performance Validated" above ${PERFORMANCE_SUCCESS_RATE_MIN}%.`}
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <StatCard
            testId="metric-yield-accuracy"
            title="Treasury yield accuracy"
            value={percent(m.treasuryYieldAccuracy)}
            measures={
              checkDetail(s, "treasuryYieldAccuracy") ??
              "Served yields for the current curve day against the bundled Treasury source file, tenor by tenor."
            }
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <StatCard
            testId="metric-spread-capture"
            title="Arbitrage spread capture"
            value={percent(m.arbitrageSpreadCapture)}
            measures={
              checkDetail(s, "arbitrageSpreadCapture") ??
              "Realised spread change of the open positions against the model's expected change."
            }
          />
        </Box>
      </CardGrid>
      <Typography variant="caption" color="text.secondary">
        Read {timeText(s.asOf)}; refreshed every 5 seconds.
      </Typography>
    </Stack>
  );
}

/** Four metric cards, each with what it is measured from; the badge only when the success rate is above 99%. */
export function MetricsTab() {
  const status = useTestnetStatus();
  return (
    <QueryState query={status} what="the performance metrics" height={200} testId="metrics">
      {(s) => <Metrics s={s} />}
    </QueryState>
  );
}
