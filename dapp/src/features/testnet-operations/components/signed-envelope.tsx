import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";

/** Bytes of base64 text: four characters per three bytes, less the padding. */
const base64Bytes = (text: string) =>
  Math.floor((text.length * 3) / 4) - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);

/**
 * The signed Stellar envelope (base64 XDR) as the API returned it: a scrollable monospace box the keyboard can focus
 * and scroll, its size, and a copy button, so anyone can decode it with their own tools.
 */
export function SignedEnvelope({ value }: { value: string }) {
  return (
    <Stack spacing={0.5} data-testid="signed-envelope">
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        <Typography variant="subtitle2" component="h4">
          Signed envelope
        </Typography>
        <Typography variant="caption" color="text.secondary">
          base64 XDR, {base64Bytes(value).toLocaleString("en-US")} bytes
        </Typography>
        <CopyButton value={value} what="signed Stellar envelope" />
      </Box>
      <Box
        role="region"
        aria-label="Signed Stellar envelope, base64 XDR"
        tabIndex={0}
        data-testid="signed-envelope-box"
        sx={{
          fontFamily: "monospace",
          fontSize: "0.75rem",
          lineHeight: 1.5,
          wordBreak: "break-all",
          whiteSpace: "pre-wrap",
          maxHeight: 96,
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
