import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { shortenHex } from "../../../lib/format";
import type { BatchItem } from "../api/types";
import { LEDGER_NAMES } from "../utils/steps";
import { formatMs } from "../utils/timings";
import { StatePill } from "./state-pill";

/** A batch's transfers: where each went, its state both ways and the time each leg took. Scrolls sideways at 390 px. */
export function BatchTable({ items, roundTrip }: { items: BatchItem[]; roundTrip: boolean }) {
  return (
    <Box sx={{ overflowX: "auto", maxWidth: "100%" }} tabIndex={0} role="region" aria-label="The batch's transfers">
      <Table size="small" data-testid="batch-table">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>To</TableCell>
            <TableCell align="right">XQB</TableCell>
            <TableCell>Lock</TableCell>
            <TableCell>Out</TableCell>
            <TableCell align="right">Lock → delivered</TableCell>
            {roundTrip ? <TableCell>Back</TableCell> : null}
            {roundTrip ? <TableCell align="right">Paid → released</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((it) => (
            <TableRow
              key={it.index}
              data-testid="batch-row"
              data-state={it.outbound?.state ?? "pending"}
              data-back={it.inbound?.state ?? "none"}
            >
              <TableCell>{it.outbound ? `#${it.outbound.evm.lockNonce ?? it.outbound.id}` : it.index + 1}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }} title={it.destinationAddress}>
                {LEDGER_NAMES[it.destination]} {shortenHex(it.destinationAddress, 5, 4)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {it.amount.xqb}
              </TableCell>
              <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }} title={it.lockTxHash ?? undefined}>
                {it.lockTxHash ? shortenHex(it.lockTxHash, 8, 4) : "—"}
              </TableCell>
              <TableCell>
                {it.outbound ? (
                  <StatePill state={it.outbound.state} earlierRun={it.outbound.chainRun === "earlier"} />
                ) : it.error ? (
                  <span title={it.error}>not locked</span>
                ) : (
                  "…"
                )}
              </TableCell>
              <TableCell align="right">{formatMs(it.timings.lockToDeliveredMs)}</TableCell>
              {roundTrip ? (
                <TableCell>
                  {it.inbound ? <StatePill state={it.inbound.state} /> : it.returnTxHash ? "paid" : "—"}
                </TableCell>
              ) : null}
              {roundTrip ? <TableCell align="right">{formatMs(it.timings.returnToReleasedMs)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
