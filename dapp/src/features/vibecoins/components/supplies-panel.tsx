import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber, shortenHex } from "../../../lib/format";
import type { VibecoinsSupply } from "../../../types/api";
import { useSupplies } from "../api/get-supplies";

const LEDGER_LABEL = { ethereum: "EVM chain", stellar: "Stellar" } as const;

/** "1,234,567.5": the chain's decimal text, grouped; never rounded into a float past what it says. */
export function supplyText(amount: string | null): string {
  if (amount === null) return "—";
  const [int = "0", frac] = amount.split(".");
  return `${formatNumber(Number(int), 0)}${frac ? `.${frac.slice(0, 4)}` : ""}`;
}

function SupplyCard({ s }: { s: VibecoinsSupply }) {
  const id = `supply-${s.ledger}-${s.token}`;
  return (
    <Grid size={{ xs: 12, sm: 4 }}>
      <Card variant="outlined" data-testid={id} data-source={s.source} sx={{ height: "100%" }}>
        <CardContent sx={{ "&:last-child": { pb: 2 } }}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
            <Typography variant="body2" color="text.secondary" component="h3">
              {s.token} on {LEDGER_LABEL[s.ledger]}
            </Typography>
            <SourceBadge source={s.source} reason={s.reason} />
          </Box>
          <Typography variant="h5" component="p" data-testid={`${id}-amount`} data-amount={s.amount ?? ""} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {supplyText(s.amount)} {s.token}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
            {s.ledger === "ethereum"
              ? `totalSupply of ${shortenHex(s.issuer)}${s.blockNumber ? ` at block ${s.blockNumber}` : ""}`
              : `issued by ${shortenHex(s.issuer, 5, 5)}${s.holders !== null ? ` · ${s.holders} holders` : ""}`}
          </Typography>
          {s.amount === null && s.reason ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
              {s.reason}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** The three supplies, each as its ledger answered it (live or simulated, with the reason). */
export function SuppliesPanel() {
  const supplies = useSupplies();
  return (
    <Box component="section" aria-labelledby="supplies-heading">
      <Typography id="supplies-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Supplies
      </Typography>
      <QueryState
        query={supplies}
        what="the supplies"
        height={120}
        testId="supplies"
        skeleton={
          <Grid container spacing={2}>
            {[0, 1, 2].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 4 }}>
                <Skeleton variant="rounded" height={112} />
              </Grid>
            ))}
          </Grid>
        }
      >
        {(data) => (
          <Grid container spacing={2} data-testid="supplies">
            {data.supplies.map((s) => (
              <SupplyCard key={`${s.ledger}-${s.token}`} s={s} />
            ))}
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
