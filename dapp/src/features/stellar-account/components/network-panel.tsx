import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { SourceBadge } from "../../../components/source-badge";
import { useStellarNetwork } from "../../../lib/stellar/stellar-api";
import type { StellarNetworkResponse } from "../api/contract";
import { NETWORK_PANEL_HEIGHT } from "./network-panel-height";

/** The base fee and where it comes from, in words. */
export function baseFeeText(n: StellarNetworkResponse): string {
  return n.baseFeeSource === "horizon-fee-stats"
    ? `Base fee ${n.baseFeeStroops} stroops per operation (Horizon fee_stats${n.baseFeeLedger !== null ? `, ledger ${n.baseFeeLedger}` : ""})`
    : `Base fee ${n.baseFeeStroops} stroops per operation (the SDK's default BASE_FEE: Horizon not read)`;
}

/** The network every transaction here is signed for: its mode, passphrase (copyable) and base fee. */
export function NetworkPanel() {
  const { data: n } = useStellarNetwork();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, minHeight: n ? undefined : NETWORK_PANEL_HEIGHT }}
      data-testid="stellar-network"
      aria-busy={!n}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2">Stellar testnet</Typography>
        {n ? (
          <SourceBadge source={n.source} reason={n.reason} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Reading the network…
          </Typography>
        )}
      </Stack>
      {n ? (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <Box sx={{ display: "flex", alignItems: "center", minWidth: 0 }}>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="stellar-passphrase"
              sx={{ overflowWrap: "anywhere" }}
            >
              Network passphrase: {n.networkPassphrase}
            </Typography>
            <CopyButton value={n.networkPassphrase} what="network passphrase" />
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="stellar-base-fee">
            {baseFeeText(n)}
          </Typography>
        </Stack>
      ) : null}
    </Paper>
  );
}
