import { useState, type FormEvent } from "react";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { Notice } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { paths } from "../../../config/paths";
import { describeError } from "../../../lib/api-client";
import { useBridgeSummary } from "../api/get-summary";
import { bridgeKey, bridgeMutationKey } from "../api/keys";
import type { BridgeLedger } from "../api/types";
import { useLedgerAccount, useLedgerKeys } from "../hooks/ledger-accounts";
import { BRIDGE_MAX_DECIMALS, parseUnits18 } from "../utils/amount";
import { stellarInboundMemoHex, xrplInboundMemo } from "../utils/memo";
import { LEDGER_NAMES } from "../utils/steps";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { DestinationMode } from "./destination-mode";
import { LedgerChoice } from "./ledger-choice";

const KEY_PAGE = { stellar: paths.stellarKeyInput, xrpl: paths.xrpAccountTesting } as const;

/** The way-back amount: positive, at most 7 decimals, at most the XQB held on that ledger. */
function checkReturnAmount(text: string, held: string | null): { ok: true } | { ok: false; reason: string } {
  const t = text.trim();
  if (!t) return { ok: false, reason: "Enter an amount of XQB" };
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return { ok: false, reason: "Write the amount as a number, e.g. 2.5" };
  if ((m[2] ?? "").length > BRIDGE_MAX_DECIMALS)
    return { ok: false, reason: `At most ${BRIDGE_MAX_DECIMALS} decimals` };
  const units = parseUnits18(t);
  if (!units) return { ok: false, reason: "The amount must be more than 0" };
  const heldUnits = held !== null ? parseUnits18(held) : null;
  if (heldUnits !== null && units > heldUnits)
    return { ok: false, reason: `More than the account holds (${held} XQB)` };
  return { ok: true };
}

/**
 * XQB back to the local chain: pay it to the issuer on Stellar or the XRPL, signed in this page with the
 * key set on the ledger's own page, with the memo naming the connected EVM address; the relayer sees the
 * payment and releases the XQB from the escrow. `onPaid` follows the inbound transfer.
 */
export function WayBackForm({ onPaid }: { onPaid: (transferId: string) => void }) {
  const wallet = useWalletAccount();
  const keys = useLedgerKeys();
  const summary = useBridgeSummary();
  const queryClient = useQueryClient();
  const [ledger, setLedger] = useState<BridgeLedger>("xrpl");
  const [amount, setAmount] = useState("");
  const from = keys[ledger];
  const issuer = summary.data?.issuers[ledger] ?? null;
  const account = useLedgerAccount(ledger, from, issuer);
  const held = account.data?.xqbBalance ?? null;
  const check = checkReturnAmount(amount, held);
  const evm = wallet.address;

  const pay = useMutation({
    mutationKey: [...bridgeMutationKey, "way-back"],
    mutationFn: async () => {
      const { payIssuer } = await import("../hooks/pay-issuer");
      return payIssuer({ ledger, from: from!, issuer: issuer!, amount: amount.trim(), evmAddress: evm! });
    },
    onSuccess: (r) => {
      notify({
        variant: r.source === "simulated" ? "simulated" : "success",
        title: r.source === "simulated" ? "Payment signed offline (simulated)" : "Paid to the issuer",
        description:
          r.source === "simulated"
            ? `${LEDGER_NAMES[ledger]} is simulated: ${r.reason ?? "unreachable"}`
            : `${amount.trim()} XQB on ${LEDGER_NAMES[ledger]}: the relayer releases it`,
      });
      setAmount("");
      void queryClient.invalidateQueries({ queryKey: bridgeKey });
      onPaid(r.transferId);
    },
    onError: (e) => notify({ variant: "error", title: "The payment was not sent", description: describeError(e) }),
  });

  // Why the payment waits, said beside its button; null when it can be signed (one condition for both).
  const reason = !evm
    ? "Connect a wallet: the memo names the address the XQB is released to"
    : !from
      ? `Set a ${LEDGER_NAMES[ledger]} key first`
      : !check.ok
        ? check.reason
        : !issuer
          ? "Reading the bridge's issuer…"
          : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason === null && !pay.isPending) pay.mutate();
  };

  const keyPage = KEY_PAGE[ledger];
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      noValidate
      data-testid="way-back-form"
      aria-label="Bring XQB back to the local chain"
    >
      <Typography variant="body2" color="text.secondary">
        Pay XQB back to the issuer on Stellar or the XRPL with a memo naming your EVM address; the relayer sees the
        payment and releases the same amount from the escrow to you. Signed here with your own key: the key never leaves
        this browser.
      </Typography>
      <LedgerChoice value={ledger} onChange={setLedger} label="Pay from" disabled={pay.isPending} />
      <DestinationMode ledgers={[ledger]} summary={summary.data} testId="way-back-mode" way="back" />
      {!evm ? (
        <Notice severity="info" role="status" data-testid="way-back-connect">
          Connect a wallet: the memo names the EVM address the XQB is released to.
        </Notice>
      ) : null}
      {from ? (
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }} data-testid="way-back-from">
          From your {LEDGER_NAMES[ledger]} account {from}
          {held !== null ? ` (holds ${held} XQB)` : ""}
        </Typography>
      ) : (
        <Notice severity="info" role="status" data-testid="way-back-no-key">
          No {LEDGER_NAMES[ledger]} key in this browser yet: set one on{" "}
          <Link component={RouterLink} to={keyPage.path}>
            {keyPage.title}
          </Link>
          , then come back (it stays in this tab's memory only).
        </Notice>
      )}
      <AmountField
        id="way-back-amount"
        label="Amount"
        unit="XQB"
        step={1}
        value={amount}
        onChange={setAmount}
        schema={textRule((t) => {
          const c = checkReturnAmount(t, held);
          return c.ok ? null : c.reason;
        })}
        schemaInput="text"
        inputTestId="way-back-amount"
        hint={`At most ${BRIDGE_MAX_DECIMALS} decimals`}
      />
      {evm ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: "anywhere", fontFamily: "monospace" }}
          data-testid="way-back-memo"
        >
          {ledger === "stellar"
            ? `MEMO_HASH ${stellarInboundMemoHex(evm)} (12 zero bytes + ${evm})`
            : `Memo type “evm-address”, data “${evm}” (hex ${xrplInboundMemo(evm).Memo.MemoData})`}
        </Typography>
      ) : null}
      <ActionButton
        label="Sign and pay the issuer"
        pendingLabel="Signing and sending…"
        pending={pay.isPending}
        busy={false}
        reason={reason}
        testId="way-back-submit"
      />
      {pay.error ? (
        <Notice severity="error" data-testid="way-back-error">
          {describeError(pay.error)}
        </Notice>
      ) : null}
    </Stack>
  );
}
