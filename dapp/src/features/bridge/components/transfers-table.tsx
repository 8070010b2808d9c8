import Button from "@mui/material/Button";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { shortenHex } from "../../../lib/format";
import type { BridgeTransfer } from "../api/types";
import { formatUnits18 } from "../utils/amount";
import { LEDGER_NAMES, otherSide } from "../utils/steps";
import { formatMs, transferDurationMs } from "../utils/timings";
import { StatePill } from "./state-pill";

const COLUMNS: readonly DataColumn<BridgeTransfer>[] = [
  {
    id: "transfer",
    header: "Transfer",
    primary: true,
    cell: (t) => (t.direction === "outbound" ? `→ lock #${t.evm.lockNonce ?? t.id}` : "← way back"),
    tableSx: { whiteSpace: "nowrap" },
  },
  {
    id: "ledger",
    header: "Ledger",
    cell: (t) => {
      const side = otherSide(t);
      return side ? LEDGER_NAMES[side.ledger] : "—";
    },
  },
  {
    id: "xqb",
    header: "XQB",
    align: "right",
    cell: (t) => formatUnits18(t.evm.amount),
    sx: { fontVariantNumeric: "tabular-nums" },
  },
  {
    id: "state",
    header: "State",
    cell: (t) => <StatePill state={t.state} earlierRun={t.chainRun === "earlier"} />,
  },
  {
    id: "address",
    header: "Address there",
    cell: (t) => {
      const side = otherSide(t);
      return side ? shortenHex(side.address, 6, 4) : "—";
    },
    cellProps: (t) => ({ title: otherSide(t)?.address }),
    sx: { fontFamily: "monospace" },
  },
  {
    id: "started",
    header: "Started",
    cell: (t) => {
      const started = t.timestamps.locked ?? t.timestamps.seen ?? t.history[0]?.at ?? t.createdAt;
      return started ? new Date(started).toLocaleTimeString() : "—";
    },
    tableSx: { whiteSpace: "nowrap" },
  },
  {
    id: "took",
    header: "Took",
    align: "right",
    cell: (t) => formatMs(transferDurationMs(t)),
    cellProps: () => ({ "data-testid": "transfer-took-cell" }),
  },
];

/**
 * Transfers as rows: direction, ledger, amount, state, the other ledger's address, when, how long it took.
 * A card per transfer under 600 px (DataTable). `onFollow` adds a button per row.
 */
export function TransfersTable({
  transfers,
  onFollow,
  testId = "transfers-table",
}: {
  transfers: BridgeTransfer[];
  onFollow?: (id: string) => void;
  testId?: string;
}) {
  const columns: readonly DataColumn<BridgeTransfer>[] = onFollow
    ? [
        ...COLUMNS,
        {
          id: "follow",
          header: "",
          cell: (t) => (
            <Button size="small" onClick={() => onFollow(t.id)} aria-label={`Follow transfer ${t.id}`}>
              Follow
            </Button>
          ),
        },
      ]
    : COLUMNS;
  return (
    <DataTable
      columns={columns}
      rows={transfers}
      rowKey={(t) => `${t.chainRun}-${t.id}`}
      rowProps={(t) => ({
        "data-testid": "transfer-row",
        "data-id": t.id,
        "data-state": t.state,
        "data-run": t.chainRun,
      })}
      testId={testId}
      label="Transfers"
    />
  );
}
