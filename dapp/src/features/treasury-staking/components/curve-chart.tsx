import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import type { TreasuryBondsResponse, TreasuryCurvePoints, TreasuryTenor } from "../api/contract";
import { TENOR_LABELS, TREASURY_TENORS } from "../constants";
import { curveDayText, yieldText } from "../utils/format";

type Curves = TreasuryBondsResponse["curves"];

/** Every tenor any of the curves has, shortest first (a year-ago curve may lack a tenor published since). */
export function curveAxis(curves: Curves): TreasuryTenor[] {
  const present = (t: TreasuryTenor) =>
    [curves.today, curves.monthAgo, curves.yearAgo].some((c) => c?.yields[t] !== undefined);
  return TREASURY_TENORS.filter(present);
}

/** The curve today, a month ago and a year ago (21 and 252 curve days earlier), maturities evenly spaced. */
export function CurveChart({ curves, height }: { curves: Curves; height: number }) {
  const axis = curveAxis(curves);
  const lines = [
    { key: "today", label: "Today", curve: curves.today },
    { key: "month", label: "A month ago", curve: curves.monthAgo },
    { key: "year", label: "A year ago", curve: curves.yearAgo },
  ].filter((l): l is { key: string; label: string; curve: TreasuryCurvePoints } => l.curve !== null);
  return (
    <Box data-testid="curve-chart" sx={{ width: "100%", minWidth: 0 }}>
      <LineChart
        height={height}
        xAxis={[{ data: axis.map((t) => TENOR_LABELS[t]), scaleType: "point", label: "Maturity" }]}
        yAxis={[{ valueFormatter: (v: number) => `${v}%`, width: 44 }]}
        series={
          axis.length === 0
            ? []
            : lines.map((l) => ({
                id: l.key,
                label: `${l.label} (${curveDayText(l.curve.date)})`,
                data: axis.map((t) => l.curve.yields[t] ?? null),
                valueFormatter: (v: number | null) => (v === null ? "not published" : yieldText(v)),
                connectNulls: true,
                showMark: false,
              }))
        }
        margin={{ left: 4, right: 12 }}
      />
    </Box>
  );
}
