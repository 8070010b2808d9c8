import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";
import { useFundAccount, type FundLedger } from "../api/fund-account";

const LEDGERS: Record<
  FundLedger,
  { title: string; what: string; field: string; pattern: RegExp; hint: string; source: string }
> = {
  stellar: {
    title: "Stellar testnet",
    what: "Funds your own Stellar testnet account with XLM through friendbot (it creates the account if it does not exist).",
    field: "Your Stellar public key (G…)",
    pattern: /^G[A-Z2-7]{55}$/,
    hint: "A Stellar public key: 56 characters starting with G. Never paste the secret (S…).",
    source: "friendbot",
  },
  xrpl: {
    title: "XRP Ledger testnet",
    what: "Funds your own XRPL testnet account with test XRP from the XRPL testnet faucet.",
    field: "Your XRPL address (r…)",
    pattern: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    hint: "A classic XRPL address starting with r. Never paste the seed (s…).",
    source: "the XRPL testnet faucet",
  },
};

/**
 * "Fund my account" on Stellar or XRPL: the user's own account, by address. The key connected on
 * /stellar-key-input or the wallet of /xrp-account-testing (kept in this tab's memory) fills it in; only the
 * address is sent, never a key.
 */
export function LedgerFundCard({ ledger }: { ledger: FundLedger }) {
  const l = LEDGERS[ledger];
  const id = useId();
  const stellarKey = useStellarKey().publicKey;
  const xrplAddress = useXrplWallet().address;
  const mine = ledger === "stellar" ? stellarKey : xrplAddress;
  const [typed, setAccount] = useState<string | null>(null);
  const account = typed ?? mine ?? "";
  const [touched, setTouched] = useState(false);
  const fund = useFundAccount(ledger);
  const trimmed = account.trim();
  const valid = l.pattern.test(trimmed);
  const submit = () => {
    setTouched(true);
    if (!valid) return;
    fund.mutate(trimmed, {
      // The toast says what happened, never more: "funded" only when the faucet funded it.
      onSuccess: (r) =>
        notify({
          variant: r.source === "simulated" ? "simulated" : r.funded || r.alreadyExisted ? "success" : "warning",
          title: fundTitle(l.title, r),
          description: r.reason ?? undefined,
        }),
      onError: (e) => notify({ variant: "error", title: `${l.title}: funding failed`, description: describeError(e) }),
    });
  };
  return (
    <Card variant="outlined" data-testid="ledger-fund-card" data-ledger={ledger} sx={{ height: "100%" }}>
      <CardContent component={Stack} spacing={1.5} sx={{ "&:last-child": { pb: 2 } }}>
        <Typography variant="h6" component="h3">
          {l.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {l.what}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => (e.preventDefault(), submit())}
          sx={{ display: "flex", flexDirection: "column", gap: 1 }}
        >
          <TextField
            id={id}
            size="small"
            label={l.field}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && trimmed !== "" && !valid}
            helperText={touched && trimmed !== "" && !valid ? l.hint : " "}
            slotProps={{
              htmlInput: { spellCheck: false, autoComplete: "off", "data-testid": `${ledger}-account-input` },
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={fund.isPending || trimmed === ""}
            data-testid={`${ledger}-fund-button`}
          >
            {fund.isPending ? "Funding…" : "Fund my account"}
          </Button>
        </Box>
        {mine && typed !== null && typed.trim() !== mine ? (
          <Button
            size="small"
            onClick={() => setAccount(null)}
            sx={{ alignSelf: "flex-start" }}
            data-testid={`${ledger}-use-mine`}
          >
            Use my {ledger === "stellar" ? "connected key" : "wallet"} ({mine.slice(0, 6)}…)
          </Button>
        ) : null}
        {fund.data ? (
          <Notice
            severity={fund.data.source === "simulated" ? "warning" : "success"}
            data-testid={`${ledger}-fund-result`}
          >
            {fund.data.alreadyExisted
              ? "The account already existed"
              : fund.data.funded
                ? `Funded by ${l.source}`
                : "Not funded"}
            {fund.data.source === "simulated"
              ? ` (simulated: ${fund.data.reason ?? "the testnet is unreachable"})`
              : ""}
          </Notice>
        ) : null}
        {fund.isError ? (
          <Notice severity="error" data-testid={`${ledger}-fund-error`}>
            {describeError(fund.error)}
          </Notice>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The toast's title for a funding answer: funded, already there, or (the faucet not reached or refusing) not funded. */
export function fundTitle(ledger: string, r: { funded: boolean; alreadyExisted: boolean; source: string }): string {
  if (r.alreadyExisted) return `${ledger}: the account already existed`;
  if (r.funded && r.source === "live") return `${ledger}: account funded`;
  return r.source === "simulated" ? `${ledger}: not funded (the faucet was not reached)` : `${ledger}: not funded`;
}
