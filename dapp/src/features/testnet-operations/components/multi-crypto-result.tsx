import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import type { MultiCryptoResponse } from "../api/contract";
import { msText } from "../utils/levels";
import { LevelBadge } from "./level-badge";

type Row = MultiCryptoResponse["results"][number];

function Outcome({ r }: { r: Row }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Pill
          size="small"
          variant="outlined"
          color={r.success ? "success" : "error"}
          label={r.success ? "success" : "failed"}
        />
        {r.source ? <SourceBadge source={r.source} reason={r.reason} /> : null}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="multi-row-note" sx={{ overflowWrap: "anywhere" }}>
        {r.error ?? (r.source === "simulated" ? `Simulated: ${r.reason ?? "no reason given"}` : r.note)}
      </Typography>
    </Stack>
  );
}

const columns: DataColumn<Row>[] = [
  { id: "coin", header: "Coin", primary: true, cell: (r) => `${r.symbol}${r.network ? ` · ${r.network}` : ""}` },
  { id: "level", header: "Level", cell: (r) => <LevelBadge level={r.level} testId="multi-row-level" /> },
  { id: "outcome", header: "Outcome", cell: (r) => <Outcome r={r} />, tableSx: { minWidth: 240 } },
  {
    id: "hash",
    header: "Transaction",
    cell: (r) =>
      r.transactionHash ? (
        <TxHash value={r.transactionHash} label="" explorerUrl={r.explorerUrl} head={8} tail={6} />
      ) : (
        "—"
      ),
  },
  { id: "elapsed", header: "Elapsed", align: "right", cell: (r) => (r.elapsedMs === null ? "—" : msText(r.elapsedMs)) },
];

/** The multi-crypto answer: the rate and counts from what happened, and each coin at its real level. */
export function MultiCryptoResult({ answer }: { answer: MultiCryptoResponse }) {
  return (
    <Stack spacing={1.5} data-testid="multi-result">
      <Typography variant="body2" data-testid="multi-summary">
        {answer.successful} of {answer.totalOperations} succeeded, {answer.failed} failed · success rate{" "}
        {answer.successRate} % (successful ÷ tested) · {msText(answer.elapsedMs)} in all
      </Typography>
      <DataTable
        columns={columns}
        rows={answer.results}
        rowKey={(r) => r.symbol}
        rowProps={(r) => ({ "data-testid": "multi-row", "data-symbol": r.symbol, "data-success": r.success })}
        label="The multi-crypto test, per coin"
        testId="multi-rows"
      />
    </Stack>
  );
}
