import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { AccessNote } from "../../../components/session/access-note";
import { strictest, useGate } from "../../../components/session/use-access";
import { useIdle } from "../../../lib/use-idle";
import { professionalRuns } from "../api/contract";
import { useCompleteAssessment } from "../hooks/use-complete-assessment";
import { useRunBusy } from "../hooks/use-run-busy";
import { PathIcon, PLAY_ARROW } from "../../../components/path-icon";

// The progress list (and its icons) loads after the page's first paint: it shows only once a run starts.
const Progress = lazyPart(() => import("./assessment-progress").then((m) => m.Progress), {
  name: "The progress",
  fallback: <PartLoading minHeight={5 * 32 + 20} label="Loading the progress" />,
});

/** 'Run Complete Assessment': the five assessments one after another, with their progress; every Run button waits meanwhile. */
export function CompleteAssessment() {
  const { steps, start, running } = useCompleteAssessment();
  const busy = useRunBusy();
  const gate = useGate(strictest(...Object.values(professionalRuns).map((e) => e.access)));
  // fetched once the page is idle, so the list appears at once when a run starts
  const idle = useIdle();
  useEffect(() => {
    if (idle) void Progress.preload().catch(() => {});
  }, [idle]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="complete-assessment">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="contained"
          startIcon={<PathIcon d={PLAY_ARROW} />}
          disabled={busy || !gate.allowed}
          onClick={start}
          aria-describedby={gate.note ? "complete-assessment-access" : undefined}
          data-testid="run-complete-assessment"
        >
          {running ? "Running the assessment…" : "Run Complete Assessment"}
        </Button>
        <Typography variant="body2" color="text.secondary">
          Runs the five assessments below one after another (each its own request, about a minute in all), then reads
          the report again.
        </Typography>
      </Stack>
      <AccessNote gate={gate} id="complete-assessment-access" />
      {steps ? <Progress steps={steps} running={running} /> : null}
    </Paper>
  );
}
