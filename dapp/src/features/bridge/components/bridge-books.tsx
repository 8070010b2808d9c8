import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Notice, NoticeTitle } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import { useBridgeSummary } from "../api/get-summary";
import type { BridgeLedger, BridgeSummary } from "../api/types";
import { matchView, MATCH_RULE, supplyOf } from "../utils/match";
import { LEDGER_NAMES } from "../utils/ledger-names";

/** A relayer that has not beaten for this long is reported as stalled. */
export const HEARTBEAT_STALE_SECONDS = 30;

function Heartbeat({ relayer }: { relayer: BridgeSummary["relayer"] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const at = relayer.heartbeatAt;
  const age = at ? Math.max(0, Math.round((now - Date.parse(at)) / 1000)) : null;
  const healthy = relayer.running && age !== null && age <= HEARTBEAT_STALE_SECONDS;
  return (
    <Notice
      severity={healthy ? "success" : "warning"}
      role="status"
      data-testid="relayer-heartbeat"
      data-healthy={healthy}
    >
      Relayer {relayer.running ? "running" : "not running"}
      {relayer.running ? (relayer.leader ? " (this API holds the lease)" : " (another instance holds the lease)") : ""}
      {age !== null ? `, last heartbeat ${age} s ago (${new Date(at!).toLocaleTimeString()})` : ", no heartbeat yet"}
      {!healthy && relayer.running && age !== null ? `: stalled for more than ${HEARTBEAT_STALE_SECONDS} s` : ""}
      {relayer.lastError ? ` · last error: ${relayer.lastError}` : ""}
    </Notice>
  );
}

const xqb = (a: { xqb: string } | null | undefined) => (a ? `${a.xqb} XQB` : "unreadable");

/** The escrow's locked total against what it backs on Stellar and the XRPL; green only when they are equal. */
export function BooksView({ summary }: { summary: BridgeSummary }) {
  const m = matchView(summary);
  const supplyCard = (l: BridgeLedger) => {
    const s = supplyOf(summary, l);
    return (
      <Box key={l}>
        <ReadingCard
          testId={`books-${l}`}
          title={`XQB supply on ${LEDGER_NAMES[l]}`}
          reading={
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
              {xqb(s?.supply)} {s ? <SourceBadge source={s.source} reason={s.reason} /> : null}
            </Box>
          }
          note={`Issued by ${s?.issuer ?? summary.issuers[l]}${s?.holders != null ? ` · ${s.holders} holder${s.holders === 1 ? "" : "s"}` : ""}`}
        />
      </Box>
    );
  };
  const simulated = summary.supplies.filter((s) => s.source === "simulated");
  return (
    <Box
      data-testid="bridge-books"
      data-equal={m.known ? m.equal : "unknown"}
      sx={{ overflowWrap: "anywhere", minWidth: 0 }}
    >
      {/* A CSS grid rather than MUI Grid: one column at 390 px, two, then three (MUI Grid is 1.8 KB of first load). */}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        <Box>
          <ReadingCard
            testId="books-locked"
            title="Locked in the escrow (local chain)"
            reading={
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                {xqb(summary.escrow.totalLocked)}{" "}
                <SourceBadge source={summary.escrow.source} reason={summary.escrow.reason} />
              </Box>
            }
            note="BridgeEscrow.totalLocked, read from the chain"
          />
        </Box>
        {supplyCard("stellar")}
        {supplyCard("xrpl")}
        <Box>
          <ReadingCard
            testId="books-outbound"
            title="Outbound in flight"
            reading={xqb(summary.outboundInFlight)}
            note="Locked, not yet delivered or refunded"
          />
        </Box>
        <Box>
          <ReadingCard
            testId="books-inbound"
            title="Inbound not yet released"
            reading={xqb(summary.inboundPending)}
            note="Paid back to an issuer, not yet released"
          />
        </Box>
        <Box>
          <ReadingCard
            testId="books-rejected"
            title="Inbound rejected"
            reading={xqb(summary.inboundRejected)}
            note="Paid to an issuer with a memo naming no EVM address: burnt there, still locked here"
          />
        </Box>
      </Box>
      <Notice
        severity={!m.known ? "warning" : m.equal ? "success" : "error"}
        sx={{ mt: 2 }}
        data-testid="books-match"
        data-equal={m.known ? m.equal : "unknown"}
        role="status"
      >
        <NoticeTitle>
          {!m.known ? "The books cannot be checked now" : m.equal ? "The books match" : "The books do not match"}
        </NoticeTitle>
        <Typography variant="body2" data-testid="books-rule">
          Rule: {MATCH_RULE}
        </Typography>
        {m.known ? (
          <Typography variant="body2" data-testid="books-figures" sx={{ fontVariantNumeric: "tabular-nums" }}>
            {summary.escrow.totalLocked!.xqb} locked − {m.accounted} accounted for ={" "}
            <strong data-testid="books-difference">{m.difference}</strong> XQB difference
          </Typography>
        ) : (
          <>
            <Typography variant="body2" data-testid="books-missing">
              Unreadable now: {m.missing.join(", ")}.
            </Typography>
            {m.partial ? (
              <Typography variant="body2" data-testid="books-partial" sx={{ fontVariantNumeric: "tabular-nums" }}>
                Over the figures read: {summary.escrow.totalLocked!.xqb} locked − {m.partial.accounted} accounted for ={" "}
                <strong data-testid="books-difference">{m.partial.difference}</strong> XQB difference, not counting{" "}
                {m.missing.join(" and ")}.
              </Typography>
            ) : null}
          </>
        )}
        {m.known && summary.matches !== null && summary.matches !== m.equal ? (
          <Typography variant="body2" data-testid="books-api-disagrees">
            The API's own check says {summary.matches ? "they match" : "they differ"} (difference{" "}
            {summary.difference ?? "unknown"}): the figures above are what the page computed from the same readings.
          </Typography>
        ) : null}
        {simulated.length ? (
          <Typography variant="body2" data-testid="books-simulated">
            {simulated.map((s) => LEDGER_NAMES[s.ledger]).join(" and ")} {simulated.length === 1 ? "is" : "are"}{" "}
            simulated: {simulated.length === 1 ? "its" : "their"} supply is what the relayer last saw, not a live
            reading.
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
    <QueryState query={summary} what="the bridge summary" height={560} testId="books">
      {(s) => (
        <Box sx={{ display: "grid", gap: 2 }}>
          <BooksView summary={s} />
          <Heartbeat relayer={s.relayer} />
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="books-rules"
            sx={{ overflowWrap: "anywhere" }}
          >
            The way back: Stellar {s.rules.memo.stellar}; XRPL {s.rules.memo.xrpl}. At most{" "}
            {s.rules.deliverableDecimals} decimals are delivered; a lock not delivered within{" "}
            {Math.round(s.rules.deadlineSeconds / 60)} min is refunded.
          </Typography>
        </Box>
      )}
    </QueryState>
  );
}
