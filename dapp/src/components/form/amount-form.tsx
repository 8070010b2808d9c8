import { useId, useRef, type FormEvent, type ReactNode } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { z } from "zod";
import { AmountField } from "./amount-field";
import { validateAmount, type AmountLimits, type AmountSchemaInput } from "./validate-amount";

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
  schema: z.ZodType;
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
};

/** Why the button is disabled, said beside it; null when it is enabled (or a run is under way, which it shows). */
export function amountActionReason(
  check: { amount: number | null; error: string | null },
  text: string,
  unit: string,
  blockedReason: string | null | undefined,
): string | null {
  if (blockedReason) return blockedReason;
  if (text.trim() === "") return `Enter an amount of ${unit}`;
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
  } = props;
  const form = useRef<HTMLFormElement>(null);
  const reasonId = useId();
  const check = validateAmount(value, schema, unit, limits, false, schemaInput);
  const reason = amountActionReason(check, value, unit, blockedReason);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || reason !== null || check.amount === null) {
      form.current?.querySelector<HTMLInputElement>(`#${id}`)?.focus();
      return;
    }
    onSubmit(check.amount);
  };
  return (
    <Stack component="form" ref={form} noValidate onSubmit={handleSubmit} spacing={1}>
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
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          data-testid={buttonTestId}
          disabled={busy || reason !== null}
          aria-describedby={reason !== null && !pending ? reasonId : undefined}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {pending ? pendingLabel : buttonLabel}
        </Button>
        {reason !== null && !pending ? (
          <Typography id={reasonId} variant="body2" color="text.secondary" data-testid={`${buttonTestId}-reason`}>
            {reason}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
