import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { SecurityResult } from "../api/contract";
import { CategoryChip, SeverityChip, StatusChip } from "./chips";
import { EvidenceView } from "./evidence-view";
import { useFullLatestReport } from "../api/get-latest";

/**
 * The check's evidence: as the result carries it, or, when the stored report was read with its findings only
 * (fewer exchanges than probes sent), every exchange from the full report of the same run, read on demand.
 */
function CheckEvidence({ result: r, ranAt }: { result: SecurityResult; ranAt?: string }) {
  const trimmed = ranAt !== undefined && r.evidence.length < r.probesSent;
  // A FAIL's findings are already here: the rest is read when asked for; a check with none here reads at once.
  const [wantAll, setWantAll] = useState(false);
  const full = useFullLatestReport(trimmed && (wantAll || r.evidence.length === 0));
  const fromFull =
    full.data?.report?.ranAt === ranAt ? full.data?.report?.detailedResults.find((x) => x.id === r.id) : undefined;
  const evidence = fromFull?.evidence ?? r.evidence;
  return (
    <>
      {trimmed && !fromFull ? (
        full.fetchStatus === "idle" && !full.isError ? (
          <Button size="small" onClick={() => setWantAll(true)} data-testid="evidence-read-all">
            Showing the {r.evidence.length} with a finding: read all {r.probesSent} requests
          </Button>
        ) : (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            role="status"
            data-testid="evidence-loading"
          >
            {full.isError
              ? `The full evidence could not be read; showing the ${r.evidence.length} with a finding.`
              : `Reading all ${r.probesSent} requests…`}
          </Typography>
        )
      ) : null}
      <EvidenceView evidence={evidence} testName={r.testName} />
    </>
  );
}

/**
 * One check's result as a card (it stacks at 390 px): name, category, severity and status, what it probes, what
 * it found, the framework items it tests, what to do, and its evidence behind a button (rendered when opened).
 */
export function ResultCard({ result: r, ranAt }: { result: SecurityResult; ranAt?: string }) {
  // A FAIL shows its evidence at once (what failed is as plain as what passed); the rest on request.
  const [open, setOpen] = useState(r.status === "FAIL" && r.evidence.length > 0);
  const panel = useId();
  const findings = r.evidence.filter((e) => e.finding !== null).length;
  return (
    <Box
      component="li"
      data-testid="result"
      data-check={r.id}
      data-status={r.status}
      data-category={r.category}
      sx={{
        listStyle: "none",
        border: 1,
        borderColor: r.status === "FAIL" ? "error.light" : "divider",
        borderRadius: 1,
        p: 1.5,
        minWidth: 0,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography
          variant="subtitle1"
          component="h3"
          data-testid="result-name"
          sx={{ fontWeight: 600, mr: "auto", overflowWrap: "anywhere" }}
        >
          {r.testName}
        </Typography>
        <StatusChip status={r.status} />
        <SeverityChip severity={r.severity} />
        <CategoryChip category={r.category} />
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="result-description"
        sx={{ mt: 0.5, overflowWrap: "anywhere" }}
      >
        {r.description}
      </Typography>
      <Typography
        variant="body2"
        data-testid="result-detail"
        sx={{ mt: 0.5, overflowWrap: "anywhere", fontWeight: r.status === "PASS" ? 400 : 600 }}
      >
        {r.detail}
      </Typography>
      {r.recommendation ? (
        <Typography variant="body2" data-testid="result-recommendation" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            What to do:{" "}
          </Box>
          {r.recommendation}
        </Typography>
      ) : null}
      {r.complianceFramework.length ? (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ flexWrap: "wrap", rowGap: 0.5, mt: 1 }}
          data-testid="result-compliance"
          aria-label="Framework items tested"
        >
          {r.complianceFramework.map((c) => (
            <Pill key={c} size="small" variant="outlined" label={c} />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mt: 1 }}>
        <Typography variant="caption" color="text.secondary" data-testid="result-probes">
          {r.probesSent} probe{r.probesSent === 1 ? "" : "s"} sent · {findings} finding{findings === 1 ? "" : "s"}
        </Typography>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
          data-testid="evidence-toggle"
        >
          {open ? "Hide evidence" : `Show evidence (${r.probesSent})`}
        </Button>
      </Stack>
      <Box id={panel} hidden={!open} sx={{ mt: 1 }}>
        {open ? <CheckEvidence result={r} ranAt={ranAt} /> : null}
      </Box>
    </Box>
  );
}

/** Results as a list of cards, in the order given. */
/** `ranAt`: the stored report's, when its evidence may have been read with findings only (the full one is read on demand). */
export function ResultCards({
  results,
  testId = "results-list",
  ranAt,
}: {
  results: readonly SecurityResult[];
  testId?: string;
  ranAt?: string;
}) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} data-testid={testId}>
      {results.map((r) => (
        <ResultCard key={r.id} result={r} ranAt={ranAt} />
      ))}
    </Stack>
  );
}
