import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { AccessNote } from "../../../components/session/access-note";
import { strictest, useGate } from "../../../components/session/use-access";
import { useIdle } from "../../../lib/use-idle";
import { professionalRuns, type ReadinessReport } from "../api/contract";
import { useReadinessReport } from "../api/get-readiness-report";
import { PROFESSIONAL_KINDS } from "../constants";
import { formatDuration } from "../utils/readiness";
import { useCompleteAssessment } from "../hooks/use-complete-assessment";
import { useRunBusy } from "../hooks/use-run-busy";
import { PathIcon, PLAY_ARROW } from "../../../components/path-icon";

// The progress list (and its icons) loads after the page's first paint: it shows only once a run starts.
const Progress = lazyPart(() => import("./assessment-progress").then((m) => m.Progress), {
  name: "The progress",
  fallback: <PartLoading minHeight={5 * 32 + 20} label="Loading the progress" />,
});

/**
 * How long the five take, from what was measured: the sum of each one's latest run here (the load test's length is
 * the server's LOAD_TEST_SECONDS, so its last run says it), never a fixed promise. After a run the progress says
 * what it took.
 */
export function durationEstimate(report: ReadinessReport | undefined): string {
  if (!report) return "how long it takes shows once the report is read";
  const runs = PROFESSIONAL_KINDS.map((k) => report.assessments[k]);
  const never = runs.filter((a) => a.durationMs === null).map((a) => a.label);
  if (never.length === runs.length) return "no estimate yet: none has run here";
  const total = runs.reduce((sum, a) => sum + (a.durationMs ?? 0), 0);
  return never.length
    ? `their latest runs here took ${formatDuration(total)}, plus ${never.join(", ")}, never run here`
    : `about ${formatDuration(total)} in all: what their latest runs here took`;
}

/** 'Run Complete Assessment': the five assessments one after another, with their progress; every Run button waits meanwhile. */
export function CompleteAssessment() {
  const { steps, start, running } = useCompleteAssessment();
  const report = useReadinessReport();
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
        <Typography variant="body2" color="text.secondary" data-testid="complete-assessment-estimate">
          Runs the five assessments below one after another (each its own request; {durationEstimate(report.data)}),
          then reads the report again.
        </Typography>
      </Stack>
      <AccessNote gate={gate} id="complete-assessment-access" />
      {steps ? <Progress steps={steps} running={running} /> : null}
    </Paper>
  );
}
