import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Notice, NoticeTitle } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import { useBridgeSummary } from "../api/get-summary";
import type { BridgeSummary } from "../api/types";
import { matchView, MATCH_RULE } from "../utils/match";

/** A relayer that has not beaten for this long is reported as stalled. */
export const HEARTBEAT_STALE_SECONDS = 30;

function Heartbeat({ relayer }: { relayer: BridgeSummary["relayer"] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const age = relayer.lastHeartbeatAt ? Math.max(0, Math.round((now - Date.parse(relayer.lastHeartbeatAt)) / 1000)) : null;
  const healthy = relayer.running && age !== null && age <= HEARTBEAT_STALE_SECONDS;
  return (
    <Notice severity={healthy ? "success" : "warning"} role="status" data-testid="relayer-heartbeat" data-healthy={healthy}>
      Relayer {relayer.running ? "running" : "not running"}
      {age !== null ? `, last heartbeat ${age} s ago (${new Date(relayer.lastHeartbeatAt!).toLocaleTimeString()})` : ", no heartbeat yet"}
      {!healthy && relayer.running && age !== null ? `: stalled for more than ${HEARTBEAT_STALE_SECONDS} s` : ""}
      {relayer.lastError ? ` · last error: ${relayer.lastError}` : ""}
    </Notice>
  );
}

/** The escrow's locked total against what it backs on Stellar and the XRPL; green only when they are equal. */
export function BooksView({ summary }: { summary: BridgeSummary }) {
  const m = matchView(summary);
  const supply = (ledger: "stellar" | "xrpl") => summary.supplies[ledger];
  return (
    <Box data-testid="bridge-books" data-equal={m.equal}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <ReadingCard testId="books-locked" title="Locked in the escrow (local chain)" reading={`${summary.escrow.totalLocked} XQB`} note="BridgeEscrow.totalLocked, read from the chain" />
        </Grid>
        {(["stellar", "xrpl"] as const).map((l) => (
          <Grid key={l} size={{ xs: 12, sm: 6, md: 4 }}>
            <ReadingCard
              testId={`books-${l}`}
              title={`XQB supply on ${l === "stellar" ? "Stellar" : "XRPL"}`}
              reading={
                <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                  {supply(l).amount} XQB <SourceBadge source={supply(l).source} reason={supply(l).reason} />
                </Box>
              }
              note={`Issued by ${supply(l).issuer}${supply(l).holders !== undefined ? ` · ${supply(l).holders} holders` : ""}`}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <ReadingCard testId="books-outbound" title="Outbound in flight" reading={`${summary.inFlight.outbound} XQB`} note="Locked, not delivered or refunded yet" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <ReadingCard testId="books-inbound" title="Inbound not yet released" reading={`${summary.inFlight.inbound} XQB`} note="Paid back to an issuer, not released yet" />
        </Grid>
      </Grid>
      <Notice severity={m.equal ? "success" : "error"} sx={{ mt: 2 }} data-testid="books-match" data-equal={m.equal} role="status">
        <NoticeTitle>{m.equal ? "The books match" : "The books do not match"}</NoticeTitle>
        <Typography variant="body2" data-testid="books-rule">
          {MATCH_RULE}
        </Typography>
        <Typography variant="body2" data-testid="books-figures" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {summary.escrow.totalLocked} locked − {m.accounted} accounted = <strong data-testid="books-difference">{m.difference}</strong> XQB difference
        </Typography>
        {summary.matches !== m.equal ? (
          <Typography variant="body2" data-testid="books-api-disagrees">
            The API's own check says {summary.matches ? "they match" : "they differ"}: the figures above are what the page computed from the same readings.
          </Typography>
        ) : null}
        {supply("stellar").source === "simulated" || supply("xrpl").source === "simulated" ? (
          <Typography variant="body2" data-testid="books-simulated">
            A simulated ledger's supply is what the relayer last saw there, not a live reading.
          </Typography>
        ) : null}
      </Notice>
    </Box>
  );
}

/** The summary with its loading / error states, and the relayer's heartbeat. */
export function BridgeBooks() {
  const summary = useBridgeSummary();
  return (
    <QueryState query={summary} what="the bridge summary" height={380} testId="books">
      {(s) => (
        <Box sx={{ display: "grid", gap: 2 }}>
          <BooksView summary={s} />
          <Heartbeat relayer={s.relayer} />
          <Typography variant="caption" color="text.secondary" data-testid="books-rules">
            Rules: {s.rules.memo} · at most {s.rules.decimals} decimals delivered · refund after {Math.round(s.rules.deadlineSeconds / 60)} min undelivered
          </Typography>
        </Box>
      )}
    </QueryState>
  );
}
