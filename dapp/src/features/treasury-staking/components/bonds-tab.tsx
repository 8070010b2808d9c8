import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { lazyPart } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { useBonds } from "../api/get-bonds";
import type { TreasuryBondsResponse } from "../api/contract";
import { curveDayText, numberText, usdText, yieldChangeText, yieldText } from "../utils/format";

// MUI X Charts is large: the chart loads when the tab first draws it, in a box of its final height.
const CURVE_HEIGHT = 300;
const CurveChart = lazyPart(() => import("./curve-chart").then((m) => m.CurveChart), { name: "The curve chart" });

type Bond = TreasuryBondsResponse["bonds"][number];

const testId = (id: string) => () => ({ "data-testid": id });
const BOND_COLUMNS: readonly DataColumn<Bond>[] = [
  { id: "maturity", header: "Maturity", primary: true, cell: (b) => b.maturity },
  {
    id: "yield",
    header: "Current yield",
    align: "right",
    cell: (b) => yieldText(b.currentYield),
    cellProps: testId("bond-yield"),
  },
  {
    id: "change",
    header: "Yield change",
    align: "right",
    cell: (b) => yieldChangeText(b.yieldChange),
    cellProps: testId("bond-change"),
  },
  {
    id: "price",
    header: "Price",
    align: "right",
    cell: (b) => numberText(b.price, 3),
    cellProps: testId("bond-price"),
  },
  {
    id: "duration",
    header: "Duration",
    align: "right",
    cell: (b) => numberText(b.modifiedDuration, 3),
    cellProps: testId("bond-duration"),
  },
  {
    id: "dv01",
    header: "DV01 / $1m",
    align: "right",
    cell: (b) => usdText(b.dv01Per1m),
    cellProps: testId("bond-dv01"),
  },
  {
    id: "volume",
    header: "Daily volume",
    align: "right",
    cell: () => "not in the data",
    cellProps: (b) => ({ "data-testid": "bond-volume", title: b.dailyVolumeNote }),
  },
];

function BondsTable({ data }: { data: TreasuryBondsResponse }) {
  return (
    <DataTable
      columns={BOND_COLUMNS}
      rows={data.bonds}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ "data-testid": "bond-row", "data-maturity": b.maturity })}
      testId="bonds-table"
      label="Treasury bonds"
      sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 }, whiteSpace: "nowrap" } }}
    />
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
