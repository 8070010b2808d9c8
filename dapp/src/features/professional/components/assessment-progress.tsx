import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { PROFESSIONAL_LABELS } from "../constants";
import type { StepState } from "../hooks/use-complete-assessment";
import { formatDuration, formatPercent } from "../utils/readiness";

/** Date.now(), once a second while `on`: the elapsed time of a step that is running. */
function useClock(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

function stepWords(s: StepState, now: number): { word: string; color: string } {
  switch (s.state) {
    case "waiting":
      return { word: "Waiting", color: "text.secondary" };
    case "running":
      return { word: `Running… ${Math.max(0, Math.floor((now - (s.startedAt ?? now)) / 1000))} s`, color: "info.dark" };
    case "done": {
      const r = s.result!;
      // A load test whose p95 fell within the margin of its bound found no failure: it could not tell.
      const inconclusive = r.kind === "load-testing" && r.detail.verdict === "INCONCLUSIVE";
      return {
        word: `${r.passed ? "Passed" : inconclusive ? "Inconclusive" : "Ran, with failures"} · score ${formatPercent(r.score)} · ${formatDuration(s.elapsedMs)}`,
        color: r.passed ? "success.dark" : "warning.dark",
      };
    }
    case "failed":
      return { word: `Did not run · ${formatDuration(s.elapsedMs)}`, color: "error.dark" };
  }
}

function StepIcon({ s }: { s: StepState }) {
  if (s.state === "running") return <CircularProgress size={18} aria-hidden />;
  if (s.state === "failed") return <CancelOutlinedIcon fontSize="small" aria-hidden />;
  if (s.state === "done")
    return s.result?.passed ? (
      <CheckCircleOutlineIcon fontSize="small" aria-hidden />
    ) : (
      <CancelOutlinedIcon fontSize="small" aria-hidden />
    );
  return <HourglassEmptyIcon fontSize="small" aria-hidden />;
}

/** The sequence's progress: which assessment runs, for how long, and what each one gave (or why it did not run). */
export function Progress({ steps, running }: { steps: StepState[]; running: boolean }) {
  const now = useClock(running);
  const started = steps[0]?.startedAt ?? null;
  const total = steps.reduce(
    (sum, s) => sum + (s.state === "running" ? now - (s.startedAt ?? now) : (s.elapsedMs ?? 0)),
    0,
  );
  return (
    <Box sx={{ mt: 1.5 }}>
      <Box component="ol" data-testid="assessment-progress" aria-live="polite" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {steps.map((s) => {
          const w = stepWords(s, now);
          return (
            <Box
              component="li"
              key={s.kind}
              data-testid={`progress-${s.kind}`}
              data-state={s.state}
              sx={{ display: "flex", gap: 1, py: 0.5, minWidth: 0 }}
            >
              <Box sx={{ color: w.color, display: "flex", pt: 0.25, width: 20, justifyContent: "center" }}>
                <StepIcon s={s} />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {PROFESSIONAL_LABELS[s.kind]}
                </Typography>
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ color: w.color }}
                  data-testid={`progress-${s.kind}-word`}
                >
                  {" — "}
                  {w.word}
                </Typography>
                {s.error ? (
                  <Typography
                    variant="body2"
                    color="error.dark"
                    data-testid={`progress-${s.kind}-error`}
                    sx={{ overflowWrap: "anywhere" }}
                  >
                    {s.error}
                  </Typography>
                ) : null}
                {s.result && !s.result.passed ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ overflowWrap: "anywhere" }}
                  >
                    {s.result.summary}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
      {started !== null ? (
        <Typography variant="caption" color="text.secondary" data-testid="assessment-elapsed">
          {running ? "Elapsed" : "Took"} {formatDuration(total)} · {steps.filter((s) => s.state === "done").length} ran,{" "}
          {steps.filter((s) => s.state === "failed").length} did not run
          {running ? "" : `, ${steps.filter((s) => s.result && !s.result.passed).length} found failures`}
        </Typography>
      ) : null}
    </Box>
  );
}
