import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { Skeleton } from "../../../components/skeleton";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { SourceBadge } from "../../../components/source-badge";
import { useOpportunities } from "../api/get-opportunities";
import { curveDayText } from "../utils/format";
import { ReplayPlaceholder } from "./replay-placeholder";

// The replay control (a mutation and its state) arrives after the first paint; its placeholder holds the
// same place, so nothing moves when it does.
const ReplayControl = lazyPart(() => import("./replay-control").then((m) => m.ReplayControl), {
  name: "The replay control",
  fallback: <ReplayPlaceholder />,
});

/**
 * The strip above the tabs: which official curve day every figure on the page is computed from, whether
 * it came from the Treasury just now (Live) or from the bundled file (Snapshot), and on the local chain
 * the replay control that walks the history forward.
 */
export function CurveDayStrip() {
  const opportunities = useOpportunities();
  const data = opportunities.data;
  return (
    <Paper
      variant="outlined"
      data-testid="curve-day-strip"
      sx={{ p: 1.5, display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 1 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 32, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" component="span">
          Curve day
        </Typography>
        {data ? (
          <>
            <Typography
              variant="body2"
              component="span"
              sx={{ fontWeight: 700 }}
              data-testid="curve-day"
              data-as-of={data.asOf}
            >
              {curveDayText(data.asOf)}
            </Typography>
            <SourceBadge source={data.source} reason={data.sourceNote} />
          </>
        ) : opportunities.isError ? (
          <Typography variant="body2" component="span" color="error" data-testid="curve-day-error">
            unread (the API did not answer)
          </Typography>
        ) : (
          <Skeleton variant="text" width={160} aria-label="Reading the curve day" />
        )}
      </Box>
      <Box sx={{ ml: { sm: "auto" }, minWidth: 0 }}>
        <ReplayControl />
      </Box>
    </Paper>
  );
}
