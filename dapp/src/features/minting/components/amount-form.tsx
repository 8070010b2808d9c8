import { useRef, type FormEvent, type ReactNode } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import type { z } from "zod";
import { AmountField, validateAmount, type AmountLimits } from "../../../components/form";

type AmountFormProps = {
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
  limits: AmountLimits;
  balance?: { raw: bigint; decimals: number };
  reserve?: bigint;
  busy: boolean;
  pending: boolean;
  buttonLabel: string;
  pendingLabel: string;
  inputTestId: string;
  buttonTestId: string;
  hint?: ReactNode;
};

/**
 * One amount input and its action button. The input is checked as the user types with the API's schema;
 * the button is disabled while the amount is empty or any mint runs (spec part 1 §4-5), and a click on a
 * refused amount sends nothing: the message is already under the field, and focus goes back to it.
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
  } = props;
  const form = useRef<HTMLFormElement>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { amount } = validateAmount(value, schema, unit, limits);
    if (amount === null) {
      form.current?.querySelector<HTMLInputElement>(`#${id}`)?.focus();
      return;
    }
    onSubmit(amount);
  };
  return (
    <Stack component="form" ref={form} noValidate onSubmit={handleSubmit} spacing={2}>
      <AmountField
        id={id}
        label={label}
        unit={unit}
        value={value}
        onChange={onChange}
        schema={schema}
        limits={limits}
        step={step}
        balance={balance}
        reserve={reserve}
        inputTestId={inputTestId}
        hint={hint}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        data-testid={buttonTestId}
        disabled={value === "" || busy}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {pending ? pendingLabel : buttonLabel}
      </Button>
    </Stack>
  );
}
