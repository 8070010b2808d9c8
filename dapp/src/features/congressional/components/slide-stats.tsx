import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Skeleton } from "../../../components/skeleton";
import { describeQueryError } from "../../../lib/api-errors";
import type { CongressionalFigure, CongressionalFiguresResponse } from "../api/contract";
import type { useCongressionalFigures } from "../api/get-figures";
import { SPEC_DEFAULTS } from "../constants";
import { FigureBasis } from "./figure-basis";

function StatCard({
  id,
  title,
  shown,
  figure,
}: {
  id: string;
  title: string;
  shown: string;
  figure: CongressionalFigure;
}) {
  return (
    <Card variant="outlined" data-testid="stat-card" data-stat={id} data-basis={figure.basis}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" component="h3">
          {title}
        </Typography>
        <Typography variant="h4" component="p" data-testid="stat-value">
          {shown}
        </Typography>
        <FigureBasis basis={figure.basis} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: "anywhere" }}>
          {figure.how}
          {figure.reason ? ` Missing because: ${figure.reason}.` : ""}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
          Source: {figure.source}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function statCards(f: CongressionalFiguresResponse) {
  return [
    {
      id: "compliance-score",
      title: "Compliance score",
      shown: `${f.complianceScore.value}%`,
      figure: f.complianceScore,
    },
    { id: "activities", title: "Activities", shown: String(f.activities.value), figure: f.activities },
    {
      id: "federal-endpoints",
      title: "Federal endpoints",
      shown: String(f.federalEndpoints.value),
      figure: f.federalEndpoints,
    },
  ];
}

/**
 * The stat cards of slides 2 to 6: computed where we have the data, the spec's defaults (90, 12, 5) labelled as
 * such only where it is missing. While the figures load or if they fail, the slide still shows, with the state said.
 */
export function SlideStats({ figures }: { figures: ReturnType<typeof useCongressionalFigures> }) {
  if (figures.isPending) {
    return (
      <Columns columns={{ xs: 1, sm: 3 }} testId="slide-stats-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={160} />
        ))}
      </Columns>
    );
  }
  if (figures.isError || !figures.data) {
    return (
      <Typography variant="body2" color="error" data-testid="slide-stats-error">
        The live figures could not be read ({describeQueryError(figures.error).message}); the spec&apos;s defaults would
        be {SPEC_DEFAULTS.complianceScore}%, {SPEC_DEFAULTS.activities} and {SPEC_DEFAULTS.federalEndpoints}, not shown
        as readings.
      </Typography>
    );
  }
  return (
    <Columns columns={{ xs: 1, sm: 3 }} testId="slide-stats">
      {statCards(figures.data).map((c) => (
        <StatCard key={c.id} {...c} />
      ))}
    </Columns>
  );
}
