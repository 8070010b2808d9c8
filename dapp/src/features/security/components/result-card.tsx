import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { SecurityResult } from "../../../types/api";
import { CategoryChip, SeverityChip, StatusChip } from "./chips";
import { EvidenceView } from "./evidence-view";

/**
 * One check's result as a card (it stacks at 390 px): name, category, severity and status, what it probes, what
 * it found, the framework items it tests, what to do, and its evidence behind a button (rendered when opened).
 */
export function ResultCard({ result: r }: { result: SecurityResult }) {
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
      sx={{ listStyle: "none", border: 1, borderColor: r.status === "FAIL" ? "error.light" : "divider", borderRadius: 1, p: 1.5, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="subtitle1" component="h3" data-testid="result-name" sx={{ fontWeight: 600, mr: "auto", overflowWrap: "anywhere" }}>
          {r.testName}
        </Typography>
        <StatusChip status={r.status} />
        <SeverityChip severity={r.severity} />
        <CategoryChip category={r.category} />
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="result-description" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
        {r.description}
      </Typography>
      <Typography variant="body2" data-testid="result-detail" sx={{ mt: 0.5, overflowWrap: "anywhere", fontWeight: r.status === "PASS" ? 400 : 600 }}>
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
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", rowGap: 0.5, mt: 1 }} data-testid="result-compliance" aria-label="Framework items tested">
          {r.complianceFramework.map((c) => (
            <Pill key={c} size="small" variant="outlined" label={c} />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mt: 1 }}>
        <Typography variant="caption" color="text.secondary" data-testid="result-probes">
          {r.probesSent} probe{r.probesSent === 1 ? "" : "s"} sent · {findings} finding{findings === 1 ? "" : "s"}
        </Typography>
        <Button size="small" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)} data-testid="evidence-toggle">
          {open ? "Hide evidence" : `Show evidence (${r.evidence.length})`}
        </Button>
      </Stack>
      <Box id={panel} hidden={!open} sx={{ mt: 1 }}>
        {open ? <EvidenceView evidence={r.evidence} testName={r.testName} /> : null}
      </Box>
    </Box>
  );
}

/** Results as a list of cards, in the order given. */
export function ResultCards({ results, testId = "results-list" }: { results: readonly SecurityResult[]; testId?: string }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} data-testid={testId}>
      {results.map((r) => (
        <ResultCard key={r.id} result={r} />
      ))}
    </Stack>
  );
}
