import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { ActionButton } from "../../../components/form/action-button";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { ranByWords } from "../../../components/session/ran-by";
import { useGate } from "../../../components/session/use-access";
import { paths } from "../../../config/paths";
import { describeQueryError } from "../../../lib/api-errors";
import { timeText } from "../../../lib/time";
import { useExecute, useOperations, usePlatforms } from "../api/get-dashboard";
import { unifiedContract, type OperationRun, type OperationsResponse } from "../api/contract";
import { OPERATION_NAMES, OPERATIONS, type Operation } from "../constants";
import { RunView } from "./run-view";
import { StatusPill } from "./status-pill";

/** One operation: what it does, its button (operators only), and its last stored run, which every visitor reads. */
function OperationCard({
  operation,
  last,
  execute,
}: {
  operation: Operation;
  last: OperationsResponse["last"][Operation];
  execute: ReturnType<typeof useExecute>;
}) {
  const gate = useGate(unifiedContract.execute.access);
  const o = OPERATIONS[operation];
  const mine = execute.isPending && execute.variables === operation;
  // The run this page just got back shows at once; the stored last run (every visitor's) when it is newer.
  const fresh = execute.data?.run.operation === operation ? execute.data.run : null;
  const shown = fresh && (!last || fresh.id >= last.id) ? fresh : last;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`operation-${operation}`}>
      <Typography variant="h6" component="h2">
        {o.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {o.what} Platform “{o.platform}”.
      </Typography>
      <ActionButton
        label={o.label}
        pendingLabel={o.pendingLabel}
        pending={mine}
        busy={execute.isPending && !mine}
        reason={null}
        gate={gate}
        testId={`execute-${operation}`}
        onClick={() => execute.mutate(operation)}
      />
      <Box sx={{ mt: 2 }} aria-live="polite">
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Last run
        </Typography>
        {shown ? (
          <RunView run={shown} />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid={`no-run-${operation}`}>
            Not run yet on this server.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

const HISTORY: readonly DataColumn<OperationRun>[] = [
  { id: "id", header: "Run", primary: true, cell: (r) => `#${r.id} ${OPERATIONS[r.operation].label}` },
  { id: "outcome", header: "Found", cell: (r) => <StatusPill status={r.outcome} /> },
  { id: "summary", header: "Summary", cell: (r) => r.result.summary, sx: { overflowWrap: "anywhere" } },
  { id: "at", header: "Started", cell: (r) => `${timeText(r.startedAt)} ${ranByWords(r.ranBy)}` },
];

/** The platform status list: each platform's status from its readings and the stored runs, never a constant. */
function PlatformStatusList() {
  const platforms = usePlatforms();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="status-list-heading">
      <Typography id="status-list-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Platform status
      </Typography>
      <QueryState query={platforms} what="the platform status" height={280} testId="status-list">
        {(data) => (
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="platform-status-list">
            {data.platforms.map((p) => (
              <Box component="li" key={p.id} data-platform={p.id} data-status={p.status}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.name}
                  </Typography>
                  <StatusPill status={p.status} />
                </Stack>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: "block", overflowWrap: "anywhere" }}
                >
                  {p.statusBasis}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

/** Operations: the three buttons, each one's last stored run, a link to minting, and the platform status list. */
export function OperationsTab() {
  const runs = useOperations();
  const execute = useExecute();
  return (
    <Stack spacing={3}>
      {execute.isError ? (
        <Notice severity="error" data-testid="execute-error">
          Could not run {OPERATIONS[execute.variables!].label.toLowerCase()}:{" "}
          {describeQueryError(execute.error).message}
        </Notice>
      ) : null}
      {execute.data?.joined ? (
        <Notice severity="info" data-testid="execute-joined">
          That operation was already running: this answer is that run’s.
        </Notice>
      ) : null}
      <QueryState query={runs} what="the operation runs" height={600} testId="runs">
        {(data) => (
          <Columns columns={{ xs: 1, lg: 3 }}>
            {OPERATION_NAMES.map((op) => (
              <OperationCard key={op} operation={op} last={data.last[op]} execute={execute} />
            ))}
          </Columns>
        )}
      </QueryState>
      <Typography variant="body2">
        Mint across the chains on{" "}
        <Link component={RouterLink} to={paths.multiBlockchainMinting.path} data-testid="minting-link">
          {paths.multiBlockchainMinting.title}
        </Link>
        .
      </Typography>
      <PlatformStatusList />
      {runs.data && runs.data.history.length > 0 ? (
        <Box component="section" aria-labelledby="history-heading">
          <Typography id="history-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Recent runs
          </Typography>
          <DataTable
            columns={HISTORY}
            rows={runs.data.history.slice(0, 10)}
            rowKey={(r) => String(r.id)}
            rowProps={(r) => ({ "data-testid": "history-row", "data-operation": r.operation })}
            label="Recent operation runs"
            size="small"
          />
        </Box>
      ) : null}
    </Stack>
  );
}
