import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Columns } from "../../../components/columns";
import { Skeleton } from "../../../components/skeleton";
import Typography from "@mui/material/Typography";
import { truncateDecimals } from "../../../lib/format";
import { useProtocols } from "../api/get-protocols";
import { useStakes } from "../api/get-stakes";
import { apyHow, apyText } from "../utils/format";

function SummaryCard({ id, title, value, note }: { id: string; title: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div>
      <Card variant="outlined" data-testid={`summary-${id}`} sx={{ height: "100%" }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography
            variant="overline"
            color="text.secondary"
            component="h2"
            sx={{ lineHeight: 1.4, display: "block" }}
          >
            {title}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            data-testid={`summary-${id}-value`}
            sx={{ overflowWrap: "anywhere", fontSize: { xs: "1.2rem", sm: "1.5rem" } }}
          >
            {value ?? <Skeleton width="60%" />}
          </Typography>
          {/* Two lines kept for the note, loaded or not: a note that arrives with the data (or wraps) must not
              grow the row and push the page down (layout shift). */}
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: "block", overflowWrap: "anywhere", minHeight: "3.32em" }}
          >
            {note ?? <Skeleton width="70%" />}
          </Typography>
        </CardContent>
      </Card>
    </div>
  );
}

/** Available for Testing, Real Protocols, Highest APY, Test Stakes: all read from the API's chain reads. */
export function SummaryCards({ wallet }: { wallet: string | undefined }) {
  const protocols = useProtocols(wallet);
  const stakes = useStakes(wallet);
  const data = protocols.data;
  const best =
    data?.protocols.reduce<(typeof data.protocols)[number] | null>(
      (top, p) => (top === null || p.currentAPY > top.currentAPY ? p : top),
      null,
    ) ?? null;
  return (
    <Columns columns={{ xs: 2, md: 4 }} testId="summary-cards">
      <SummaryCard
        id="balance"
        title="Available for Testing"
        value={!wallet ? "—" : data?.userBalance != null ? `${truncateDecimals(data.userBalance, 4)} ETH` : null}
        note={wallet ? "your wallet's ETH" : "connect a wallet"}
      />
      <SummaryCard
        id="protocols"
        title="Real Protocols"
        value={data ? String(data.protocols.length) : null}
        note={
          data
            ? `${data.protocols.filter((p) => p.status === "active").length} active · block ${data.asOfBlock}`
            : undefined
        }
      />
      <SummaryCard
        id="apy"
        title="Highest APY"
        value={data ? (best ? apyText(best.currentAPY) : "—") : null}
        note={best ? `${best.token}: ${apyHow(best)}` : undefined}
      />
      <SummaryCard
        id="stakes"
        title="Test Stakes"
        value={!wallet ? "—" : stakes.data ? String(stakes.data.stakes.length) : null}
        note={wallet ? "deposits by your wallet" : "connect a wallet"}
      />
    </Columns>
  );
}
