import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import type { BondsResponse, Curve } from "../api/types";
import { curveDayText, yieldText } from "../utils/format";

type Curves = BondsResponse["curves"];

/** Every maturity any of the curves has, shortest first (a month-ago curve may lack a tenor published since). */
export function curveAxis(curves: Curves): { maturity: string; tenorYears: number }[] {
  const all = new Map<string, number>();
  for (const c of [curves.today, curves.monthAgo, curves.yearAgo]) for (const p of c?.points ?? []) all.set(p.maturity, p.tenorYears);
  return [...all].map(([maturity, tenorYears]) => ({ maturity, tenorYears })).sort((a, b) => a.tenorYears - b.tenorYears);
}

const seriesOf = (curve: Curve, axis: { maturity: string }[]) => axis.map((a) => curve.points.find((p) => p.maturity === a.maturity)?.yield ?? null);

/** The curve today, a month ago and a year ago (the published days nearest before), maturities evenly spaced. */
export function CurveChart({ curves, height }: { curves: Curves; height: number }) {
  const axis = curveAxis(curves);
  const lines = [
    { key: "today", label: "Today", curve: curves.today },
    { key: "month", label: "A month ago", curve: curves.monthAgo },
    { key: "year", label: "A year ago", curve: curves.yearAgo },
  ].filter((l): l is { key: string; label: string; curve: Curve } => l.curve !== null);
  return (
    <Box data-testid="curve-chart" sx={{ width: "100%", minWidth: 0 }}>
      <LineChart
        height={height}
        xAxis={[{ data: axis.map((a) => a.maturity), scaleType: "point", label: "Maturity" }]}
        yAxis={[{ valueFormatter: (v: number) => `${v}%`, width: 48 }]}
        series={lines.map((l) => ({
          id: l.key,
          label: `${l.label} (${curveDayText(l.curve.date)})`,
          data: seriesOf(l.curve, axis),
          valueFormatter: (v: number | null) => (v === null ? "not published" : yieldText(v)),
          connectNulls: true,
          showMark: false,
        }))}
        margin={{ left: 4, right: 12 }}
      />
    </Box>
  );
}
