import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { AddressView } from "../../../components/address-view";
import type { TestnetStatusResponse } from "../api/contract";

/** The Safe's set-up as read from the chain: its signers (the spec's "3 signers") and threshold. */
export function SafeOwners({ multiSig }: { multiSig: TestnetStatusResponse["multiSig"] }) {
  if (!multiSig) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="multisig-setup" data-signers="unknown">
        The Safe's owners could not be read from the chain.
      </Typography>
    );
  }
  const n = multiSig.owners.length;
  return (
    <Box data-testid="multisig-setup" data-signers={n} data-threshold={multiSig.threshold}>
      <Typography variant="body2">
        Set-up: <strong>{n} signers</strong>, {multiSig.threshold} signatures needed (Safe {multiSig.threshold}-of-{n}),
        read from the chain.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {multiSig.owners.map((o) => (
          <Box component="li" key={o} data-testid="multisig-signer">
            <AddressView address={o} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
