import { useRef, type FormEvent, type ReactNode } from "react";
import Stack from "@mui/material/Stack";
import type { Gate } from "../session/use-access";
import { ActionButton } from "./action-button";
import { AmountField } from "./amount-field";
import { validateAmount, type AmountLimits, type AmountRule, type AmountSchemaInput } from "./validate-amount";

export type AmountFormProps = {
  id: string;
  label: string;
  unit: string;
  step: number;
  value: string;
  onChange: (value: string) => void;
  /** Called with the amount only when the schema accepts it. */
  onSubmit: (amount: number) => void;
  /** The API's schema for this amount, and its limits (shown before the click). */
  schema: AmountRule;
  schemaInput?: AmountSchemaInput;
  limits?: AmountLimits;
  balance?: { raw: bigint; decimals: number };
  reserve?: bigint;
  /** Another action of the page runs: this one waits. */
  busy: boolean;
  /** This action runs. */
  pending: boolean;
  buttonLabel: string;
  pendingLabel: string;
  inputTestId: string;
  buttonTestId: string;
  hint?: ReactNode;
  /** Why the action is not allowed yet whatever the amount (sign in first, the next reward's time), or null. */
  blockedReason?: string | null;
  /** The action's access rule (useGate): the button waits until it admits the caller, and its note shows below. */
  gate?: Gate;
  placeholder?: string;
  /** Shown between the field and the button (a disclosure the user reads before acting). */
  beforeAction?: ReactNode;
  /** Beside the button (Cancel). */
  secondaryAction?: ReactNode;
  /** The form's own test id. */
  testId?: string;
  /** Said beside the button while the field is empty (default "Enter an amount of <unit>"). */
  emptyReason?: string;
  /** "warning" for an action that destroys (a burn). */
  buttonColor?: "primary" | "warning" | "error";
};

/** Why the button is disabled, said beside it; null when it is enabled (or a run is under way, which it shows). */
export function amountActionReason(
  check: { amount: number | null; error: string | null },
  text: string,
  unit: string,
  blockedReason: string | null | undefined,
  emptyReason?: string,
): string | null {
  if (blockedReason) return blockedReason;
  if (text.trim() === "") return emptyReason ?? `Enter an amount of ${unit}`;
  if (check.error) return check.error;
  return null;
}

/**
 * The one amount form: the input checked as the user types with the API's schema, its limits shown before the
 * click, and its action button, disabled while the amount is empty or refused or the action is not allowed yet,
 * with the reason beside it (and named by it to assistive technology). Nothing is sent for a refused amount.
 */
export function AmountForm(props: AmountFormProps) {
  const {
    id,
    label,
    unit,
    step,
    value,
    onChange,
    onSubmit,
    schema,
    schemaInput,
    limits,
    balance,
    reserve,
    busy,
    pending,
    buttonLabel,
    pendingLabel,
    inputTestId,
    buttonTestId,
    hint,
    blockedReason,
    gate,
    placeholder,
    beforeAction,
    secondaryAction,
    testId,
    emptyReason,
    buttonColor = "primary",
  } = props;
  const form = useRef<HTMLFormElement>(null);
  const admitted = gate ? gate.allowed : true;
  const check = validateAmount(value, schema, unit, limits, false, schemaInput);
  const reason = amountActionReason(check, value, unit, blockedReason, emptyReason);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !admitted || reason !== null || check.amount === null) {
      form.current?.querySelector<HTMLInputElement>(`#${id}`)?.focus();
      return;
    }
    onSubmit(check.amount);
  };
  return (
    <Stack component="form" ref={form} noValidate onSubmit={handleSubmit} spacing={1} data-testid={testId}>
      <AmountField
        id={id}
        label={label}
        unit={unit}
        value={value}
        onChange={onChange}
        schema={schema}
        schemaInput={schemaInput}
        limits={limits}
        step={step}
        balance={balance}
        reserve={reserve}
        inputTestId={inputTestId}
        hint={hint}
        placeholder={placeholder}
      />
      {beforeAction}
      <ActionButton
        label={buttonLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        busy={busy}
        reason={reason}
        gate={gate}
        testId={buttonTestId}
        color={buttonColor}
        secondaryAction={secondaryAction}
      />
    </Stack>
  );
}
