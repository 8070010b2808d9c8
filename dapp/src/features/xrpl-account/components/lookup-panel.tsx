import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ExplorerLink } from "../../../components/explorer-link";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import type { XrplLookupResponse } from "../api/contract";
import { useXrplLookup } from "../api/lookup";
import { looksLikeXAddress, readDestination, useXrplCodec, XRPL_ADDRESS_HINT } from "../utils/xrpl-address";

function LookupResult({ r }: { r: XrplLookupResponse }) {
  return (
    <Box data-testid="xrpl-lookup-result" data-reachable={String(r.reachable)} sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <SourceBadge source={r.source} reason={r.reason} />
        <Typography variant="body2" data-testid="xrpl-lookup-summary">
          {r.summary}
        </Typography>
      </Box>
      {r.sequence !== null ? (
        <Typography variant="body2" color="text.secondary">
          Sequence {r.sequence} · {r.ownerCount} owned objects · reserve {r.reserveXrp} XRP
        </Typography>
      ) : null}
      {(r.trustLines ?? []).map((l) => (
        <Typography key={`${l.currency}-${l.issuer}`} variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {l.currency}: {l.balance} (limit {l.limit}) · issuer {l.issuer}
        </Typography>
      ))}
      {r.explorerUrl ? <ExplorerLink href={r.explorerUrl} label="View the account on testnet.xrpl.org" /> : null}
    </Box>
  );
}

/**
 * Any XRPL testnet account by its classic address or X-address, as the XRPL explorer looks one up: no seed
 * needed. An X-address is decoded here first (its classic address and tag shown; a main-net one refused).
 */
export function LookupPanel() {
  const [text, setText] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const codec = useXrplCodec(looksLikeXAddress(text));
  const reading = text === "" ? null : readDestination(text, codec);
  const query = useXrplLookup(asked);
  // A seed pasted here by mistake is named, and (like any text that is no address) never sent.
  const problem = /^s[1-9A-HJ-NP-Za-km-z]{20,}$/.test(text)
    ? "This looks like a seed: it stays in this page and is not sent. Paste the account's address (r…) or X-address"
    : reading && !reading.ok
      ? reading.reason
      : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="xrpl-lookup">
      <Typography variant="h6" component="h2" gutterBottom>
        Look up any account
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Look up an XRPL account"
        onSubmit={(e) => (e.preventDefault(), reading?.ok && setAsked(text))}
        sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        <TextField
          label="Address (r…) or X-address"
          value={text}
          onChange={(e) => setText(e.target.value.trim())}
          error={problem !== null}
          helperText={problem ?? `Read from the ledger by ${XRPL_ADDRESS_HINT}: no seed is needed or sent`}
          slotProps={{ htmlInput: { "data-testid": "xrpl-lookup-input", spellCheck: false } }}
          sx={{ flex: "1 1 320px" }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!reading?.ok}
          data-testid="xrpl-lookup-button"
          sx={{ mt: 1 }}
        >
          Look up
        </Button>
      </Box>
      {reading?.ok && reading.xAddress ? (
        <Box
          data-testid="xrpl-lookup-decoded"
          sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mt: 1 }}
        >
          <Pill size="small" color="info" label="Test-net X-address" />
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            Classic address {reading.classic} ·{" "}
            {reading.tag === null ? "no destination tag" : `destination tag ${reading.tag}`}
          </Typography>
        </Box>
      ) : null}
      {asked ? (
        <Box sx={{ mt: 1.5 }}>
          <QueryState query={query} what="the account" height={100} testId="xrpl-lookup">
            {(r) => <LookupResult r={r} />}
          </QueryState>
        </Box>
      ) : null}
    </Paper>
  );
}
