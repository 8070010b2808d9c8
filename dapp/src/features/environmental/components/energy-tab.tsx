import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Fact, Facts } from "../../../components/facts";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber } from "../../../lib/format";
import { useEnergy } from "../api/get-energy";
import type { EnergyLatest, EnergySeries } from "../api/contract";
import { ENERGY_CHART_HEIGHT } from "./energy-chart-height";

const EnergyChart = lazyPart(() => import("./energy-chart").then((m) => m.EnergyChart), {
  name: "The energy chart",
  fallback: <PartLoading minHeight={ENERGY_CHART_HEIGHT} label="Loading the chart" />,
});

/** Preloads the charts' code (the tab's `preload`). */
export const preloadEnergyCharts = () => EnergyChart.preload();

function LatestCard({ latest }: { latest: EnergyLatest }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="energy-latest" data-key={latest.key}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {latest.title}, newest value
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: 1, my: 0.5 }}>
        <Typography variant="h5" component="p" data-testid="energy-latest-value">
          {latest.value === null ? "—" : formatNumber(latest.value)}
        </Typography>
        <Typography variant="body2">{latest.units}</Typography>
        {latest.source ? <SourceBadge source={latest.source} /> : null}
      </Box>
      <Typography variant="body2" data-testid="energy-latest-date">
        As of {latest.asOf ?? "—"} · {latest.seriesId}, {latest.publisher}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
        {latest.note}
      </Typography>
    </Paper>
  );
}

function SeriesFacts({ series }: { series: EnergySeries }) {
  const first = series.points[0]?.date;
  return (
    <Facts testId="energy-series-facts" stackOnPhone>
      <Fact term="Dates" testId="energy-series-dates">
        {first ? `${first} to ${series.asOf} (${series.points.length} observations)` : "—"}
      </Fact>
      <Fact term="Source" testId="energy-series-source">
        {series.publisher}, series {series.seriesId}; bundled file api/data/government/{series.file}
      </Fact>
      <Fact term="Units">{series.units}</Fact>
      {series.derivation ? <Fact term="Derived">{series.derivation}</Fact> : null}
    </Facts>
  );
}

/**
 * One commodity: its monthly averages or its daily prices (one chart drawn at a time: four charts of 1,400 points
 * each held the main thread for seconds on a phone), with the shown series' dates and source.
 */
function CommodityCard({ series }: { series: EnergySeries[] }) {
  const [shown, setShown] = useState(0);
  const s = series[shown]!;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="energy-series" data-series={s.id}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {s.title}
        </Typography>
        <SourceBadge source={s.source} />
      </Box>
      <Box role="group" aria-label={`${s.seriesId}: frequency`} sx={{ display: "flex", gap: 1, my: 1 }}>
        {series.map((option, i) => (
          <Button
            key={option.id}
            size="small"
            variant={i === shown ? "contained" : "outlined"}
            aria-pressed={i === shown}
            onClick={() => setShown(i)}
            data-testid={`energy-frequency-${option.frequency}`}
          >
            {option.frequency === "monthly" ? "Monthly" : "Daily"}
          </Button>
        ))}
      </Box>
      {s.points.length ? (
        <EnergyChart series={s} />
      ) : (
        <Typography variant="body2">No observations in the bundled file.</Typography>
      )}
      <SeriesFacts series={s} />
    </Paper>
  );
}

/** The series grouped by commodity, in the API's order (monthly first). */
const commodities = (series: EnergySeries[]) =>
  [...new Set(series.map((s) => s.key))].map((key) => series.filter((s) => s.key === key));

/** WTI and Henry Hub: the newest value of each (live or snapshot, dated), then each bundled series as a chart. */
export function EnergyTab() {
  const energy = useEnergy();
  return (
    <QueryState query={energy} what="the energy series" height={900} testId="energy">
      {(e) => (
        <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2 }}>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
            }}
          >
            {e.latest.map((l) => (
              <LatestCard key={l.key} latest={l} />
            ))}
          </Box>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
            }}
          >
            {commodities(e.series).map((list) => (
              <CommodityCard key={list[0]!.key} series={list} />
            ))}
          </Box>
        </Box>
      )}
    </QueryState>
  );
}
