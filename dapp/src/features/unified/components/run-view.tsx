import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Fact, Facts } from "../../../components/facts";
import { RanBy } from "../../../components/session/ran-by";
import type { OperationRun, RunCheck } from "../api/contract";
import { StatusPill } from "./status-pill";

const COLUMNS: readonly DataColumn<RunCheck>[] = [
  { id: "name", header: "Check", primary: true, cell: (c) => c.name },
  { id: "status", header: "Found", cell: (c) => <StatusPill status={c.status} /> },
  { id: "detail", header: "Detail", cell: (c) => c.detail, sx: { overflowWrap: "anywhere" } },
  {
    id: "latency",
    header: "Took",
    align: "right",
    cell: (c) => (c.latencyMs === null ? "—" : `${Math.round(c.latencyMs)} ms`),
  },
];

/** Up to this many checks are listed open; a longer run (the health check's one per contract) lists the others folded. */
const FEW = 6;

function Checks({ checks, label }: { checks: readonly RunCheck[]; label: string }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={checks}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ "data-testid": "run-check", "data-check": c.id, "data-status": c.status })}
      label={label}
      size="small"
    />
  );
}

/** What a stored run found: its outcome, summary, who ran it and when, its counts and every check. */
export function RunView({ run }: { run: OperationRun }) {
  const notOk = run.result.checks.filter((c) => c.status !== "ok");
  return (
    <Stack spacing={1} data-testid={`run-${run.operation}`} data-outcome={run.outcome} data-run-id={run.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <StatusPill status={run.outcome} testId="run-outcome" />
        <Typography variant="body2" data-testid="run-summary" sx={{ overflowWrap: "anywhere" }}>
          {run.result.summary}
        </Typography>
      </Stack>
      <RanBy at={run.startedAt} ranBy={run.ranBy} prefix={`Run #${run.id}`} testId="run-ran-by" />
      <Typography variant="caption" color="text.secondary">
        Took {(run.durationMs / 1000).toLocaleString("en-US", { maximumFractionDigits: 2 })} s
      </Typography>
      {run.operation === "sync_bridges" ? (
        <Facts testId="sync-counts">
          <Fact term="Found">{run.result.counts.found}</Fact>
          <Fact term="Delivered">{run.result.counts.delivered}</Fact>
          <Fact term="Pending">{run.result.counts.pending}</Fact>
          <Fact term="Failed">{run.result.counts.failed}</Fact>
        </Facts>
      ) : null}
      {run.operation === "threat_scan" ? (
        <Facts testId="scan-counts">
          <Fact term="Files read back">{run.result.checked}</Fact>
          <Fact term="Verified">{run.result.ok}</Fact>
          <Fact term="Bytes read">{run.result.bytesRead.toLocaleString("en-US")}</Fact>
        </Facts>
      ) : null}
      {run.result.checks.length <= FEW ? (
        <Checks checks={run.result.checks} label={`Checks of run #${run.id}`} />
      ) : (
        <>
          {notOk.length ? <Checks checks={notOk} label={`Checks of run #${run.id} that were not ok`} /> : null}
          <Box component="details" data-testid="all-checks">
            <Typography component="summary" variant="body2" sx={{ cursor: "pointer", py: 0.5 }}>
              All {run.result.checks.length} checks ({run.result.checks.length - notOk.length} ok)
            </Typography>
            <Checks checks={run.result.checks} label={`Checks of run #${run.id}`} />
          </Box>
        </>
      )}
    </Stack>
  );
}
