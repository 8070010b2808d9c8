import Box from "@mui/material/Box";
import { LedgerFundCard } from "./ledger-fund-card";

/** The Stellar and XRPL cards: a part of their own (text fields, the ledgers' libs), loaded after the first paint. */
export function LedgerFundCards() {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" } }}>
      <LedgerFundCard ledger="stellar" />
      <LedgerFundCard ledger="xrpl" />
    </Box>
  );
}
