import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Fact, Facts } from "../../../components/facts";
import { SourceBadge } from "../../../components/source-badge";
import { timeText } from "../../../lib/time";
import type { LedgerOverview, TechnicalOverviewResponse } from "../api/contract";
import { Section } from "./section";

const NAMES: Record<LedgerOverview["ledger"], string> = {
  ethereum: "Ethereum",
  stellar: "Stellar",
  xrpl: "XRP Ledger",
};

function LedgerCard({ l }: { l: LedgerOverview }) {
  return (
    <Box
      data-testid="ledger-card"
      data-ledger={l.ledger}
      data-mode={l.mode}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {NAMES[l.ledger]} ({l.network})
        </Typography>
        <SourceBadge source={l.mode} reason={l.reason} />
      </Box>
      {l.mode === "simulated" && l.reason ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="ledger-reason">
          Simulated: {l.reason}
        </Typography>
      ) : null}
      <Facts>
        <Fact term="Client version" mono testId="ledger-client-version">
          {l.clientVersion.value ?? `not read: ${l.clientVersion.reason}`}
        </Fact>
        <Fact term="Read with">{l.readWith}</Fact>
        <Fact term="Answered in">{l.latencyMs === null ? "no answer" : `${Math.round(l.latencyMs)} ms`}</Fact>
        <Fact term="Endpoint" mono>
          {l.endpoint}
        </Fact>
        <Fact term="Latest block">
          {l.latestBlock === null ? "unknown" : `#${l.latestBlock.toLocaleString("en-US")}`}
        </Fact>
        <Fact term="Last probe">{l.lastProbeAt ? timeText(l.lastProbeAt) : "never"}</Fact>
      </Facts>
    </Box>
  );
}

export function LedgersSection({ o }: { o: TechnicalOverviewResponse }) {
  return (
    <Section
      id="ledgers"
      title="Ledgers"
      source={
        <>Each ledger's status as its selector holds it, and the node's own version read now. {o.rules.timeout}</>
      }
    >
      <Columns columns={{ xs: 1, md: 3 }}>
        {o.ledgers.map((l) => (
          <LedgerCard key={l.ledger} l={l} />
        ))}
      </Columns>
    </Section>
  );
}
