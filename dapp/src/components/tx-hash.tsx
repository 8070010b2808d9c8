import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { shortenHex } from "../lib/format";
import { CopyButton } from "./copy-button";
import { ExplorerLink } from "./explorer-link";

/**
 * A transaction hash (or an address): shortened on screen with the whole value in `title`, a copy button,
 * and the explorer link when there is one. `what` names it for the copy button ("transaction hash").
 */
export function TxHash({
  value,
  what = "transaction hash",
  label = "Tx",
  explorerUrl,
  testId = "tx-hash",
  head = 10,
  tail = 8,
}: {
  value: string;
  what?: string;
  label?: string;
  explorerUrl?: string | null;
  testId?: string;
  head?: number;
  tail?: number;
}) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", flexWrap: "wrap", columnGap: 1 }}>
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center" }}>
        <Typography
          data-testid={testId}
          variant="body2"
          component="span"
          title={value}
          sx={{ fontFamily: "monospace" }}
        >
          {label ? `${label} ` : null}
          {shortenHex(value, head, tail)}
        </Typography>
        <CopyButton value={value} what={what} />
      </Box>
      {explorerUrl ? <ExplorerLink href={explorerUrl} /> : null}
    </Box>
  );
}
