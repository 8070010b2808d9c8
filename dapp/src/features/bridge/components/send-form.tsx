import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useConfig, useConnection, useReadContract } from "wagmi";
import { Link as RouterLink } from "react-router-dom";
import Link from "@mui/material/Link";
import { Notice } from "../../../components/notice";
import type { TxPreviewRow } from "../../../components/transaction-flow";
import { paths } from "../../../config/paths";
import { deployments } from "../../../lib/contracts";
import { describeTxError } from "../../../lib/tx-errors";
import { useBridgeSummary } from "../api/get-summary";
import type { BridgeLedger } from "../api/types";
import { useLedgerAccount, useLedgerKeys } from "../hooks/ledger-accounts";
import { BRIDGE_CHAIN_ID, useLockFlow } from "../hooks/use-lock-flow";
import { checkDestination } from "../utils/address";
import { BRIDGE_MAX_DECIMALS, checkBridgeAmount } from "../utils/amount";
import { checkMemo, MAX_MEMO_BYTES, memoBytes } from "../utils/memo";
import { LEDGER_NAMES } from "../utils/steps";
import { durationInWords } from "../../../lib/time";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { DestinationMode } from "./destination-mode";
import { LedgerChoice } from "./ledger-choice";
import { TrustLineStatus } from "./trust-line-status";

const TransactionFlowDialog = lazy(() =>
  import("../../../components/transaction-flow/transaction-flow-dialog").then((m) => ({
    default: m.TransactionFlowDialog,
  })),
);

/**
 * Step 1-4 of a transfer (destination ledger, address, amount, memo), each checked as it is typed; then
 * approve + lock in the wallet (shared transaction flow). The lock's id goes to `onLocked`, which follows it.
 */
