import type { FormEvent } from "react";
import Stack from "@mui/material/Stack";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import type { Gate } from "../../../components/session/use-access";
import { STELLAR_FIELD_LIMITS, paymentProblem, xlmAmountProblem } from "../utils/stellar-rules";
import { MemoField } from "./memo-field";

const amountRule = textRule(xlmAmountProblem);

/**
 * A Stellar test payment's amount (step 1, as the spec's Stellar input) and memo, each checked as typed with the
 * API's rule, and its button: disabled with the reason beside it while either is refused or no wallet is signed in.
 */
export function StellarForm({
  idPrefix,
  amount,
  memo,
  onAmount,
  onMemo,
  onSend,
  pending,
  busy = false,
  gate,
  label,
}: {
  idPrefix: string;
  amount: string;
  memo: string;
  onAmount: (amount: string) => void;
  onMemo: (memo: string) => void;
  onSend: () => void;
  pending: boolean;
  busy?: boolean;
  gate: Gate;
  label: string;
}) {
  const reason = paymentProblem(amount, memo);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === null && gate.allowed && !pending && !busy) onSend();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="stellar-form">
      <AmountField
        id={`${idPrefix}-amount`}
        label="Amount"
        unit="XLM"
        step={1}
        value={amount}
        onChange={onAmount}
        schema={amountRule}
        schemaInput="text"
        limits={STELLAR_FIELD_LIMITS}
        inputTestId="stellar-amount-input"
        hint="paid from our testnet account to our recipient"
      />
      <MemoField id={`${idPrefix}-memo`} value={memo} onChange={onMemo} />
      <ActionButton
        label={label}
        pendingLabel="Sending…"
        pending={pending}
        busy={busy}
        reason={reason}
        gate={gate}
        testId="stellar-send-button"
      />
    </Stack>
  );
}
