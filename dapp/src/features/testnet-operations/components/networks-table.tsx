import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { timeText } from "../../../lib/time";
import type { RealOperationsResponse } from "../api/contract";
import { CAPABILITY_COLOR } from "../utils/levels";
import { LevelBadge, StatusPill } from "./level-badge";

type Ops = RealOperationsResponse["operations"];
type Row = Ops["authenticBlockchains"][number] & { capability: Ops["realTransactionCapabilities"][string] | undefined };

const columns: DataColumn<Row>[] = [
  { id: "network", header: "Testnet", primary: true, cell: (r) => r.network },
  { id: "coins", header: "Coins", cell: (r) => r.name },
  {
    id: "level",
    header: "Level now",
    cell: (r) => (
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <LevelBadge level={r.level} testId="network-level" />
        {/* The level says the rest; only a live ledger that does not answer now needs a word more. */}
        {r.capability?.status === "UNAVAILABLE" ? (
          <StatusPill
            status={r.capability.status}
            color={CAPABILITY_COLOR[r.capability.status]}
            testId="network-status"
          />
        ) : null}
      </Box>
    ),
  },
  {
    id: "reason",
    header: "Why",
    cell: (r) => r.reason,
    sx: { color: "text.secondary", overflowWrap: "anywhere" },
    tableSx: { minWidth: 280 },
  },
];

/** The testnets this product transacts on, each at its level now and why (GET /api/testnet/real-operations). */
export function NetworksTable({ answer }: { answer: RealOperationsResponse }) {
  const ops = answer.operations;
  const rows: Row[] = ops.authenticBlockchains.map((c) => ({
    ...c,
    capability: ops.realTransactionCapabilities[c.network],
  }));
  return (
    <Stack spacing={1.5} data-testid="networks">
      <Typography variant="body2" data-testid="networks-summary">
        {ops.supportedNetworks} testnets a test transaction can target here (all but the display-only ones), measured{" "}
        {timeText(answer.timestamp)}.
      </Typography>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.network}
        rowProps={(r) => ({ "data-testid": "network-row", "data-level": r.level })}
        label="Testnets and their levels"
        testId="network-rows"
      />
    </Stack>
  );
}

/** The algorithms this product runs, by the standard that specifies them, and what is not claimed. */
export function Algorithms({ answer }: { answer: RealOperationsResponse }) {
  const q = answer.operations.quantumSecurity;
  return (
    <Stack spacing={1} data-testid="algorithms">
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: "grid", gap: 0.5 }}>
        {q.algorithms.map((a) => (
          <Typography component="li" variant="body2" key={a.name}>
            <strong>{a.name}</strong> ({a.standard}): {a.use}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {q.note}
      </Typography>
    </Stack>
  );
}
