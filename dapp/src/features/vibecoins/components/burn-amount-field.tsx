import type { ReactNode } from "react";
import TextField from "@mui/material/TextField";
import { vibecoinsAmountProblem } from "../constants";

/** The problem with a typed amount (the API's own rule, vibecoinsAmountProblem), capitalised; null when fine or empty. */
export function amountProblem(text: string, decimals: number): string | null {
  const t = text.trim();
  if (t === "") return null;
  const p = vibecoinsAmountProblem(t, decimals);
  return p ? p.charAt(0).toUpperCase() + p.slice(1) : null;
}

/**
 * A token amount typed as decimal text, checked as typed with the same rule the API's schema applies.
 * Not the shared AmountField: that one takes a zod schema, and zod with every feature's schemas would load
 * with this page's forms right after its first paint (hundreds of ms of blocking time).
 */
export function BurnAmountField({
  id,
  label,
  value,
  onChange,
  decimals,
  hint,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  decimals: number;
  hint?: ReactNode;
  testId: string;
}) {
  const problem = amountProblem(value, decimals);
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={problem !== null}
      helperText={problem ?? hint ?? `Up to ${decimals} decimal places`}
      size="small"
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: "decimal", "data-testid": testId },
        formHelperText: { "data-testid": `${testId}-helper`, role: problem ? "alert" : undefined } as object,
      }}
    />
  );
}
