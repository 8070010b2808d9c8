import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { labelsOf, useNetwork } from "../features/network/api/get-network";
import { shortenHex } from "../lib/format";
import type { AddressLabel, AddressLabelKind } from "../types/api";
import { CopyButton } from "./copy-button";

const chipColor: Record<AddressLabelKind, "warning" | "info" | "secondary" | "default"> = {
  "dev-account": "warning", // its key is public: anyone can spend from it
  "server-signer": "info",
  safe: "secondary",
  contract: "default",
};

/**
 * An address as people read it: shortened (the full one in its title), a copy button, and the badge of
 * every name the API knows it by (GET /api/network: "Hardhat dev account #1, local use only", "Server
 * signer", "Treasury Safe (2-of-3)", a contract's name). `labels` overrides the API's list.
 */
export function AddressView({ address, labels, full = false }: { address: string; labels?: readonly AddressLabel[]; full?: boolean }) {
  const network = useNetwork();
  const known = labelsOf(address, labels ?? network.data?.labels);
  return (
    <Box data-testid="address-view" data-address={address} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, minWidth: 0 }}>
      <Typography component="span" variant="body2" title={address} sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
        {full ? address : shortenHex(address)}
      </Typography>
      <CopyButton value={address} what="address" />
      {known.map((l) => (
        <Chip key={`${l.kind}:${l.label}`} data-testid="address-label" data-kind={l.kind} size="small" variant="outlined" color={chipColor[l.kind]} label={l.label} />
      ))}
    </Box>
  );
}
