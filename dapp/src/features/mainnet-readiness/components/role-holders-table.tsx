import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import { shortenHex } from "../../../lib/format";
import type { RoleHolder } from "../api/contract";

const KIND_WORDS: Record<RoleHolder["kind"], string> = { safe: "Safe", contract: "Contract", eoa: "EOA" };

function rightWords(h: RoleHolder): { text: string; tone: "success" | "error" | "default" } {
  if (!h.privileged) return { text: "operational", tone: "default" };
  if (!h.counted) return { text: "mock: not counted", tone: "default" };
  return h.kind === "safe"
    ? { text: "admin/pause: the Safe", tone: "success" }
    : { text: "admin/pause: not the Safe", tone: "error" };
}

/** Every role holder read from the chain: contract, role, holder (what it is), kind; admin/pause rights first. */
export function RoleHoldersTable({ holders, safe }: { holders: readonly RoleHolder[]; safe: string | null }) {
  if (holders.length === 0) {
    return (
      <Typography variant="body2" data-testid="role-holders-empty">
        No role holder could be read from the chain (see the admin item's detail).
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: "anywhere" }}>
        {holders.length} rights on the deploy map's contracts, read from RoleGranted/RoleRevoked logs and confirmed by
        hasRole now. Safe: {safe ?? "none in the map"}.
      </Typography>
      {/* scrolls sideways on a narrow screen rather than squeezing the addresses */}
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" data-testid="role-holders" aria-label="Role holders">
          <TableHead>
            <TableRow>
              <TableCell>Contract</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Holder</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Right</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {holders.map((h) => {
              const right = rightWords(h);
              return (
                <TableRow
                  key={`${h.contract}|${h.role}|${h.holder}`}
                  data-testid="role-holder"
                  data-kind={h.kind}
                  data-privileged={h.privileged}
                  data-counted={h.counted}
                >
                  <TableCell>{h.contract}</TableCell>
                  <TableCell sx={{ fontFamily: "monospace", fontSize: "0.8rem" }}>{h.role}</TableCell>
                  <TableCell>
                    <Box component="span" title={h.holder} sx={{ fontFamily: "monospace", fontSize: "0.8rem" }}>
                      {shortenHex(h.holder, 6, 4)}
                    </Box>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {h.holderName}
                    </Typography>
                  </TableCell>
                  <TableCell>{KIND_WORDS[h.kind]}</TableCell>
                  <TableCell>
                    <Pill size="small" variant="outlined" color={right.tone} label={right.text} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
