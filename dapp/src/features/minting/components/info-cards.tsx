import type { ReactNode } from "react";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Columns } from "../../../components/columns";
import Typography from "@mui/material/Typography";
import { shortenHex } from "../../../lib/format";
import { useUnifiedStatus } from "../api/get-unified-status";
import { ethRateText, useMintingRates } from "../api/get-minting-rates";

function InfoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <Card variant="outlined" data-testid={`info-card-${id}`} sx={{ height: "100%" }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="h2">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

const Line = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
    {children}
  </Typography>
);

/** Four cards, shown only once the unified status has loaded. Figures are contract rules or measured. */
export function InfoCards() {
  const { data } = useUnifiedStatus();
  const rates = useMintingRates();
  if (!data) return null;
  const accounts = [
    ["Ethereum", data.ledgers.ethereum.account],
    ["Stellar", data.ledgers.stellar.account],
    ["XRPL", data.ledgers.xrpl.account],
  ] as const;
  return (
    <Columns columns={{ xs: 1, sm: 2, md: 4 }} testId="info-cards">
      <InfoCard id="eth-rate" title="ETH → XQB">
        <Line>{ethRateText(rates.data)}</Line>
      </InfoCard>
      <InfoCard id="xlm-rate" title="XLM → VibeCoins">
        <Line>1 XLM → {rates.data ? rates.data.stellar.vibePerXlm : "…"} VIBE</Line>
      </InfoCard>
      <InfoCard id="database" title="Database">
        <Line>
          {data.database.driver} ·{" "}
          {data.database.ok ? "ok" : `down${data.database.error ? `: ${data.database.error}` : ""}`}
          {data.database.latencyMs !== null ? ` · ${Math.round(data.database.latencyMs)} ms` : ""}
        </Line>
        <Line>
          Stored mints: {data.mints.live} live, {data.mints.simulated} simulated
        </Line>
      </InfoCard>
      <InfoCard id="signing-account" title="Server signing accounts">
        {accounts.map(([label, account]) => (
          <Line key={label}>
            {label}:{" "}
            <span title={account ?? undefined} style={{ fontFamily: "monospace" }}>
              {account ? shortenHex(account) : "none"}
            </span>
          </Line>
        ))}
      </InfoCard>
    </Columns>
  );
}
