import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { QtStateSnapshot } from "../api/contract";
import { percent, toNumber, tokenFull, usdFull } from "../utils/format";

type Row = {
  key: string;
  label: string;
  value: (s: QtStateSnapshot) => string | number | null;
  show: (v: string | number | null) => string;
};

const ROWS: Row[] = [
  { key: "xqb", label: "XQB supply", value: (s) => s.xqbSupply, show: (v) => tokenFull(v, "XQB") },
  { key: "xqbusd", label: "XQBUSD supply", value: (s) => s.xqbusdSupply, show: (v) => tokenFull(v, "XQBUSD") },
  { key: "usdc", label: "Vault USDC collateral", value: (s) => s.usdcCollateral, show: (v) => tokenFull(v, "USDC") },
  { key: "value", label: "Vault collateral value", value: (s) => s.collateralValueUsd, show: (v) => usdFull(v) },
  {
    key: "ratio",
    label: "Vault ratio",
    value: (s) => s.vaultRatio,
    show: (v) => (v === null ? "No debt" : percent(v)),
  },
  {
    key: "safe-ratio",
    label: "The Safe's position ratio",
    value: (s) => s.safePosition.ratio,
    show: (v) => (v === null ? "No debt" : percent(v)),
  },
];

/**
 * The chain before and after the Safe transaction (both read by the API, at the blocks named): what the
 * operation changed, by exactly how much. A pending proposal has no "after" yet.
 */
export function StateChange({
  before,
  after,
  testId = "qt-state-change",
}: {
  before: QtStateSnapshot;
  after: QtStateSnapshot | null;
  testId?: string;
}) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" data-testid={testId} sx={{ "& td, & th": { px: { xs: 0.75, sm: 1.5 } } }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Before (block {before.blockNumber})</TableCell>
            <TableCell align="right">{after ? `After (block ${after.blockNumber})` : "After"}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((r) => {
            const b = r.value(before);
            const a = after ? r.value(after) : null;
            const delta = after ? change(b, a) : null;
            return (
              <TableRow key={r.key} data-testid={`qt-change-${r.key}`} data-changed={delta !== null && delta !== 0}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell align="right" data-testid="before">
                  {r.show(b)}
                </TableCell>
                <TableCell align="right" data-testid="after" sx={{ fontWeight: delta ? 600 : undefined }}>
                  {after ? r.show(a) : "pending"}
                  {delta ? (
                    <Box
                      component="span"
                      data-testid="delta"
                      sx={{ display: "block", color: "text.secondary", fontWeight: 400, fontSize: "0.75rem" }}
                    >
                      {delta > 0 ? "+" : "−"}
                      {r.key.includes("ratio")
                        ? `${percent(Math.abs(delta)).slice(0, -1)} points`
                        : r.show(Math.abs(delta))}
                    </Box>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** after − before; null when either is not a number (a ratio with no debt). */
function change(before: string | number | null, after: string | number | null): number | null {
  const b = toNumber(before);
  const a = toNumber(after);
  return a === null || b === null ? null : a - b;
}
