import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ExplorerLink } from "../../../components/explorer-link";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { checkStrKey } from "../../../lib/stellar/strkey";
import { useStellarLookup } from "../api/lookup";
import { BalancesTable } from "./account-panel";

/** Why a typed lookup key is not a public key, in words; a secret is named as such and never sent. */
function lookupError(text: string): string | null {
  if (checkStrKey(text, "S").ok)
    return "This is a secret key: it stays in this page and is not sent. Paste the account's public key (G…)";
  const check = checkStrKey(text, "G");
  return check.ok ? null : check.reason;
}

/** Any Stellar testnet account by its public key, as Stellar Laboratory looks one up: no secret needed. */
export function LookupPanel() {
  const [text, setText] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const error = text ? lookupError(text) : null;
  const query = useStellarLookup(asked);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="stellar-lookup">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          Look up any account
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label="Look up a Stellar account"
          onSubmit={(e) => {
            e.preventDefault();
            if (text && !error) setAsked(text);
          }}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
        >
          <TextField
            label="Public key (G…)"
            value={text}
            onChange={(e) => setText(e.target.value.trim())}
            error={error !== null}
            helperText={error ?? "Read from Horizon by public key: no secret is needed or sent"}
            slotProps={{ htmlInput: { "data-testid": "stellar-lookup-input", spellCheck: false } }}
            sx={{ flex: "1 1 320px" }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!text || error !== null}
            data-testid="stellar-lookup-button"
            sx={{ mt: 1 }}
          >
            Look up
          </Button>
        </Box>
        {asked ? (
          <QueryState query={query} what="the account" height={120} testId="stellar-lookup">
            {(r) => (
              <Stack spacing={1} data-testid="stellar-lookup-result" data-reachable={String(r.reachable)}>
                <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <SourceBadge source={r.source} reason={r.reason} />
                  <Typography variant="body2" data-testid="stellar-lookup-summary">
                    {r.summary}
                  </Typography>
                </Box>
                {r.sequence !== null ? (
                  <Typography variant="body2" color="text.secondary">
                    Sequence {r.sequence} · minimum balance {r.minimumBalanceXlm ?? "—"} XLM
                  </Typography>
                ) : null}
                {r.balances && r.balances.length > 0 ? (
                  <BalancesTable balances={r.balances} testId="stellar-lookup-balances" />
                ) : null}
                {r.explorerUrl ? (
                  <ExplorerLink href={r.explorerUrl} label="View the account in stellar.expert" />
                ) : null}
              </Stack>
            )}
          </QueryState>
        ) : null}
      </Stack>
    </Paper>
  );
}
