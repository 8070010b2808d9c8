import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { shortenHex } from "../../../lib/format";
import type { BridgeTransfer } from "../api/types";
import { formatUnits18 } from "../utils/amount";
import { LEDGER_NAMES, otherSide } from "../utils/steps";
import { formatMs, transferDurationMs } from "../utils/timings";
import { StatePill } from "./state-pill";

/**
 * Transfers as rows: direction, ledger, amount, state, the other ledger's address, when, how long it took.
 * Scrolls sideways inside its box at 390 px rather than widening the page. `onFollow` adds a button per row.
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
  return (
    <Box sx={{ overflowX: "auto", maxWidth: "100%" }} tabIndex={0} role="region" aria-label="Transfers">
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>Transfer</TableCell>
            <TableCell>Ledger</TableCell>
            <TableCell align="right">XQB</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Address there</TableCell>
            <TableCell>Started</TableCell>
            <TableCell align="right">Took</TableCell>
            {onFollow ? <TableCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {transfers.map((t) => {
            const side = otherSide(t);
            const started = t.timestamps.locked ?? t.timestamps.seen ?? t.history[0]?.at ?? t.createdAt;
            return (
              <TableRow
                key={`${t.chainRun}-${t.id}`}
                data-testid="transfer-row"
                data-id={t.id}
                data-state={t.state}
                data-run={t.chainRun}
              >
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {t.direction === "outbound" ? `→ lock #${t.evm.lockNonce ?? t.id}` : "← way back"}
                </TableCell>
                <TableCell>{side ? LEDGER_NAMES[side.ledger] : "—"}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                  {formatUnits18(t.evm.amount)}
                </TableCell>
                <TableCell>
                  <StatePill state={t.state} earlierRun={t.chainRun === "earlier"} />
                </TableCell>
                <TableCell sx={{ fontFamily: "monospace" }} title={side?.address}>
                  {side ? shortenHex(side.address, 6, 4) : "—"}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {started ? new Date(started).toLocaleTimeString() : "—"}
                </TableCell>
                <TableCell align="right" data-testid="transfer-took-cell">
                  {formatMs(transferDurationMs(t))}
                </TableCell>
                {onFollow ? (
                  <TableCell>
                    <Button size="small" onClick={() => onFollow(t.id)} aria-label={`Follow transfer ${t.id}`}>
                      Follow
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
