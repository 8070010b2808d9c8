import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Columns } from "../../../components/columns";
import { Skeleton } from "../../../components/skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SourceBadge } from "../../../components/source-badge";
import { QueryState } from "../../../components/page-shell";
import { timeText } from "../../../lib/time";
import type { LedgerStatusBody } from "../api/contract";
import { useUnifiedStatus } from "../api/get-unified-status";

const LEDGERS = ["ethereum", "stellar", "xrpl"] as const;

function ledgerTitle(status: LedgerStatusBody): string {
  switch (status.ledger) {
    case "ethereum":
      return status.network === "sepolia"
        ? "Ethereum / Sepolia"
        : status.network === "hardhat"
          ? "Ethereum / Hardhat"
          : `Ethereum / ${status.network}`;
    case "stellar":
      return `Stellar ${status.network}`;
    case "xrpl":
      return `XRP Ledger ${status.network}`;
  }
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between" }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontFamily: "monospace", textAlign: "right", wordBreak: "break-all" }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

function NetworkStatusCard({ status }: { status: LedgerStatusBody }) {
  return (
    <Card
      variant="outlined"
      data-testid={`network-status-${status.ledger}`}
      data-mode={status.mode}
      sx={{ height: "100%" }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {ledgerTitle(status)}
          </Typography>
          <SourceBadge source={status.mode} reason={status.reason} />
        </Stack>
        {status.mode === "simulated" && status.reason ? (
          <Typography variant="body2" color="warning.dark" sx={{ mb: 1 }} data-testid="network-status-reason">
            {status.reason}
          </Typography>
        ) : null}
        <Stack spacing={0.5}>
          <Row label="Reachable" value={status.reachable ? "yes" : "no"} />
          <Row
            label={status.ledger === "ethereum" ? "Latest block" : "Latest ledger"}
            value={status.latestBlock === null ? "—" : status.latestBlock.toLocaleString("en-US")}
            testId="network-status-latest"
          />
          <Row
            label="Probe latency"
            value={status.lastProbeLatencyMs === null ? "—" : `${Math.round(status.lastProbeLatencyMs)} ms`}
            testId="network-status-latency"
          />
          <Row label="Last probe" value={status.lastProbeAt ? timeText(status.lastProbeAt) : "—"} />
          <Row label="Endpoint" value={status.endpoint} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A loaded card's height as measured at 1280 px (194-242 px at 390): the skeleton keeps it, so nothing below moves. */
const CARD_HEIGHT = 222;

/** One card per ledger from GET /api/unified/status, polled every 30 s (the poll also retries after an error). */
export function NetworkStatusCards() {
  const status = useUnifiedStatus();
  return (
    <QueryState
      query={status}
      what="the network status"
      height={CARD_HEIGHT}
      testId="network-status"
      skeleton={
        <Columns columns={{ xs: 1, md: 3 }}>
          {LEDGERS.map((l) => (
            <Skeleton key={l} variant="rounded" height={CARD_HEIGHT} />
          ))}
        </Columns>
      }
    >
      {(data) => (
        <Columns columns={{ xs: 1, md: 3 }} testId="network-status-cards">
          {LEDGERS.map((l) => (
            <div key={l}>
              <NetworkStatusCard status={data.ledgers[l]} />
            </div>
          ))}
        </Columns>
      )}
    </QueryState>
  );
}
