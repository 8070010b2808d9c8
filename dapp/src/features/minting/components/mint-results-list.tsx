import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ExplorerLink } from "../../../components/explorer-link";
import { SourceBadge } from "../../../components/source-badge";
import { describeError } from "../../../lib/api-client";
import { formatTime, shortenHex } from "../../../lib/format";
import type { MintHistoryEntry, MintRecord } from "../../../types/api";
import { useMintHistory } from "../api/get-mint-history";

const ledgerLabel: Record<MintRecord["ledger"], string> = { ethereum: "Ethereum", stellar: "Stellar", xrpl: "XRP Ledger" };

function inputText(record: MintRecord): string {
  switch (record.kind) {
    case "eth-mint":
      return `${record.ethAmount} ETH → ${record.amount}`;
    case "stellar-mint":
      return `${record.xlmAmount} XLM → ${record.amount}`;
    case "xrp-volume":
      return `Volume test: ${record.amount}`;
  }
}

function MintResultItem({ record }: { record: MintHistoryEntry }) {
  return (
    <ListItem data-testid="mint-result" data-kind={record.kind} data-source={record.source} divider sx={{ display: "block", py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography data-testid="mint-result-amount" variant="subtitle2" component="span" sx={{ flexGrow: 1 }}>
          {inputText(record)}
        </Typography>
        <SourceBadge source={record.source} reason={record.reason} />
        {record.quantumSecured ? (
          <Chip data-testid="quantum-chip" size="small" color="secondary" variant="outlined" label="Quantum secured (ML-DSA-65)" />
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {ledgerLabel[record.ledger]} · <span data-testid="mint-result-network">{record.network}</span> ·{" "}
        <time dateTime={record.timestamp}>{formatTime(record.timestamp)}</time>
        {record.kind === "eth-mint" ? ` · signed by ${record.signedBy === "wallet" ? "wallet" : "server"}` : null}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5, alignItems: "center", flexWrap: "wrap" }}>
        <Typography data-testid="mint-result-hash" variant="body2" component="span" title={record.transactionHash} sx={{ fontFamily: "monospace" }}>
          Tx {shortenHex(record.transactionHash, 10, 8)}
        </Typography>
        {record.source === "live" && record.explorerUrl ? <ExplorerLink href={record.explorerUrl} /> : null}
      </Stack>
      {record.onCurrentChain === false ? (
        <Typography data-testid="earlier-chain" variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          From an earlier run of the {record.network} chain: the node was restarted and no longer has this block.
        </Typography>
      ) : null}
      {record.source === "simulated" && record.reason ? (
        <Typography data-testid="simulated-reason" variant="caption" color="warning.dark" component="div" sx={{ mt: 0.5 }}>
          Simulated: {record.reason}
        </Typography>
      ) : null}
    </ListItem>
  );
}

export function MintResultsList() {
  const history = useMintHistory();
  const mints = history.data?.mints ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="mint-results-heading">
      <Typography id="mint-results-heading" variant="h6" component="h2" gutterBottom>
        Results
      </Typography>
      {history.isPending ? (
        <Box data-testid="mint-results-loading" role="status" sx={{ display: "flex", alignItems: "center", gap: 1, py: 2 }}>
          <CircularProgress size={20} /> <Typography variant="body2">Loading mint history…</Typography>
        </Box>
      ) : null}
      {history.isError && mints.length === 0 ? (
        <Alert data-testid="mint-results-error" severity="error">
          Could not load the mint history: {describeError(history.error)}
        </Alert>
      ) : null}
      {history.isSuccess && mints.length === 0 ? (
        <Typography data-testid="mint-results-empty" variant="body2" color="text.secondary" sx={{ py: 2 }}>
          No mints yet. Results of your mints and tests appear here, newest first.
        </Typography>
      ) : null}
      {mints.length > 0 ? (
        <List data-testid="mint-results" disablePadding sx={{ maxHeight: "384px", overflowY: "auto" }}>
          {mints.map((record) => (
            <MintResultItem key={record.id} record={record} />
          ))}
        </List>
      ) : null}
    </Paper>
  );
}
