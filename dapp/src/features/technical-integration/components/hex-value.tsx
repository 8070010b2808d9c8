import Box from "@mui/material/Box";
import { CopyButton } from "../../../components/copy-button";
import { shortenHex } from "../../../lib/format";

/** A hash or an address, shortened (the whole value in its title) with a button that copies all of it. */
export function HexValue({ value, what, testId }: { value: string; what: string; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-value={value}
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, minWidth: 0, maxWidth: "100%" }}
    >
      <Box
        component="span"
        title={value}
        sx={{ fontFamily: "monospace", fontSize: "0.8rem", overflowWrap: "anywhere" }}
      >
        {shortenHex(value, 8, 6)}
      </Box>
      <CopyButton value={value} what={what} />
    </Box>
  );
}
