import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
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

const MONO = { fontFamily: "monospace", fontSize: "0.8rem" } as const;

const COLUMNS: readonly DataColumn<RoleHolder>[] = [
  { id: "contract", header: "Contract", cell: (h) => h.contract },
  { id: "role", header: "Role", cell: (h) => h.role, sx: MONO },
  {
    id: "holder",
    header: "Holder",
    cell: (h) => (
      <>
        <Box component="span" title={h.holder} sx={MONO}>
          {shortenHex(h.holder, 6, 4)}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {h.holderName}
        </Typography>
      </>
    ),
  },
  { id: "kind", header: "Kind", cell: (h) => KIND_WORDS[h.kind] },
  {
    id: "right",
    header: "Right",
    cell: (h) => {
      const right = rightWords(h);
      return <Pill size="small" variant="outlined" color={right.tone} label={right.text} />;
    },
  },
];

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
      <DataTable
        columns={COLUMNS}
        rows={holders}
        rowKey={(h) => `${h.contract}|${h.role}|${h.holder}`}
        rowProps={(h) => ({
          "data-testid": "role-holder",
          "data-kind": h.kind,
          "data-privileged": h.privileged,
          "data-counted": h.counted,
        })}
        testId="role-holders"
        label="Role holders"
      />
    </Box>
  );
}
