import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutationState } from "@tanstack/react-query";
import { Notice } from "../../../components/notice";
import { AccessNote } from "../../../components/session/access-note";
import { strictest, useGate, type Gate } from "../../../components/session/use-access";
import { securityContract, securityTests, type SecurityTestKind } from "../api/contract";
import { runKey } from "../api/keys";
import { useComprehensiveTest, useIndividualTest } from "../api/run-tests";
import { useElapsedSeconds } from "../hooks/use-elapsed";
import { useRunBusy } from "../hooks/use-run-busy";
import { RUN_BUDGET_MS, TEST_KINDS } from "../utils/vocabulary";
import { failureText, RUN_LABELS, RUN_STEPS, type RunKind } from "../utils/words";
import { PathIcon, PLAY_ARROW } from "../../../components/path-icon";

const BUDGET_S = RUN_BUDGET_MS / 1000;
/** The longest progress line's height (the comprehensive run's) at 390, 600 and 900 px: the box keeps it, so the page below does not jump when a run starts or ends. */
const PROGRESS_HEIGHT = { xs: 120, sm: 80, md: 40 };

/** The runs in the cache, newest last: which one is going (and since when), and whether the last one failed. */
function useRuns() {
  return useMutationState({
    filters: { mutationKey: runKey },
    select: (m) => ({
      kind: m.options.mutationKey?.[2] as RunKind,
      status: m.state.status,
      submittedAt: m.state.submittedAt,
      error: m.state.error,
    }),
  });
}

/** "Running the CSRF Test: … · 7 s elapsed (the API stops a run at 25 s)", or what a run is, while none goes. */
function Progress({ kind, since }: { kind: RunKind | null; since: number | null }) {
  const elapsed = useElapsedSeconds(since);
  return (
    <Typography
      variant="body2"
      role="status"
      aria-live="polite"
      data-testid="run-progress"
      data-running={kind ?? ""}
      sx={{ minHeight: PROGRESS_HEIGHT, overflowWrap: "anywhere" }}
    >
      {kind ? (
        <>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Running the {RUN_LABELS[kind]}
          </Box>
          : {RUN_STEPS[kind]} · <span data-testid="run-elapsed">{elapsed} s</span> elapsed (the API stops a run at{" "}
          {BUDGET_S} s and reports what it reached)
        </>
      ) : (
        <Box component="span" sx={{ color: "text.secondary" }}>
          One run at a time; each takes up to {BUDGET_S} s. The buttons wait while a run goes.
        </Box>
      )}
    </Typography>
  );
}

function TestButton({ kind, busy, gate }: { kind: SecurityTestKind; busy: boolean; gate: Gate }) {
  const run = useIndividualTest(kind);
  return (
    <Button
      variant="outlined"
      disabled={busy || !gate.allowed}
      onClick={() => run.mutate()}
      aria-describedby={gate.note ? "security-run-access" : undefined}
      data-testid={`run-${kind}`}
    >
      {run.isPending ? "Running…" : `Run ${RUN_LABELS[kind]}`}
    </Button>
  );
}

/**
 * The control buttons (spec: a comprehensive run and the four individual tests), the run in progress with its
 * elapsed seconds, the operator gate's reason in place, and the last run's failure in words (one already
 * going, or when to try again).
 */
export function RunControls() {
  const comprehensive = useComprehensiveTest();
  const busy = useRunBusy();
  // Suite runs are operators' (hundreds of requests each); the stored report is every visitor's.
  const gate = useGate(
    strictest(securityContract.comprehensiveTest.access, ...Object.values(securityTests).map((e) => e.access)),
  );
  const runs = useRuns();
  const pending = runs.filter((r) => r.status === "pending").at(-1) ?? null;
  const last = runs.at(-1);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="run-controls">
      <Typography variant="h6" component="h2" gutterBottom>
        Run the suite
      </Typography>
      <Stack spacing={1.5}>
        <Box>
          <Button
            variant="contained"
            startIcon={<PathIcon d={PLAY_ARROW} />}
            disabled={busy || !gate.allowed}
            onClick={() => comprehensive.mutate()}
            aria-describedby={gate.note ? "security-run-access" : undefined}
            data-testid="run-comprehensive"
          >
            {comprehensive.isPending ? "Running…" : `Run ${RUN_LABELS.comprehensive}`}
          </Button>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Individual tests
          </Typography>
          <Box
            sx={{
              display: "grid",
              gap: 1,
              gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, max-content)" },
            }}
          >
            {TEST_KINDS.map((k) => (
              <TestButton key={k} kind={k} busy={busy} gate={gate} />
            ))}
          </Box>
        </Box>
        <AccessNote gate={gate} id="security-run-access" />
        <Progress kind={pending?.kind ?? null} since={pending ? pending.submittedAt : null} />
        {last && last.status === "error" ? (
          <Notice
            severity="error"
            data-testid="run-error"
            data-status={(last.error as { status?: number } | null)?.status ?? ""}
          >
            {RUN_LABELS[last.kind]} Failed: {failureText(last.error)}
          </Notice>
        ) : null}
      </Stack>
    </Paper>
  );
}
