// The account's actions, loaded after the page's first paint (lazyPart): friendbot, the VIBE and XQB
// trustlines, and a payment. Each transaction is built and signed in this page (the SDK loads with the
// first one) and only the signed envelope goes to POST /api/stellar/submit.
import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Notice, NoticeTitle } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { describeError } from "../../../lib/api-client";
import {
  getStellarAccount,
  getStellarNetwork,
  useFundStellarAccount,
  useStellarNetwork,
  useSubmitStellarXdr,
} from "../../../lib/stellar/stellar-api";
import { signStellarXdr } from "../../../lib/stellar/stellar-key";
import type { StellarNetworkResponse, StellarSubmitResponse } from "../api/contract";
import { STELLAR_MEMO_TEXT_MAX_BYTES } from "../constants";
import { amountError, destinationError, memoError, utf8Bytes } from "../utils/payment-input";
import { ActionButton, AmountField, textRule } from "../../../components/form";

/** Stellar's amount rule (7 decimals, more than 0), checked as typed. */
const AMOUNT_RULE = textRule(amountError);
import { toast } from "../utils/toasts";

type AssetChoice = "XLM" | "VIBE" | "XQB";

function ResultView({ what, r, xdr }: { what: string; r: StellarSubmitResponse; xdr: string }) {
  return (
    <Notice
      severity={r.source === "live" ? "success" : "warning"}
      data-testid="submit-result"
      data-source={r.source}
      role="status"
    >
      <NoticeTitle>
        {what}:{" "}
        {r.source === "live"
          ? r.ledger !== null
            ? `in ledger ${r.ledger}`
            : "accepted, not closed yet"
          : "simulated, not submitted"}
      </NoticeTitle>
      <Stack spacing={0.5}>
        <Box>
          <SourceBadge source={r.source} reason={r.reason} />
        </Box>
        <TxHash value={r.transactionHash} explorerUrl={r.explorerUrl} testId="submit-hash" />
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
          <Typography variant="caption" sx={{ fontFamily: "monospace", minWidth: 0 }} data-testid="submit-xdr">
            Signed XDR {xdr.slice(0, 16)}…{xdr.slice(-8)} ({xdr.length} characters, base64)
          </Typography>
          <CopyButton value={xdr} what="signed transaction XDR" />
        </Box>
        {r.ledger !== null ? (
          <Typography variant="body2" data-testid="submit-ledger">
            Ledger {r.ledger}
          </Typography>
        ) : null}
        {r.source === "simulated" ? (
          <Typography variant="body2" data-testid="submit-reason">
            Why simulated: {r.reason ?? "Stellar unreachable"}.{" "}
            {r.assumptions.map((a) => `${a[0]?.toUpperCase() ?? ""}${a.slice(1)}.`).join(" ")}
          </Typography>
        ) : null}
      </Stack>
    </Notice>
  );
}

