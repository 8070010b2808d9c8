import { useState } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
// The button alone: the form barrel brings TextField (and Select, Menu, Modal) with it.
import { ActionButton } from "../../../components/form/action-button";
import { Pill, type PillColor } from "../../../components/pill";
import { useAccess } from "../../../components/session/use-access";
import type { Step, StepState } from "../utils/run-all";
import { needsWallet, NO_WALLET, RUN_ALL_ORDER, TEST_LABEL, type TestKind } from "../utils/test-kinds";
import { useRunTest, useRuns, useTestInputs } from "./runs-context";

const WALLET_TESTS = RUN_ALL_ORDER.filter(needsWallet);
const READ_TESTS = RUN_ALL_ORDER.filter((k) => !needsWallet(k));
const names = (kinds: readonly TestKind[]) => kinds.map((k) => TEST_LABEL[k]).join(", ");

const STEP_LOOK: Record<Exclude<StepState, "running">, { label: string; color: PillColor }> = {
  waiting: { label: "waiting", color: "default" },
  done: { label: "done", color: "success" },
  failed: { label: "failed", color: "error" },
  skipped: { label: "skipped", color: "default" },
};

function Progress({ steps }: { steps: Step[] }) {
  const toRun = steps.filter((s) => s.state !== "skipped");
  const finished = toRun.filter((s) => s.state === "done" || s.state === "failed").length;
  const skipped = steps.filter((s) => s.state === "skipped");
  const percent = toRun.length ? Math.round((finished / toRun.length) * 100) : 100;
  return (
    <Stack spacing={1} data-testid="run-all-progress">
      <Typography variant="body2" role="status" data-testid="run-all-status">
        {finished} of {toRun.length} run{skipped.length ? `, ${skipped.length} skipped` : ""}
      </Typography>
      <Box
        role="progressbar"
        aria-label="Run All Real Tests"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        sx={{ height: 4, borderRadius: 2, bgcolor: "action.hover", overflow: "hidden" }}
      >
        <Box sx={{ width: `${percent}%`, height: "100%", bgcolor: "primary.main", transition: "width 0.3s" }} />
      </Box>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: "grid", gap: 0.5 }}>
        {steps.map((s) => (
          <Box component="li" key={s.kind} data-testid="run-all-step" data-kind={s.kind} data-state={s.state}>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <Typography variant="body2" component="span">
                {TEST_LABEL[s.kind]}
              </Typography>
              {s.state === "running" ? (
                <Box component="span" sx={{ display: "inline-flex", gap: 0.75, alignItems: "center" }}>
                  <CircularProgress size={14} aria-hidden />
                  <Typography variant="body2" component="span" color="text.secondary">
                    running…
                  </Typography>
                </Box>
              ) : (
                <Pill
                  size="small"
                  variant="outlined"
                  color={STEP_LOOK[s.state].color}
                  label={STEP_LOOK[s.state].label}
                />
              )}
              {s.why ? (
                <Typography variant="body2" component="span" color="text.secondary" data-testid="run-all-step-why">
                  {s.why}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * 'Run All Real Tests' and 'Load Supported Assets'. Run All runs every test one after the other, showing each one's
 * state; without a signed-in wallet it runs the reads and says which tests it skipped and why, before and after.
 */
export function RunAllBar() {
  const access = useAccess();
  const address = access.data?.address ?? null;
  const [inputs] = useTestInputs();
  const { running } = useRuns();
  const run = useRunTest();
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [runningAll, setRunningAll] = useState(false);

  // The plan (the inputs' rules) and the loop load with the click: the first paint needs neither.
  const runAll = async () => {
    setRunningAll(true);
    try {
      const { runAll: runEvery } = await import("../utils/run-all");
      await runEvery({ inputs, address, run, onSteps: setSteps });
    } finally {
      setRunningAll(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Run the tests" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <ActionButton
            label="Run All Real Tests"
            pendingLabel="Running all…"
            pending={runningAll}
            busy={running.size > 0 || access.isPending}
            reason={null}
            testId="run-all-button"
            onClick={() => void runAll()}
          />
          <ActionButton
            label="Load Supported Assets"
            pendingLabel="Loading…"
            pending={running.has("assets")}
            busy={runningAll}
            reason={null}
            testId="load-assets-button"
            onClick={() => void run("assets", undefined)}
          />
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="run-all-scope"
          // The longer of its two sentences' height, so the access rule arriving moves nothing below.
          sx={{ overflowWrap: "anywhere", minHeight: { xs: 120, sm: 60, lg: 40 } }}
        >
          {address
            ? `Runs ${names(RUN_ALL_ORDER)} one after the other, the wallet's tests as ${address} with the inputs the tabs show.`
            : `Runs ${names(READ_TESTS)}. ${names(WALLET_TESTS)} ${NO_WALLET.replace("needs", "need")}, so without one they are skipped.`}
        </Typography>
        {steps ? <Progress steps={steps} /> : null}
      </Stack>
    </Paper>
  );
}