export function SendForm({ onLocked }: { onLocked: (lockId: string) => void }) {
  const config = useConfig();
  const { address: account, status } = useConnection();
  const keys = useLedgerKeys();
  const summary = useBridgeSummary();
  const [ledger, setLedger] = useState<BridgeLedger>("xrpl");
  const [destination, setDestination] = useState("");
  const [touched, setTouched] = useState(false);
  const [amount, setAmount] = useState("");
  const [memo, setMemo] = useState("");
  const [startError, setStartError] = useState<string | null>(null);
  const { flow, start } = useLockFlow((lockId) => {
    // Locked: the form is ready for the next transfer (same ledger and address), the page follows this one.
    setAmount("");
    setMemo("");
    onLocked(lockId);
  });

  // Prefilled with the user's own key / wallet on that ledger, while the field is untouched.
  const own = keys[ledger];
  useEffect(() => {
    if (!touched) setDestination(own ?? "");
  }, [own, touched, ledger]);

  const map = deployments[BRIDGE_CHAIN_ID];
  const balance = useReadContract({
    address: map.XQBToken.address,
    abi: map.XQBToken.abi,
    functionName: "balanceOf",
    args: account ? [account] : undefined,
    chainId: BRIDGE_CHAIN_ID,
    query: { enabled: Boolean(account), refetchInterval: 10_000 },
  });

  const dest = checkDestination(ledger, destination);
  const amountCheck = checkBridgeAmount(amount, balance.data);
  // The field's rule is the bridge's own (7 decimals, the wallet's balance), said as typed.
  const amountRule = textRule((t) => {
    const c = checkBridgeAmount(t, balance.data);
    return c.ok ? null : c.reason;
  });
  const memoCheck = checkMemo(memo);
  const issuer = summary.data?.issuers[ledger] ?? null;
  const destAccount = useLedgerAccount(ledger, dest.ok ? destination.trim() : null, issuer);
  const deadline = summary.data?.rules.deadlineSeconds;
  // Why Review and lock waits, said beside it: the first field that is not ready, in the form's order.
  const reason = !dest.ok
    ? destination.trim() === ""
      ? `Enter the ${LEDGER_NAMES[ledger]} address to deliver to`
      : dest.reason
    : !amountCheck.ok
      ? amountCheck.reason
      : !memoCheck.ok
        ? memoCheck.reason
        : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason !== null || flow.busy || !amountCheck.ok || !account) return;
    const to = destination.trim();
    const preview: TxPreviewRow[] = [
      { label: "You lock", value: `${amount.trim()} XQB`, testId: "preview-amount" },
      { label: "Delivered on", value: LEDGER_NAMES[ledger] },
      { label: "To", value: to, testId: "preview-destination" },
      { label: "Memo", value: memo ? `“${memo}” (${memoBytes(memo)} bytes)` : "none" },
      { label: "Issuer there", value: issuer ?? "unknown" },
      {
        label: "If not delivered",
        value: deadline ? `refunded to you after ${durationInWords(deadline)}` : "refunded to you after the deadline",
      },
    ];
    setStartError(null);
    start(
      { ledger, destination: to, amount: amountCheck.units, amountText: amount.trim(), memo, preview },
      account,
      config,
    ).catch((error: unknown) => setStartError(describeTxError(error, { contract: "BridgeEscrow" }).message));
  };

  if (status !== "connected" || !account) {
    return (
      <Notice severity="info" role="status" data-testid="connect-to-bridge">
        Connect a wallet to lock XQB: the lock is signed in your wallet, never by the API. No XQB yet? The{" "}
        <Link component={RouterLink} to={paths.testnetXqbFaucet.path} data-testid="bridge-faucet-link">
          {paths.testnetXqbFaucet.title}
        </Link>{" "}
        gives XQB to a signed-in wallet on this chain, once a day; or mint XQB with ETH on{" "}
        <Link component={RouterLink} to={paths.multiBlockchainMinting.path}>
          {paths.multiBlockchainMinting.title}
        </Link>
        .
      </Notice>
    );
  }

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      noValidate
      data-testid="send-form"
      aria-label="Send XQB to another ledger"
    >
      <LedgerChoice
        value={ledger}
        onChange={(l) => {
          setLedger(l);
          setTouched(false);
        }}
        label="1. Destination ledger"
        disabled={flow.busy}
      />
      <TextField
        id="bridge-destination"
        label={`2. ${ledger === "stellar" ? "Stellar account id (G…)" : "XRPL address (r…)"}`}
        value={destination}
        onChange={(e) => {
          setTouched(true);
          setDestination(e.target.value);
        }}
        error={destination.length > 0 && !dest.ok}
        helperText={
          destination.length > 0 && !dest.ok
            ? dest.reason
            : own && destination.trim() === own
              ? `Your ${LEDGER_NAMES[ledger]} ${ledger === "stellar" ? "key" : "wallet"}`
              : "Checked for shape and checksum as you type"
        }
        slotProps={{ htmlInput: { "data-testid": "destination-input", spellCheck: false, autoComplete: "off" } }}
        fullWidth
      />
      <DestinationMode ledgers={[ledger]} summary={summary.data} />
      {dest.ok ? (
        <TrustLineStatus ledger={ledger} account={destAccount.data} loading={destAccount.isPending} issuer={issuer} />
      ) : null}
      <AmountField
        id="bridge-amount"
        label="3. Amount"
        unit="XQB"
        step={1}
        value={amount}
        onChange={setAmount}
        schema={amountRule}
        schemaInput="text"
        balance={balance.data !== undefined ? { raw: balance.data, decimals: 18 } : undefined}
        inputTestId="amount-input"
        hint={`At most ${BRIDGE_MAX_DECIMALS} decimals${balance.data === undefined ? " · wallet balance …" : ""}`}
      />
      <TextField
        id="bridge-memo"
        label="4. Memo (optional)"
        value={memo}
        onChange={(e) => setMemo(e.target.value)}
        error={!memoCheck.ok}
        helperText={
          memoCheck.ok
            ? `${memoBytes(memo)} / ${MAX_MEMO_BYTES} bytes · carried with the payment (e.g. an exchange's memo or tag)`
            : memoCheck.reason
        }
        slotProps={{ htmlInput: { "data-testid": "memo-input", autoComplete: "off" } }}
        fullWidth
      />
      {balance.data === 0n ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-xqb">
          Your wallet holds no XQB: mint some on{" "}
          <Link component={RouterLink} to={paths.multiBlockchainMinting.path}>
            {paths.multiBlockchainMinting.title}
          </Link>
          .
        </Typography>
      ) : null}
      {startError ? (
        <Notice severity="error" data-testid="send-error">
          {startError}
        </Notice>
      ) : null}
      <ActionButton
        label="Review and lock"
        pendingLabel="Locking…"
        pending={flow.busy}
        busy={false}
        reason={reason}
        testId="bridge-submit"
      />
      {flow.busy && !flow.state.open ? (
        <Button variant="text" onClick={flow.reopen} data-testid="tx-reopen" sx={{ alignSelf: "flex-start" }}>
          Your lock is in progress: show the transaction
        </Button>
      ) : null}
      {flow.state.request ? (
        <Suspense fallback={null}>
          <TransactionFlowDialog flow={flow} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
