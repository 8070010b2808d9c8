import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "./copy-button";

/** How many bytes the text encodes (hex: two characters a byte; base64: four per three, less the padding). */
export function byteLength(text: string, encoding: "hex" | "base64"): number {
  const t = text.trim();
  if (encoding === "hex") return Math.floor(t.replace(/^0x/, "").length / 2);
  const padding = t.endsWith("==") ? 2 : t.endsWith("=") ? 1 : 0;
  return Math.floor((t.length * 3) / 4) - padding;
}

/**
 * Signed bytes as their own format has them (a coin's transaction, a Stellar envelope): a scrollable monospace box
 * the keyboard can focus and scroll, the encoding and size, and a copy button, so anyone can decode them with their
 * own tools. `title` and `format` name what it is ("Signed envelope", "base64 XDR"); `what` is how the copy button
 * and the box are read out.
 */
export function SignedBytes({
  value,
  encoding,
  what,
  title = "Signed transaction",
  format = encoding,
  testId = "signed-bytes",
  maxHeight = 120,
}: {
  value: string;
  encoding: "hex" | "base64";
  what: string;
  title?: string;
  format?: string;
  testId?: string;
  maxHeight?: number;
}) {
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-encoding`}>
          {format}, {byteLength(value, encoding).toLocaleString("en-US")} bytes
        </Typography>
        <CopyButton value={value} what={what} />
      </Box>
      <Box
        role="region"
        aria-label={`${what[0]!.toUpperCase()}${what.slice(1)}, ${format}`}
        tabIndex={0}
        data-testid={`${testId}-box`}
        sx={{
          fontFamily: "monospace",
          fontSize: "0.75rem",
          lineHeight: 1.5,
          wordBreak: "break-all",
          whiteSpace: "pre-wrap",
          maxHeight,
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
