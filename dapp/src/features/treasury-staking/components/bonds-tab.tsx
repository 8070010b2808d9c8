import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { useBonds } from "../api/get-bonds";
import type { TreasuryBondsResponse } from "../api/contract";
import { curveDayText, numberText, usdText, yieldChangeText, yieldText } from "../utils/format";

// MUI X Charts is large: the chart loads when the tab first draws it, in a box of its final height.
const CURVE_HEIGHT = 300;
const CurveChart = lazyPart(() => import("./curve-chart").then((m) => m.CurveChart), { name: "The curve chart" });

function BondsTable({ data }: { data: TreasuryBondsResponse }) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table
        size="small"
        data-testid="bonds-table"
        sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 }, whiteSpace: "nowrap" } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Maturity</TableCell>
            <TableCell align="right">Current yield</TableCell>
            <TableCell align="right">Yield change</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Duration</TableCell>
            <TableCell align="right">DV01 / $1m</TableCell>
            <TableCell align="right">Daily volume</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.bonds.map((b) => (
            <TableRow key={b.id} data-testid="bond-row" data-maturity={b.maturity}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {b.maturity}
              </TableCell>
              <TableCell align="right" data-testid="bond-yield">
                {yieldText(b.currentYield)}
              </TableCell>
              <TableCell align="right" data-testid="bond-change">
                {yieldChangeText(b.yieldChange)}
              </TableCell>
              <TableCell align="right" data-testid="bond-price">
                {numberText(b.price, 3)}
              </TableCell>
              <TableCell align="right" data-testid="bond-duration">
                {numberText(b.modifiedDuration, 3)}
              </TableCell>
              <TableCell align="right" data-testid="bond-dv01">
                {usdText(b.dv01Per1m)}
              </TableCell>
              <TableCell align="right" data-testid="bond-volume" title={b.dailyVolumeNote}>
                not in the data
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Treasury Bonds: every published tenor of the curve day (yield, change from the previous published day,
 * a par bond's price and modified duration repriced at today's yield, DV01 per $1m), and the curve today,
 * a month ago and a year ago.
 */
export function BondsTab() {
  const bonds = useBonds();
  return (
    <QueryState query={bonds} what="the bonds" height={480} testId="bonds" isEmpty={(d) => d.bonds.length === 0}>
      {(data) => (
        <Stack spacing={2}>
          <BondsTable data={data} />
          <Typography variant="caption" color="text.secondary" data-testid="bonds-convention">
            Yield change from the previous published day{data.previousDay ? ` (${curveDayText(data.previousDay)})` : ""}
            , in basis points. {data.convention}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="bonds-volume-note">
            Daily volume: {data.bonds[0]?.dailyVolumeNote}
          </Typography>
          <Box>
            <Typography variant="subtitle1" component="h2">
              The par yield curve
            </Typography>
            <Box sx={{ minHeight: CURVE_HEIGHT + 40 }}>
              <CurveChart curves={data.curves} height={CURVE_HEIGHT} />
            </Box>
          </Box>
        </Stack>
      )}
    </QueryState>
  );
}
