import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SourceBadge } from "../../../components/source-badge";
import type { GovernmentFigure } from "../api/contract";
import { dayText, figureAsPublished, figureReading } from "../utils/figures";
import { Fact, Facts } from "../../../components/facts";

/**
 * One official figure, checkable: the value (and as published, with its units), the date it refers to, its series
 * id and publisher, and Live or Snapshot, the note saying where it came from and why it is not live.
 */
export function FigureCard({ label, figure }: { label: string; figure: GovernmentFigure }) {
  return (
    <Card
      variant="outlined"
      data-testid="figure-card"
      data-key={figure.key}
      data-source={figure.source}
      sx={{ height: "100%", minWidth: 0 }}
    >
      <CardContent component={Stack} spacing={1} sx={{ "&:last-child": { pb: 2 } }}>
        <Box
          sx={{ display: "flex", gap: 1, alignItems: "baseline", justifyContent: "space-between", flexWrap: "wrap" }}
        >
          <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ minWidth: 0 }}>
            {label}
          </Typography>
          <SourceBadge source={figure.source} reason={figure.source === "live" ? null : figure.note} />
        </Box>
        <Typography variant="h5" component="p" data-testid="figure-reading" sx={{ fontWeight: 600 }}>
          {figureReading(figure)}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="figure-published">
          {figureAsPublished(figure)}
        </Typography>
        <Facts>
          <Fact term="As of" testId="figure-as-of">
            {dayText(figure.asOf)}
          </Fact>
          <Fact term="Series" testId="figure-series">
            <Box component="span" sx={{ fontFamily: "monospace" }}>
              {figure.seriesId}
            </Box>{" "}
            <Typography component="span" variant="caption" color="text.secondary">
              ({figure.title})
            </Typography>
          </Fact>
          <Fact term="Publisher" testId="figure-publisher">
            {figure.publisher}
          </Fact>
          {figure.derivation ? <Fact term="Derived">{figure.derivation}</Fact> : null}
        </Facts>
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="figure-note"
          sx={{ overflowWrap: "anywhere" }}
        >
          {figure.note}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A field with neither a live value nor a bundled row: said so, with the reason, never a made-up figure. */
export function MissingFigureCard({ label, reason }: { label: string; reason: string }) {
  return (
    <Card variant="outlined" data-testid="figure-missing" sx={{ height: "100%", minWidth: 0 }}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Typography variant="subtitle2" component="h4" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          No value
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {reason}
        </Typography>
      </CardContent>
    </Card>
  );
}
