import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { AddressView } from "../../../components/address-view";
import type { QtSafeInfo } from "../api/contract";

/** The treasury Safe: its address and its owners, each with a copy button and the names the API knows. */
export function SafeOwners({ safe }: { safe: QtSafeInfo }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: "100%" }} data-testid="qt-safe-owners">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Treasury Safe
      </Typography>
      <AddressView address={safe.address} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Owners ({safe.threshold} signatures execute a transaction):
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {safe.owners.map((o) => (
          <li key={o}>
            <AddressView address={o} />
          </li>
        ))}
      </Box>
    </Paper>
  );
}
