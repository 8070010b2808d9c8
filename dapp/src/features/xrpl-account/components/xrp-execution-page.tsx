import { useState } from "react";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Notice } from "../../../components/notice";
import { PageShell } from "../../../components/page-shell";
import { notify } from "../../../components/toast";
import { paths } from "../../../config/paths";
import { describeError } from "../../../lib/api-client";
import { useXrplAccount, useXrplNetwork } from "../../../lib/xrpl/xrpl-api";
import { SourceBadge } from "../../../components/source-badge";
import { buildXrplPayment } from "../../../lib/xrpl/xrpl-build";
import { useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";
import { xrplFeeText } from "../utils/fee-text";
import { useReliableSubmit, type ReliableSubmitResult } from "../hooks/use-reliable-submit";
import type { PaymentInput } from "./payment-form";

interface SentPayment {
  input: PaymentInput;
  result: ReliableSubmitResult;
}

// The form parts (MUI TextField and its menus) load after the first paint: the page shows the ledger first.
// Their placeholders take the parts' measured heights (phone and desktop), so nothing below moves when they arrive.
const WalletPanel = lazyPart(() => import("./wallet-panel").then((m) => m.WalletPanel), {
  name: "Wallet",
  fallback: <PartLoading minHeight={{ xs: 207, sm: 134 }} />,
});
const PaymentForm = lazyPart(() => import("./payment-form").then((m) => m.PaymentForm), {
  name: "The payment form",
  fallback: <PartLoading minHeight={{ xs: 419, sm: 324 }} />,
});
const SubmitResult = lazyPart(() => import("./submit-result").then((m) => m.SubmitResult), {
  name: "The payment result",
  fallback: <PartLoading minHeight={80} />,
});

// The network line's height with the offline answer (the badge, then the sentence), phone and from 600 px.
const NETWORK_MODE_HEIGHT = { xs: 92, sm: 56 } as const;

/** /real-testnet-xrp-execution: XRP payments signed in the page, relayed the reliable way, results in words. */
export function XrpExecutionPage() {
  const wallet = useXrplWallet();
  const account = useXrplAccount(wallet.address);
  // The ledger's mode before anything is signed: live submits, simulated signs offline and never submits.
  const network = useXrplNetwork();
  const submit = useReliableSubmit(wallet.address);
  // This session's payments, newest first (memory only, as the wallet).
  const [history, setHistory] = useState<SentPayment[]>([]);

  const send = (input: PaymentInput) =>
    submit.mutate(
      (f) =>
        buildXrplPayment({
          account: wallet.address!,
          destination: input.destination,
          amount: { xrp: input.amountXrp },
          destinationTag: input.destinationTag,
          memo: input.memo !== undefined ? { type: "text/plain", data: input.memo } : undefined,
          ...f,
        }),
      {
        onSuccess: (result) => {
          setHistory((h) => [{ input, result }, ...h]);
          notify({
            variant:
              result.source === "simulated"
                ? "simulated"
                : result.succeeded
                  ? "success"
                  : result.status === "pending"
                    ? "warning"
                    : "error",
            title: result.succeeded
              ? `Payment validated in ledger ${result.ledgerIndex}`
              : result.status === "not-submitted"
                ? "Payment signed offline, not submitted"
                : `Payment ${result.status}${result.engineResult ? `: ${result.engineResult}` : ""}`,
            description: result.engineResultText,
          });
        },
        onError: (e) => notify({ variant: "error", title: "Payment not sent", description: describeError(e) }),
      },
    );

  return (
    <PageShell
      testId="xrp-execution-page"
      title={paths.realTestnetXrpExecution.title}
      subtitle="XRP payments on the XRPL testnet, signed in your browser and submitted the reliable way: a LastLedgerSequence, then the wait for validation or expiry."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Wallet
        </Typography>
        {/* Its least height is the offline answer's (measured), so the wallet below does not move when it comes. */}
        <Stack
          direction="row"
          sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1, minHeight: NETWORK_MODE_HEIGHT }}
          data-testid="xrpl-network-mode"
          data-source={network.data?.source}
          aria-busy={!network.data}
        >
          <Typography variant="body2">XRPL testnet</Typography>
          {network.data ? (
            <>
              <SourceBadge source={network.data.source} reason={network.data.reason} />
              <Typography variant="body2" color="text.secondary">
                {network.data.source === "live"
                  ? `validated ledger ${network.data.ledger?.validatedLedger ?? "unknown"}, ${xrplFeeText(network.data.fee)}`
                  : `Payments are signed here and shown, never submitted; ${xrplFeeText(network.data.fee)}`}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Reading the ledger…
            </Typography>
          )}
        </Stack>
        <WalletPanel />
        {account.data?.account && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="xrpl-payer-balance">
            Balance {account.data.account.balanceXrp} XRP · spendable {account.data.account.spendableXrp} XRP (reserve{" "}
            {account.data.account.reserves.totalXrp} XRP, from the ledger)
          </Typography>
        )}
        {account.data?.exists === false && (
          <Notice severity="info" sx={{ mt: 1 }}>
            This account is not on the ledger yet: fund it on the {paths.xrpAccountTesting.title} page.
          </Notice>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Send a payment
        </Typography>
        <PaymentForm self={wallet.address} busy={submit.isPending} onSend={send} />
        {submit.isError && (
          <Notice severity="error" sx={{ mt: 2 }} data-testid="xrpl-payment-error">
            {describeError(submit.error)}
          </Notice>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="xrpl-history">
        <Typography variant="h6" component="h2" gutterBottom>
          This session's payments
        </Typography>
        {history.length === 0 ? (
          <Typography color="text.secondary">None yet: they appear here as they are sent.</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
            {history.map((p) => (
              <SubmitResult
                key={p.result.transactionHash}
                r={p.result}
                label={`${p.input.amountXrp} XRP to ${p.input.destination}${p.input.destinationTag !== undefined ? ` (tag ${p.input.destinationTag})` : ""}`}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </PageShell>
  );
}
