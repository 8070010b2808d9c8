import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { timeText } from "../../../lib/time";
import type { ContractCode, NetworkVerification, SignedTransactionCheck } from "../api/contract";
import { ageText, msText, skewText } from "../utils/readings";
import { CheckItem } from "./check-item";
import { Fact, Facts } from "../../../components/facts";
import { OutcomeChip } from "./outcome-chip";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" data-testid={testId} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The deploy map's addresses behind a disclosure: twenty rows would bury the checks on a phone. */
function Contracts({ contracts }: { contracts: ContractCode[] }) {
  const withCode = contracts.filter((c) => c.hasCode === true).length;
  return (
    <Box component="details" data-testid="contracts" sx={{ mt: 1 }}>
      <Box component="summary" sx={{ cursor: "pointer", typography: "body2", fontWeight: 600 }}>
        The {contracts.length} addresses of the deploy map ({withCode} with code)
      </Box>
      <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }}>
        {contracts.map((c) => (
          <Box
            component="li"
            key={c.name}
            data-testid="contract-row"
            data-has-code={String(c.hasCode)}
            sx={{ listStyle: "none", py: 0.5, borderTop: 1, borderColor: "divider", typography: "body2" }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {c.name}
            </Box>
            {": "}
            {c.external
              ? "someone else's contract, not checked"
              : c.hasCode === null
                ? "not read"
                : c.hasCode
                  ? "has code"
                  : "no code"}
            <Box sx={{ fontFamily: "monospace", overflowWrap: "anywhere", color: "text.secondary" }}>{c.address}</Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function SignedTransaction({ s }: { s: SignedTransactionCheck }) {
  return (
    <Section title="A fresh transaction signed and verified" testId="signed-tx">
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
        <OutcomeChip outcome={s.outcome} testId="signed-tx-outcome" />
        <Typography variant="body2" data-testid="signed-tx-submitted">
          Never submitted: signed offline with a throwaway key.
        </Typography>
      </Box>
      <Facts stackOnPhone>
        <Fact term="Built for">{s.builtFor}</Fact>
        <Fact term="Library">
          {s.library.name}
          {s.library.version ? ` ${s.library.version}` : ""}
        </Fact>
        <Fact term="Throwaway key" mono>
          {s.signer}
        </Fact>
        <Fact term="Transaction hash" mono testId="signed-tx-hash">
          {s.transactionHash}
        </Fact>
        <Fact term="Verified with">{s.verifiedWith}</Fact>
        <Fact term="Result" testId="signed-tx-note">
          {s.note}
        </Fact>
        <Fact term="Took">{msText(s.elapsedMs)}</Fact>
      </Facts>
    </Section>
  );
}

/** One network: its verdict, each identity check, the latest block or ledger, and the offline signing check. */
export function NetworkCard({ n }: { n: NetworkVerification }) {
  const headingId = `network-${n.id}-heading`;
  const unit = n.latest?.kind === "ledger" ? "ledger" : "block";
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid="network-card"
      data-network={n.id}
      data-outcome={n.outcome}
      sx={{ minWidth: 0 }}
    >
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {n.name}
          </Typography>
          <OutcomeChip outcome={n.outcome} testId="network-outcome" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {n.endpoint ? (
            <>
              Endpoint{" "}
              <Box component="span" sx={{ fontFamily: "monospace" }} data-testid="network-endpoint">
                {n.endpoint}
              </Box>
            </>
          ) : (
            "No endpoint configured"
          )}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="network-summary">
          {n.summary}
        </Typography>

        <Section title="Identity checks">
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {n.checks.map((c) => (
              <CheckItem key={c.id} check={c} />
            ))}
          </Box>
          {n.contracts ? <Contracts contracts={n.contracts} /> : null}
        </Section>

        <Section title="Readings" testId="readings">
          <Facts stackOnPhone>
            <Fact term={`Latest ${unit}`} testId="reading-latest">
              {n.latest
                ? `#${Number(n.latest.number).toLocaleString("en-US")}${n.latest.closedAt ? `, closed ${timeText(n.latest.closedAt, "chain")}` : ", close time not given"}`
                : "not read"}
            </Fact>
            <Fact term="Age" testId="reading-age">
              {n.latest?.ageSeconds != null ? ageText(n.latest.ageSeconds) : "not read"}
            </Fact>
            <Fact term="Clock skew" testId="reading-skew">
              {n.clockSkew ? skewText(n.clockSkew.seconds) : "not read"}
            </Fact>
            <Fact term="Probe latency" testId="reading-latency">
              {n.latencyMs !== null ? msText(n.latencyMs) : "no answer"}
            </Fact>
            <Fact term="Checked at" testId="reading-checked-at">
              {timeText(n.checkedAt)}
            </Fact>
          </Facts>
        </Section>

        <SignedTransaction s={n.signedTransaction} />
      </CardContent>
    </Card>
  );
}
