import Box from "@mui/material/Box";
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
import { SPREAD_BACKTEST_RULE, SPREAD_HORIZON_TEXT } from "../constants";
import { bpsValueText, curveDayText, percentText, signedPercentText, strategyName } from "../utils/format";
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
 * official history (the 10Y-2Y and 10Y-3M spreads, the curve's shape called from those two by its stated rule
 * (the API's curveShapeText: it cannot contradict them), the volatility of daily
 * changes, the Fed funds trend from FRED, each strategy's expected and realised return). The spec's fixed figures are
 * never shown as readings.
 */
export function AnalyticsTab() {
  const analytics = useAnalytics();
  return (
    <QueryState query={analytics} what="the analytics" height={420} testId="analytics">
      {(a) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="subtitle1" component="h2">
              Market overview on {curveDayText(a.asOf)}
            </Typography>
            <SourceBadge source={a.source} reason={a.sourceNote} />
          </Stack>
          <CardGrid min={220}>
            <Reading
              title="10Y-2Y spread"
              value={bpsValueText(a.spread10y2yBps)}
              how="The 10-year par yield minus the 2-year, on the curve day"
              testId="analytics-spread"
            />
            <Reading
              title="10Y-3M spread"
              value={bpsValueText(a.spread10y3mBps)}
              how={
                a.spread10y3mBps == null
                  ? "The 3-month bill was not published on the curve day"
                  : "The 10-year par yield minus the 3-month, on the curve day"
              }
              testId="analytics-spread-3m"
            />
            <Reading title="Curve shape" value={a.curveShapeText} how={a.curveShapeRule} testId="analytics-shape" />
            <Reading
              title="Volatility"
              value={a.volatility.level}
              how={`10-year daily changes: ${bpsValueText(a.volatility.daily252Bps, 2)} a day over 252 curve days, ${bpsValueText(a.volatility.daily21Bps, 2)} over 21. ${a.volatility.rule}`}
              testId="analytics-volatility"
            />
            <Reading
              title="Fed funds trend"
              value={a.fedFunds ? a.fedFunds.direction : "unread"}
              how={
                a.fedFunds
                  ? `Effective rate ${percentText(a.fedFunds.latest)} on ${curveDayText(a.fedFunds.date)}, ${bpsValueText(a.fedFunds.change3mBps, 0, true)} over 3 months (FRED DFF). ${a.fedFunds.rule}`
                  : "The bundled FRED series has no value on or before the curve day."
              }
              testId="analytics-fed"
            />
          </CardGrid>
          <Typography variant="subtitle1" component="h2">
            Strategy returns
          </Typography>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" data-testid="analytics-returns" sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Strategy</TableCell>
                  <TableCell align="right">Expected (model)</TableCell>
                  <TableCell align="right">Realised (backtest)</TableCell>
                  <TableCell align="right">Trades</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {a.strategies.map((r) => (
                  <TableRow key={r.strategy} data-testid="analytics-return-row" data-strategy={r.strategy}>
                    <TableCell>{strategyName(r.strategy)}</TableCell>
                    <TableCell align="right">{signedPercentText(r.expectedReturn)}</TableCell>
                    <TableCell align="right">{signedPercentText(r.realisedReturn)}</TableCell>
                    <TableCell align="right">{r.backtest.trades}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Typography variant="caption" color="text.secondary">
            Expected: the model's return over {SPREAD_HORIZON_TEXT} from the curve day. Realised: the sum of the
            backtest's trades on the bundled history
            {a.strategies[0]
              ? ` (${curveDayText(a.strategies[0].backtest.from)} to ${curveDayText(a.strategies[0].backtest.to)})`
              : ""}
            . {SPREAD_BACKTEST_RULE}
          </Typography>
        </Stack>
      )}
    </QueryState>
  );
}
