import { DataTable, type DataColumn } from "../../../components/data-table";
import { shortenHex } from "../../../lib/format";
import type { BatchItem } from "../api/types";
import { LEDGER_NAMES } from "../utils/steps";
import { formatMs } from "../utils/timings";
import { StatePill } from "./state-pill";

const COLUMNS: readonly DataColumn<BatchItem>[] = [
  {
    id: "number",
    header: "#",
    primary: true,
    cell: (it) => (it.outbound ? `#${it.outbound.evm.lockNonce ?? it.outbound.id}` : it.index + 1),
  },
  {
    id: "to",
    header: "To",
    cell: (it) => `${LEDGER_NAMES[it.destination]} ${shortenHex(it.destinationAddress, 5, 4)}`,
    cellProps: (it) => ({ title: it.destinationAddress }),
    tableSx: { whiteSpace: "nowrap" },
  },
  { id: "xqb", header: "XQB", align: "right", cell: (it) => it.amount.xqb, sx: { fontVariantNumeric: "tabular-nums" } },
  {
    id: "lock",
    header: "Lock",
    cell: (it) => (it.lockTxHash ? shortenHex(it.lockTxHash, 8, 4) : "—"),
    cellProps: (it) => ({ title: it.lockTxHash ?? undefined }),
    sx: { fontFamily: "monospace" },
    tableSx: { whiteSpace: "nowrap" },
  },
  {
    id: "out",
    header: "Out",
    cell: (it) =>
      it.outbound ? (
        <StatePill state={it.outbound.state} earlierRun={it.outbound.chainRun === "earlier"} />
      ) : it.error ? (
        <span title={it.error}>not locked</span>
      ) : (
        "…"
      ),
  },
  { id: "delivered", header: "Lock → delivered", align: "right", cell: (it) => formatMs(it.timings.lockToDeliveredMs) },
];

const ROUND_TRIP_COLUMNS: readonly DataColumn<BatchItem>[] = [
  ...COLUMNS,
  {
    id: "back",
    header: "Back",
    cell: (it) => (it.inbound ? <StatePill state={it.inbound.state} /> : it.returnTxHash ? "paid" : "—"),
  },
  {
    id: "released",
    header: "Paid → released",
    align: "right",
    cell: (it) => formatMs(it.timings.returnToReleasedMs),
  },
];

/** A batch's transfers: where each went, its state both ways and the time each leg took. A card each under 600 px. */
export function BatchTable({ items, roundTrip }: { items: BatchItem[]; roundTrip: boolean }) {
  return (
    <DataTable
      columns={roundTrip ? ROUND_TRIP_COLUMNS : COLUMNS}
      rows={items}
      rowKey={(it) => String(it.index)}
      rowProps={(it) => ({
        "data-testid": "batch-row",
        "data-state": it.outbound?.state ?? "pending",
        "data-back": it.inbound?.state ?? "none",
      })}
      testId="batch-table"
      label="The batch's transfers"
    />
  );
}
