import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { darken } from "@mui/material/styles";
import { labelsOf, useNetwork } from "../lib/network/get-network";
import { shortenHex } from "../lib/format";
import type { AddressLabel, AddressLabelKind } from "../../../api/src/features/network/network.schemas";
import { CopyButton } from "./copy-button";
import { Pill } from "./pill";

const chipColor: Record<AddressLabelKind, "warning" | "info" | "secondary" | "text"> = {
  "dev-account": "warning", // its key is public: anyone can spend from it
  "server-signer": "info",
  safe: "secondary",
  contract: "text",
};

/**
 * An address as people read it: shortened (the full one in its title), a copy button, and the badge of
 * every name the API knows it by (GET /api/network: "Hardhat dev account #1, local use only", "Server
 * signer", "Treasury Safe (2-of-3)", a contract's name). `labels` overrides the API's list.
 */
export function AddressView({
  address,
  labels,
  full = false,
}: {
  address: string;
  labels?: readonly AddressLabel[];
  full?: boolean;
}) {
  const network = useNetwork();
  const known = labelsOf(address, labels ?? network.data?.labels);
  return (
    <Box
      data-testid="address-view"
      data-address={address}
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, minWidth: 0 }}
    >
      <Typography
        component="span"
        variant="body2"
        title={address}
        sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
      >
        {full ? address : shortenHex(address)}
      </Typography>
      <CopyButton value={address} what="address" />
      {known.map((l) => (
        <Pill
          key={`${l.kind}:${l.label}`}
          data-testid="address-label"
          data-kind={l.kind}
          size="small"
          variant="outlined"
          label={l.label}
          // Ink darkened 30 % so even warning orange reads at 4.5:1 or more on white.
          sx={(t) => {
            const ink =
              chipColor[l.kind] === "text"
                ? t.palette.text.secondary
                : darken(t.palette[chipColor[l.kind] as "warning"].main, 0.3);
            return { color: ink, borderColor: ink };
          }}
        />
      ))}
    </Box>
  );
}
