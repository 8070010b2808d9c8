import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";

/** A claim's transaction: live badge (a fresh claim), block and the hash (copyable, explorer link when there is one). */
export function ClaimResult({
  fresh,
  transactionHash,
  blockNumber,
  explorerUrl,
}: {
  fresh: boolean;
  transactionHash: string;
  blockNumber: string | null;
  explorerUrl: string | null;
}) {
  return (
    <Box data-testid="claim-result">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.5 }}>
        <Typography variant="body2">{fresh ? "Sent" : "Last claim"}</Typography>
        {fresh ? <SourceBadge source="live" /> : null}
        {blockNumber ? (
          <Typography variant="caption" color="text.secondary" data-testid="claim-block">
            block {blockNumber}
          </Typography>
        ) : null}
      </Stack>
      <TxHash value={transactionHash} explorerUrl={explorerUrl} testId="claim-tx-hash" />
    </Box>
  );
}
