import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { timeText } from "../../../lib/time";
import type { OperationRow } from "../api/contract";
import { FEATURE_LABELS, LEDGER_LABELS, STATUS_MEANINGS } from "../constants";

/** A local-chain row whose transaction a restarted node no longer has. */
function EarlierRun() {
  return (
    <Pill
      data-testid="earlier-run"
      size="small"
      variant="outlined"
      color="warning"
      label="Earlier chain run"
      title="Sent to an earlier run of the local node: the chain running now does not have this transaction"
      sx={{ ml: 0.5, color: "warning.dark", borderColor: "warning.dark" }}
    />
  );
}

const columns: DataColumn<OperationRow>[] = [
  {
    id: "kind",
    header: "Operation",
    primary: true,
    cell: (r) => (
      <Box>
        <span data-testid="operation-kind">{r.kind}</span>
        {r.detail ? (
          <Typography variant="body2" color="text.secondary" data-testid="operation-detail" sx={{ fontWeight: 400 }}>
            {r.detail}
          </Typography>
        ) : null}
      </Box>
    ),
    tableSx: { minWidth: 200 },
  },
  {
    id: "at",
    header: "When",
    cell: (r) => timeText(r.at, r.clock === "chain" ? "chain" : "wall"),
    tableSx: { whiteSpace: "nowrap" },
  },
  { id: "feature", header: "Feature", cell: (r) => FEATURE_LABELS[r.feature] ?? r.feature },
  {
    id: "ledger",
    header: "Ledger",
    cell: (r) => (
      <>
        {LEDGER_LABELS[r.ledger] ?? r.ledger}
        {r.earlierRun ? <EarlierRun /> : null}
      </>
    ),
  },
  {
    id: "hash",
    header: "Transaction",
    cell: (r) => <TxHash value={r.hash} label="" explorerUrl={r.link} head={8} tail={6} />,
  },
  {
    id: "status",
    header: "Status",
    cell: (r) => <span title={STATUS_MEANINGS[r.status]}>{r.status}</span>,
    cellProps: (r) => ({ "data-status": r.status }),
    tableSx: { whiteSpace: "nowrap" },
  },
  { id: "source", header: "Source", cell: (r) => <SourceBadge source={r.source} reason={r.reason} /> },
  {
    id: "wallet",
    header: "Wallet",
    cell: (r) =>
      r.wallet ? (
        <TxHash value={r.wallet} what="wallet address" label="" testId="operation-wallet" head={6} tail={4} />
      ) : (
        "—"
      ),
    tableSx: { whiteSpace: "nowrap" },
  },
];

/** The page's rows: a table from 600 px, a card per operation on a phone, every column kept. */
export function OperationsTable({ rows }: { rows: readonly OperationRow[] }) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({
        "data-testid": "operation-row",
        "data-id": r.id,
        "data-earlier-run": r.earlierRun === true ? "true" : undefined,
      })}
      testId="operations-table"
      label="Operations, newest first"
    />
  );
}
