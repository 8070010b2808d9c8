import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { useIndividualResults } from "../hooks/use-individual-results";
import { countsText, failsFirst, formatRunTime, formatSeconds, RUN_LABELS } from "../utils/words";
import { CategoryChip } from "./chips";
import { ResultCards } from "./result-card";

/** The individual tests run in this visit: each one's category, when and how long, its counts and its results (FAILs first). */
export function IndividualResults() {
  const runs = useIndividualResults();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="individual-results">
      <Typography variant="h6" component="h2" gutterBottom>
        Individual test results
      </Typography>
      <Stack spacing={3}>
        {runs.map(({ kind, response: r }) => (
          <Box
            key={kind}
            component="section"
            data-testid={`individual-${kind}`}
            data-category={r.category}
            aria-label={`${RUN_LABELS[kind]} results`}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {RUN_LABELS[kind]}
              </Typography>
              <CategoryChip category={r.category} testId={`individual-${kind}-category`} />
              <Typography variant="body2" data-testid={`individual-${kind}-counts`}>
                {countsText(r.results)}
              </Typography>
            </Stack>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ mb: 1, overflowWrap: "anywhere" }}
            >
              Ran {formatRunTime(r.ranAt)} · {formatSeconds(r.durationMs)} · {r.requestsSent} requests · {r.target}
            </Typography>
            {r.stoppedBy ? (
              <Notice severity="warning" role="status" sx={{ mb: 1 }}>
                Stopped early: {r.stoppedBy}. The checks it did not reach say so.
              </Notice>
            ) : null}
            <ResultCards results={failsFirst(r.results)} testId={`individual-${kind}-results`} />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
