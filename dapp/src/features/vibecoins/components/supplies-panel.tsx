import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Skeleton } from "../../../components/skeleton";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import type { VibecoinsSupply } from "../api/contract";
import { useSupplies } from "../api/get-supplies";

const LEDGER_LABEL = { ethereum: "EVM chain", stellar: "Stellar" } as const;

/**
 * "1,234,567.5": the chain's decimal text with its whole part grouped by threes and at most 4 decimals,
 * grouped on the text itself so no float rounds it (and lib/format, which brings viem, stays out).
 */
export function supplyText(amount: string | null): string {
  if (amount === null) return "—";
  const [int = "0", frac] = amount.split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac ? `.${frac.slice(0, 4)}` : ""}`;
}

const shortHex = (v: string, head = 6, tail = 4) =>
  v.length > head + tail + 1 ? `${v.slice(0, head)}…${v.slice(-tail)}` : v;

/** Three cards in a row, one per row at 390 px: CSS grid on a Box (MUI's Grid is 1.8 KB of first load). */
const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" } } as const;

function SupplyCard({ s }: { s: VibecoinsSupply }) {
  const id = `supply-${s.ledger}-${s.token}`;
  return (
    <Card variant="outlined" data-testid={id} data-source={s.source} sx={{ height: "100%" }}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
          <Typography variant="body2" color="text.secondary" component="h3">
            {s.token} on {LEDGER_LABEL[s.ledger]}
          </Typography>
          <SourceBadge source={s.source} reason={s.reason} />
        </Box>
        <Typography
          variant="h5"
          component="p"
          data-testid={`${id}-amount`}
          data-amount={s.amount ?? ""}
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {supplyText(s.amount)} {s.token}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
          {s.ledger === "ethereum"
            ? `totalSupply of ${shortHex(s.issuer)}${s.blockNumber ? ` at block ${s.blockNumber}` : ""}`
            : `issued by ${shortHex(s.issuer, 5, 5)}${s.holders !== null ? ` · ${s.holders} holders` : ""}`}
        </Typography>
        {s.amount === null && s.reason ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
            {s.reason}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
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
          <Box sx={grid}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={112} />
            ))}
          </Box>
        }
      >
        {(data) => (
          <Box sx={grid} data-testid="supplies">
            {data.supplies.map((s) => (
              <SupplyCard key={`${s.ledger}-${s.token}`} s={s} />
            ))}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
