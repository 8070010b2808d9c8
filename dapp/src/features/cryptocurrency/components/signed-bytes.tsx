import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";

/** How many bytes the text encodes (hex: two characters a byte; base64: four per three, less the padding). */
export function byteLength(text: string, encoding: "hex" | "base64"): number {
  const t = text.trim();
  if (encoding === "hex") return Math.floor(t.replace(/^0x/, "").length / 2);
  const padding = t.endsWith("==") ? 2 : t.endsWith("=") ? 1 : 0;
  return Math.floor((t.length * 3) / 4) - padding;
}

/**
 * The signed transaction as the coin's own format has it: a scrollable monospace box (the keyboard can focus and
 * scroll it), its encoding and size, and a copy button, so anyone can decode it with their own tools.
 */
export function SignedBytes({
  value,
  encoding,
  symbol,
}: {
  value: string;
  encoding: "hex" | "base64";
  symbol: string;
}) {
  return (
    <Stack spacing={0.5} data-testid="signed-bytes">
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        <Typography variant="subtitle2" component="h4">
          Signed transaction
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="signed-bytes-encoding">
          {encoding}, {byteLength(value, encoding).toLocaleString("en-US")} bytes
        </Typography>
        <CopyButton value={value} what={`signed ${symbol} transaction`} />
      </Box>
      <Box
        role="region"
        aria-label={`Signed ${symbol} transaction, ${encoding}`}
        tabIndex={0}
        data-testid="signed-bytes-box"
        sx={{
          fontFamily: "monospace",
          fontSize: "0.75rem",
          lineHeight: 1.5,
          wordBreak: "break-all",
          whiteSpace: "pre-wrap",
          maxHeight: 120,
          overflowY: "auto",
          p: 1,
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "action.hover",
          "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
        }}
      >
        {value}
      </Box>
    </Stack>
  );
}
