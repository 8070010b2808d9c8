import { useState } from "react";
import { timeText } from "../../../lib/time";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Notice, NoticeTitle } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { describeError } from "../../../lib/api-client";
import { qIsolatorContract, type SimulateThreatResponse } from "../api/contract";
import { useSimulateThreat } from "../api/simulate-threat";
import {
  CHECK_LABELS,
  DEFAULT_THREAT_INTENSITY,
  SECURE_RATE_THRESHOLD,
  THREAT_INTENSITY_MAX,
  THREAT_INTENSITY_MIN,
} from "../constants";
import { durationText, levelLabel, percentText } from "../utils/words";

type Result = SimulateThreatResponse["results"][number];
type Attack = Result["attacks"][number];

const ATTACK_COLUMNS: readonly DataColumn<Attack>[] = [
  { id: "attack", header: "Attack", primary: true, cell: (a) => a.label },
  { id: "attempts", header: "Attempts", cell: (a) => a.attempts },
  {
    id: "blocked",
    header: "Blocked",
    cell: (a) => (
      <Box component="span" sx={{ color: a.blocked === a.attempts ? "success.dark" : "error.main", fontWeight: 600 }}>
        {a.blocked}
      </Box>
    ),
  },
  {
    id: "stopped",
    header: "Stopped by",
    cell: (a) => (a.stoppedBy ? CHECK_LABELS[a.stoppedBy] : "nothing (not refused)"),
  },
  {
    id: "example",
    header: "Example refusal",
    cell: (a) => a.example,
    sx: { overflowWrap: "anywhere" },
    tableSx: { minWidth: "12rem" },
  },
];

function ResultCard({ result }: { result: Result }) {
  return (
    <Box
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0, display: "grid", gap: 1 }}
      data-testid="simulation-result"
      data-blocked={result.threatBlocked}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
          {result.isolationId}
        </Typography>
        <Pill
          size="small"
          color={result.threatBlocked ? "success" : "error"}
          label={result.threatBlocked ? "Threat blocked" : result.status}
          data-testid="result-badge"
        />
        <Typography variant="body2" color="text.secondary">
          {levelLabel(result.securityLevel)}
        </Typography>
      </Box>
      <Typography variant="body2" data-testid="result-figures">
        Resistance level <strong>{percentText(result.resistanceLevel)}</strong> · {result.penetrationAttempt} attempts ·{" "}
        {durationText(result.durationMs)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }} data-testid="result-target">
        Target:{" "}
        {result.target.canary
          ? "canary (a sealed test file: the isolation holds no verified file)"
          : result.target.files.map((f) => `${f.name} (${f.cid})`).join(", ")}
      </Typography>
      {/* A table from 600 px; on a phone a card per attack, every column as "Header: value" (DataTable). */}
      <DataTable
        columns={ATTACK_COLUMNS}
        rows={result.attacks}
        rowKey={(a) => a.kind}
        rowProps={(a) => ({
          "data-testid": "attack-row",
          "data-kind": a.kind,
          "data-all-blocked": a.blocked === a.attempts,
        })}
        label={`Attacks on ${result.isolationId}`}
        sx={{ "& td, & th": { px: 0.75, verticalAlign: "top" } }}
      />
    </Box>
  );
}

function Results({ data }: { data: SimulateThreatResponse }) {
  const s = data.summary;
  const low = s.overallSecurityRate < SECURE_RATE_THRESHOLD;
  return (
    <Stack spacing={2}>
      <Box
        role="status"
        data-testid="simulation-summary"
        data-low={low}
        sx={{
          border: 2,
          borderColor: low ? "error.main" : "divider",
          borderRadius: 1,
          p: 2,
          display: "grid",
          gap: 0.5,
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Overall security rate:{" "}
          <Box component="span" data-testid="overall-rate" sx={{ color: low ? "error.main" : "success.dark" }}>
            {percentText(s.overallSecurityRate)}
          </Box>
        </Typography>
        <Typography variant="body2" data-testid="summary-counts">
          {s.secureIsolations} of {s.totalIsolations} isolations secure · {s.blocked} of {s.attempted} attacks blocked ·{" "}
          {durationText(s.durationMs)} at intensity {data.intensity}
          {s.notAttacked > 0
            ? ` · ${s.notAttacked} older isolations not attacked (a run takes the newest ${s.totalIsolations})`
            : null}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" data-testid="simulation-ran-by">
          Ran by {data.ranBy} at {timeText(data.ranAt)}.
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {s.rule}
        </Typography>
      </Box>
      <Box sx={{ display: "grid", gap: 2 }}>
        {data.results.map((r) => (
          <ResultCard key={r.isolationId} result={r} />
        ))}
      </Box>
    </Stack>
  );
}

/**
 * Threat Testing (spec §2 tab 5, §5): the intensity (attempts per isolation, 1-100, default 85, a whole number),
 * "Launch Threat Simulation", then real attacks' outcomes: which the product's own checks refused, and how.
 */
export function ThreatTab() {
  const [intensity, setIntensity] = useState(DEFAULT_THREAT_INTENSITY);
  const simulate = useSimulateThreat();
  // A run is recorded for everyone (the report's grade rests on the latest): an operator's action.
  const gate = useGate(qIsolatorContract.simulateThreat.access);
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        direction={{ xs: "column", sm: "row" }}
        sx={{ alignItems: { sm: "flex-start" } }}
        onSubmit={(e) => (e.preventDefault(), simulate.mutate(intensity))}
      >
        <TextField
          id="threat-intensity"
          type="number"
          label="Threat intensity"
          value={Number.isNaN(intensity) ? "" : intensity}
          onChange={(e) => setIntensity(Number.parseInt(e.target.value, 10))}
          helperText={`Attempts per isolation, ${THREAT_INTENSITY_MIN}-${THREAT_INTENSITY_MAX}`}
          slotProps={{
            htmlInput: {
              min: THREAT_INTENSITY_MIN,
              max: THREAT_INTENSITY_MAX,
              step: 1,
              "data-testid": "threat-intensity",
            },
          }}
          sx={{ width: { sm: 220 } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            color="error"
            size="large"
            disabled={simulate.isPending || !gate.allowed}
            aria-describedby={gate.note ? "simulation-access" : undefined}
            data-testid="launch-simulation"
          >
            {simulate.isPending ? "Simulating Quantum Attack..." : "Launch Threat Simulation"}
          </Button>
          <AccessNote gate={gate} id="simulation-access" />
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Each attempt attacks a copy of a stored file: bit flips in the ciphertext and in a recipient's ML-KEM
        ciphertext, a key that is not a recipient's, a forged or stripped signature, a downgrade to classical-only
        protection and the replay of an old version. Nothing stored is changed.
      </Typography>
      {simulate.isError ? (
        <Notice severity="error" data-testid="simulation-error">
          <NoticeTitle>The simulation did not run</NoticeTitle>
          {describeError(simulate.error)}
        </Notice>
      ) : null}
      {simulate.data ? <Results data={simulate.data} /> : null}
    </Stack>
  );
}
