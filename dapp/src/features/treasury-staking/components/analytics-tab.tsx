import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { useAnalytics } from "../api/get-analytics";
import { bpsText, curveDayText, numberText, percentText, signedPercentText, strategyName } from "../utils/format";
import { CardGrid } from "./figure";

function Reading({ title, value, how, testId }: { title: string; value: ReactNode; how: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" data-testid={`${testId}-value`} sx={{ overflowWrap: "anywhere" }}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {how}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * Analytics: the spec's market overview and expected strategy returns, each computed by the API from the
 * official history (the 10Y-2Y spread, the curve's shape by its stated rule, the volatility of daily
 * changes, the Fed funds trend from FRED, each strategy's realised return). The spec's fixed figures are
 * never shown as readings.
 */
export function AnalyticsTab() {
  const analytics = useAnalytics();
  return (
    <QueryState query={analytics} what="the analytics" height={420} testId="analytics">
      {(a) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="subtitle1" component="h3">
              Market overview on {curveDayText(a.asOf)}
            </Typography>
            <SourceBadge source={a.source} />
          </Stack>
          <CardGrid min={220}>
            <Reading title="10Y-2Y spread" value={bpsText(a.spread10y2y)} how="10-year par yield minus 2-year, on the curve day" testId="analytics-spread" />
            <Reading title="Curve shape" value={a.curveShape.shape} how={a.curveShape.rule} testId="analytics-shape" />
            <Reading
              title="Volatility"
              value={a.volatility.label}
              how={`${numberText(a.volatility.dailyChangeStdBps, 2)} bps standard deviation of daily 10-year changes, ${a.volatility.window}`}
              testId="analytics-volatility"
            />
            <Reading
              title="Fed funds trend"
              value={a.fedFunds.trend}
              how={`Effective rate ${percentText(a.fedFunds.latest)} on ${curveDayText(a.fedFunds.asOf)}, ${a.fedFunds.changeBps > 0 ? "+" : ""}${numberText(a.fedFunds.changeBps, 0)} bps over the window (FRED DFF)`}
              testId="analytics-fed"
            />
          </CardGrid>
          <Typography variant="subtitle1" component="h3">
            Strategy returns over the bundled history
          </Typography>
          <Table size="small" data-testid="analytics-returns" sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Strategy</TableCell>
                <TableCell align="right">Realised return</TableCell>
                <TableCell align="right">Trades</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {a.strategyReturns.map((r) => (
                <TableRow key={r.strategy} data-testid="analytics-return-row" data-strategy={r.strategy}>
                  <TableCell>{strategyName(r.strategy)}</TableCell>
                  <TableCell align="right">{signedPercentText(r.realisedReturn)}</TableCell>
                  <TableCell align="right">{r.trades}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </QueryState>
  );
}
