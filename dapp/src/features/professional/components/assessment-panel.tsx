import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState, type ReactNode } from "react";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { AccessNote } from "../../../components/session/access-note";
import { RanBy, ranByWords } from "../../../components/session/ran-by";
import { useGate } from "../../../components/session/use-access";
import { professionalRuns, type AssessmentResult, type AssessmentPart } from "../api/contract";
import { PROFESSIONAL_LABELS, type ProfessionalKind } from "../constants";
import { useReadinessReport } from "../api/get-readiness-report";
import { useLastResult, useRunAssessment } from "../api/run-assessment";
import { useRunBusy } from "../hooks/use-run-busy";
import { formatDuration, formatPercent, formatWhen, readinessTone } from "../utils/readiness";
import { runErrorText } from "../utils/run-error";
import { PathIcon, PLAY_ARROW } from "../../../components/path-icon";

const PART_TONE = { pass: "success", fail: "error", warning: "warning", "not-run": "default" } as const;
const PART_WORD = { pass: "Pass", fail: "Fail", warning: "Warning", "not-run": "Not run" } as const;

/** The parts of a score side by side: what passed and what failed, with their points and the reason. */
export function PartsList({ parts }: { parts: readonly AssessmentPart[] }) {
  return (
    <Box component="ul" data-testid="score-parts" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {parts.map((p) => (
        <Box
          component="li"
          key={p.id}
          data-testid="score-part"
          data-part={p.id}
          data-status={p.status}
          sx={{ py: 0.75, borderTop: 1, borderColor: "divider", minWidth: 0 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
            <Pill
              size="small"
              label={PART_WORD[p.status]}
              color={PART_TONE[p.status]}
              variant={p.status === "not-run" ? "outlined" : "filled"}
            />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {p.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
              {formatPercent(p.points)} of {formatPercent(p.maxPoints)} points
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {p.detail}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Seconds since `since` while `on` (the run button's elapsed time). */
function useElapsed(on: boolean): number {
  const [start, setStart] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!on) return;
    const t0 = Date.now();
    setStart(t0);
    setNow(t0);
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** The result's envelope: passed or not, the score (coloured by 90 / 75), when it ran, how long, the summary. */
function ResultHeader({ r }: { r: AssessmentResult }) {
  const tone = readinessTone(r.score);
  return (
    <Stack spacing={0.5} data-testid="result-header" data-passed={r.passed}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography
          variant="h4"
          component="p"
          data-testid="result-score"
          data-tone={tone}
          sx={{ fontWeight: 700, color: `${tone}.dark` }}
        >
          {formatPercent(r.score)}
          <Box component="span" sx={{ fontSize: "1rem", color: "text.secondary", fontWeight: 400 }}>
            {" "}
            / 100
          </Box>
        </Typography>
        <Pill
          label={r.passed ? "Passed" : "Failed"}
          color={r.passed ? "success" : "error"}
          data-testid="result-verdict"
        />
      </Stack>
      <Typography variant="body2" data-testid="result-summary" sx={{ overflowWrap: "anywhere" }}>
        {r.summary}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="result-ran-by"
        sx={{ overflowWrap: "anywhere" }}
      >
        Run #{r.id} · ran <time dateTime={r.ranAt}>{formatWhen(r.ranAt)}</time> {ranByWords(r.ranBy)} · took{" "}
        {formatDuration(r.durationMs)}
      </Typography>
    </Stack>
  );
}

/**
 * One assessment's tab: what it does, its scoring rule, its Run button (disabled while any run goes; the
 * elapsed seconds while this one does), the latest result this page received, in detail (`detail`), or the
 * report's line for it until then.
 */
export function AssessmentPanel<K extends ProfessionalKind>({
  kind,
  what,
  detail,
}: {
  kind: K;
  what: ReactNode;
  detail: (r: Extract<AssessmentResult, { kind: K }>) => ReactNode;
}) {
  const label = PROFESSIONAL_LABELS[kind];
  const run = useRunAssessment(kind);
  const busy = useRunBusy();
  // An assessment is an operator's run; its results (and who ran it) are every visitor's.
  const gate = useGate(professionalRuns[kind].access);
  const elapsed = useElapsed(run.isPending);
  const result = useLastResult(kind);
  const report = useReadinessReport();
  const latest = report.data?.assessments[kind];
  return (
    <Stack spacing={2} data-testid={`panel-${kind}`} sx={{ minWidth: 0 }}>
      <Box>
        <Typography variant="body2">{what}</Typography>
        {/* the rule as the API states it (the report carries it; a result carries the one it was scored by) */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="scoring-rule"
          sx={{ mt: 0.5, overflowWrap: "anywhere" }}
        >
          <strong>Score:</strong> {result?.scoringRule ?? report.data?.scoringRules[kind] ?? "…"}
        </Typography>
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="contained"
          startIcon={<PathIcon d={PLAY_ARROW} />}
          disabled={busy || !gate.allowed}
          onClick={() => run.mutate()}
          aria-describedby={gate.note ? `${kind}-access` : undefined}
          data-testid={`run-${kind}`}
        >
          {run.isPending ? `Running… ${elapsed} s` : `Run ${label}`}
        </Button>
        {busy && !run.isPending ? (
          <Typography variant="caption" color="text.secondary">
            Another run is in progress; one at a time.
          </Typography>
        ) : null}
      </Stack>
      <AccessNote gate={gate} id={`${kind}-access`} />
      {run.isError ? (
        <Notice severity="error" data-testid="run-error">
          {label} Failed: {runErrorText(run.error)}
        </Notice>
      ) : null}
      {result ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={`result-${kind}`}>
          <Stack spacing={2}>
            <ResultHeader r={result} />
            <PartsList parts={result.parts} />
            {detail(result)}
          </Stack>
        </Paper>
      ) : (
        <Box data-testid="no-result">
          <Typography variant="body2" color="text.secondary">
            {latest?.timestamp
              ? `Latest run: ${latest.summary}${/[.!?]$/.test(latest.summary) ? "" : "."} An operator's run from here shows each finding.`
              : `${label} has never run on this server. An operator's run shows what it finds.`}
          </Typography>
          <RanBy at={latest?.timestamp ?? null} ranBy={latest?.ranBy ?? null} prefix="Ran" testId="latest-ran-by" />
        </Box>
      )}
    </Stack>
  );
}

/** A heading inside a result. */
export const SectionTitle = ({ children }: { children: ReactNode }) => (
  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
    {children}
  </Typography>
);

/** Label / value pairs in two columns (a dl), wrapping long values. */
export function Facts({ items, testId }: { items: readonly (readonly [string, ReactNode])[]; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", columnGap: 1.5, rowGap: 0.25, m: 0 }}
    >
      {items.map(([k, v]) => (
        <Box key={k} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            data-testid={testId ? `${testId}-${k.toLowerCase().replace(/\W+/g, "-")}` : undefined}
            sx={{ m: 0, overflowWrap: "anywhere", fontVariantNumeric: "tabular-nums" }}
          >
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