export function ActionsPanel({ publicKey }: { publicKey: string }) {
  const network = useStellarNetwork();
  const fund = useFundStellarAccount();
  const submit = useSubmitStellarXdr();
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<{ what: string; r: StellarSubmitResponse; xdr: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dest, setDest] = useState("");
  const [asset, setAsset] = useState<AssetChoice>("XLM");
  const [amount, setAmount] = useState("");
  const [memo, setMemo] = useState("");
  const [touched, setTouched] = useState(false);

  /** Builds with the account's current sequence (read again now), signs here, relays the envelope. */
  async function signAndSubmit(
    what: string,
    build: (
      b: typeof import("../../../lib/stellar/stellar-build"),
      n: StellarNetworkResponse,
      sequence: string,
    ) => string,
  ) {
    setBusy(what);
    setError(null);
    try {
      const n: StellarNetworkResponse = network.data ?? (await getStellarNetwork());
      const account = await getStellarAccount(publicKey);
      const builders = await import("../../../lib/stellar/stellar-build");
      // Simulated and never read: the sequence is unknown; the envelope takes 1 and the result says so.
      const unsigned = build(builders, n, account.sequence ?? "0");
      const signed = await signStellarXdr(unsigned, n.networkPassphrase);
      const r = await submit.mutateAsync(signed);
      setLast({ what, r, xdr: signed });
      toast(
        r.source === "live"
          ? {
              variant: "success",
              title: `${what}: done`,
              description: r.ledger !== null ? `Ledger ${r.ledger}` : "Accepted by Horizon",
            }
          : { variant: "simulated", title: `${what}: simulated`, description: r.reason ?? undefined },
      );
    } catch (err) {
      const message = describeError(err);
      setError(`${what}: ${message}`);
      toast({ variant: "error", title: `${what} failed`, description: message });
    } finally {
      setBusy(null);
    }
  }

  const trust = (code: "VIBE" | "XQB") =>
    signAndSubmit(`${code} trustline`, (b, n, sequence) =>
      b.buildChangeTrust({
        source: publicKey,
        sequence,
        asset: { code, issuer: n.assets[code].issuer },
        networkPassphrase: n.networkPassphrase,
        baseFee: n.baseFeeStroops,
      }),
    );

  const errors = { dest: destinationError(dest), amount: amountError(amount), memo: memoError(memo) };
  const valid = !errors.dest && !errors.amount && !errors.memo;
  const pay = () =>
    signAndSubmit("Payment", (b, n, sequence) =>
      b.buildStellarPayment({
        source: publicKey,
        sequence,
        destination: dest,
        asset: asset === "XLM" ? "native" : { code: asset, issuer: n.assets[asset].issuer },
        amount,
        ...(memo ? { memo: { type: "text" as const, value: memo } } : {}),
        networkPassphrase: n.networkPassphrase,
        baseFee: n.baseFeeStroops,
      }),
    );

  const bytes = utf8Bytes(memo);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="actions-panel">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Actions
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button
            variant="outlined"
            disabled={fund.isPending}
            data-testid="fund-friendbot"
            onClick={() =>
              fund.mutate(publicKey, {
                onSuccess: (r) =>
                  toast({
                    variant: r.source === "live" ? (r.funded ? "success" : "info") : "simulated",
                    title: r.funded ? "Funded by friendbot" : "Not funded",
                    description: r.message,
                  }),
                onError: (e) => toast({ variant: "error", title: "Friendbot failed", description: describeError(e) }),
              })
            }
          >
            {fund.isPending ? "Asking friendbot…" : "Fund with friendbot"}
          </Button>
          <Button
            variant="outlined"
            disabled={busy !== null}
            onClick={() => void trust("VIBE")}
            data-testid="trust-VIBE"
          >
            {busy === "VIBE trustline" ? "Signing…" : "Add VIBE trustline"}
          </Button>
          <Button variant="outlined" disabled={busy !== null} onClick={() => void trust("XQB")} data-testid="trust-XQB">
            {busy === "XQB trustline" ? "Signing…" : "Add XQB trustline"}
          </Button>
        </Stack>
        {fund.data ? (
          <Typography variant="body2" data-testid="fund-result">
            <SourceBadge source={fund.data.source} reason={fund.data.reason} /> {fund.data.message}
          </Typography>
        ) : null}

        <Box
          component="form"
          noValidate
          aria-label="Send a payment"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (valid) void pay();
          }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Send a payment
          </Typography>
          <Stack spacing={1.5}>
            <TextField
              label="Destination (G…)"
              value={dest}
              onChange={(e) => setDest(e.target.value.trim())}
              error={(touched || dest !== "") && !!errors.dest}
              helperText={(touched || dest !== "") && errors.dest ? errors.dest : " "}
              slotProps={{ htmlInput: { "data-testid": "pay-destination", spellCheck: false } }}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
              <TextField
                select
                label="Asset"
                value={asset}
                onChange={(e) => setAsset(e.target.value as AssetChoice)}
                sx={{ minWidth: 120 }}
                slotProps={{ htmlInput: { "data-testid": "pay-asset" } }}
              >
                <MenuItem value="XLM">XLM</MenuItem>
                <MenuItem value="VIBE">VIBE</MenuItem>
                <MenuItem value="XQB">XQB</MenuItem>
              </TextField>
              <AmountField
                id="pay-amount"
                label="Amount"
                unit={asset}
                step={0.0000001}
                value={amount}
                onChange={(v) => setAmount(v.trim())}
                schema={AMOUNT_RULE}
                schemaInput="text"
                inputTestId="pay-amount"
                hint="Up to 7 decimals"
              />
            </Stack>
            <TextField
              label="Memo (text)"
              value={memo}
              onChange={(e) => setMemo(e.target.value)}
              error={!!errors.memo}
              helperText={
                <span data-testid="memo-counter">
                  {bytes} / {STELLAR_MEMO_TEXT_MAX_BYTES} bytes{errors.memo ? ` — ${errors.memo}` : ""}
                </span>
              }
              slotProps={{ htmlInput: { "data-testid": "pay-memo" } }}
            />
            <ActionButton
              label="Sign and send"
              pendingLabel="Signing and sending…"
              pending={busy === "Payment"}
              busy={busy !== null && busy !== "Payment"}
              reason={errors.dest ?? errors.amount ?? errors.memo ?? null}
              testId="pay-submit"
            />
          </Stack>
        </Box>

        {error ? (
          <Notice severity="error" data-testid="submit-error">
            {error}
          </Notice>
        ) : null}
        {last ? <ResultView what={last.what} r={last.r} xdr={last.xdr} /> : null}
      </Stack>
    </Paper>
  );
}
