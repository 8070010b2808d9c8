import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Pill } from "../../../components/pill";
import { timeText } from "../../../lib/time";
import type { RunEntry } from "../utils/runs-store";
import { successToastOf } from "../utils/test-catalogue";
import { msText } from "../utils/levels";
import { useRuns } from "./runs-context";

/** The outcome in the toast's own words: Success (live), Complete (a read, or simulated), Failed. */
function outcomeOf(e: RunEntry): { label: string; color: "success" | "warning" | "error" | "default" } {
  if (e.error !== null || e.answer === null) return { label: `${e.label} Failed`, color: "error" };
  const toast = successToastOf(e.kind, e.answer);
  return {
    label: toast.title,
    color: toast.variant === "success" ? "success" : toast.variant === "simulated" ? "warning" : "default",
  };
}

function ResultItem({ entry }: { entry: RunEntry }) {
  const outcome = outcomeOf(entry);
  const json =
    entry.answer !== null ? JSON.stringify(entry.answer, null, 2) : JSON.stringify({ error: entry.error }, null, 2);
  return (
    <Box
      component="li"
      data-testid="result-entry"
      data-kind={entry.kind}
      data-failed={entry.error !== null}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack spacing={1}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {entry.label}
          </Typography>
          <Pill
            size="small"
            variant="outlined"
            color={outcome.color}
            label={outcome.label}
            data-testid="result-outcome"
          />
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="result-timing">
          {timeText(entry.startedAt)} · took {msText(entry.elapsedMs)}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {entry.answer !== null ? "Raw JSON answer" : "The error"}
          </Typography>
          <CopyButton value={json} what={`${entry.label} JSON`} />
        </Box>
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label={`${entry.label}, raw JSON`}
          data-testid="result-json"
          sx={{
            m: 0,
            p: 1,
            maxHeight: 384,
            overflow: "auto",
            fontSize: "0.75rem",
            lineHeight: 1.5,
            whiteSpace: "pre-wrap",
            wordBreak: "break-all",
            bgcolor: "action.hover",
            borderRadius: 1,
            "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
          }}
        >
          {json}
        </Box>
      </Stack>
    </Box>
  );
}

/** Results: every test's answer as the API sent it (the raw JSON, spec), newest first, with its label, time and duration. */
export function ResultsTab() {
  const { entries } = useRuns();
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="results-empty">
        No results yet: run a test on its tab, or Run All Real Tests.
      </Typography>
    );
  return (
    <Box
      component="ol"
      aria-label="Results, newest first"
      data-testid="results"
      sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 2 }}
    >
      {entries.map((e) => (
        <ResultItem key={e.id} entry={e} />
      ))}
    </Box>
  );
}
