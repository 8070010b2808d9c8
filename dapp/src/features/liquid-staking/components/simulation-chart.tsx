import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import type { z } from "zod";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber } from "../../../lib/format";
import type { simulateResponse } from "../api/contract";
import { LEVERAGE_RATIOS } from "../constants";
import { percentText, usdText } from "./figures";

type Simulation = z.infer<typeof simulateResponse>;
type Row = Simulation["simulations"][number]["ratios"][number];
type Figures = Extract<Row, { healthFactor: number }>;
const figuresOf = (row: Row | undefined): Figures | null => (row && "healthFactor" in row && row.possible ? row : null);

const METRICS = [
  { key: "netAPY", title: "Net APY (%)", format: (v: number) => percentText(v) },
  { key: "healthFactor", title: "Health factor", format: (v: number) => formatNumber(v, 3) },
  { key: "liquidationPriceUsd", title: "Liquidation price (USD per LST)", format: (v: number) => usdText(v) },
] as const;

/**
 * Every ratio's health factor, liquidation price and net APY for the amount (POST /simulate), one small line
 * chart per figure with a series per strategy; a ratio the router refuses is a gap, its reason in the table.
 */
export function SimulationChart({ data }: { data: Simulation }) {
  const xData = LEVERAGE_RATIOS.map((r) => r);
  return (
    <Stack spacing={2} data-testid="simulation-results">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h3">
          Simulation for {data.ethAmount} ETH
        </Typography>
        <SourceBadge source={data.source} reason={data.reason} />
        <Typography variant="caption" color="text.secondary">
          block {data.asOfBlock}; reads only, nothing was sent. Pools with the same LTV and threshold share a health
          factor and liquidation price, so their lines coincide.
        </Typography>
      </Stack>
      <Grid container spacing={2}>
        {METRICS.map((m) => (
          <Grid key={m.key} size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {m.title}
            </Typography>
            <Box data-testid={`simulation-chart-${m.key}`} sx={{ width: "100%", minWidth: 0 }}>
              <LineChart
                height={220}
                xAxis={[{ data: xData, scaleType: "point", valueFormatter: (v: number) => `${v}x`, label: "Leverage" }]}
                series={data.simulations.map((s) => ({
                  label: s.collateralToken,
                  data: LEVERAGE_RATIOS.map(
                    (r) => figuresOf(s.ratios.find((x) => x.leverageRatio === r))?.[m.key] ?? null,
                  ),
                  valueFormatter: (v: number | null) => (v === null ? "not possible" : m.format(v)),
                  connectNulls: false,
                }))}
                margin={{ left: 8, right: 8 }}
              />
            </Box>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" data-testid="simulation-table" sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Ratio</TableCell>
              <TableCell align="right">Health factor</TableCell>
              <TableCell align="right">Liquidation price</TableCell>
              <TableCell align="right">Net APY</TableCell>
            </TableRow>
          </TableHead>
          {data.simulations.map((s) => (
            <TableBody key={s.strategy}>
              {/* One group per strategy, its name on a row of its own, so four columns fit at 390 px. */}
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 700, bgcolor: "action.hover" }}>
                  {s.name} ({s.collateralToken}, base {percentText(s.baseAPY)})
                </TableCell>
              </TableRow>
              {s.ratios.map((row) => {
                const f = figuresOf(row);
                return (
                  <TableRow
                    key={row.leverageRatio}
                    data-testid="simulation-row"
                    data-strategy={s.strategy}
                    data-ratio={row.leverageRatio}
                  >
                    <TableCell>{row.label}</TableCell>
                    {f ? (
                      <>
                        <TableCell align="right">{formatNumber(f.healthFactor, 3)}</TableCell>
                        <TableCell align="right">{usdText(f.liquidationPriceUsd)}</TableCell>
                        <TableCell align="right">{percentText(f.netAPY)}</TableCell>
                      </>
                    ) : (
                      <TableCell colSpan={3} data-testid="simulation-impossible">
                        Not possible: {row.reason}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          ))}
        </Table>
      </Box>
    </Stack>
  );
}
