import type { ChangeEvent, ReactNode } from "react";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { formatUnits } from "viem";
import { truncateDecimals } from "../../lib/format";
import {
  limitsText,
  validateAmount,
  type AmountLimits,
  type AmountRule,
  type AmountSchemaInput,
} from "./validate-amount";

export type AmountFieldProps = {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's schema for this amount (e.g. `ethMintRequest.shape.ethAmount`): one rule, both sides. */
  schema: AmountRule;
  /**
   * "text" when the schema takes the amount as decimal text (e.g. real-staking's `stakeAmountSchema`);
   * "grouped-text" when it takes the typed text with thousands separators (a text input, not a number one).
   */
  schemaInput?: AmountSchemaInput;
  /** Shown in the empty field (e.g. the recommended amount). */
  placeholder?: string;
  /** Shown under the field before any click; the schema enforces them. */
  limits?: AmountLimits;
  step: number;
  /** The spendable balance in the unit's smallest part (wei); gives a Max button. */
  balance?: { raw: bigint; decimals: number };
  /** Kept back from the balance by Max: gas for ETH. */
  reserve?: bigint;
  disabled?: boolean;
  inputTestId?: string;
  /** Extra text under the field when there is no error (e.g. what the amount buys). */
  hint?: ReactNode;
};

/**
 * An amount input validated as the user types by the API's own zod schema: the limits are shown before
 * the click and the server's message appears while typing (0.00001, 50000 and -1 each get theirs).
 */
export function AmountField({
  id,
  label,
  unit,
  value,
  onChange,
  schema,
  schemaInput,
  placeholder,
  limits,
  step,
  balance,
  reserve = 0n,
  disabled,
  inputTestId,
  hint,
}: AmountFieldProps) {
  const { error } = validateAmount(value, schema, unit, limits, false, schemaInput);
  const maxRaw = balance ? maxSpendable(balance.raw, reserve, limits, balance.decimals) : null;
  const helper = error ?? (
    <>
      {limits ? limitsText(limits, unit) : null}
      {balance
        ? `${limits ? " · balance" : "Balance"} ${truncateDecimals(formatUnits(balance.raw, balance.decimals), 4)} ${unit}${reserve > 0n ? ` (Max keeps ${formatUnits(reserve, balance.decimals)} ${unit} for gas)` : ""}`
        : null}
      {hint ? (
        <>
          {limits || balance ? " · " : ""}
          {hint}
        </>
      ) : null}
    </>
  );
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    // A number input reports "50,000" or "1e" as "" with validity.badInput: keep the text out, say why.
    if (event.target.validity?.badInput) onChange("NaN");
    else onChange(event.target.value);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextField
        id={id}
        label={label}
        type={schemaInput === "grouped-text" ? "text" : "number"}
        value={value === "NaN" ? "" : value}
        placeholder={placeholder}
        onChange={handleChange}
        error={Boolean(error)}
        helperText={helper}
        disabled={disabled}
        fullWidth
        slotProps={{
          htmlInput: {
            step,
            min: 0,
            max: limits?.max,
            inputMode: "decimal",
            "data-testid": inputTestId,
            "aria-invalid": Boolean(error),
          },
          formHelperText: {
            "data-testid": inputTestId ? `${inputTestId}-helper` : undefined,
            role: error ? "alert" : undefined,
          } as object,
          input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        }}
      />
      {maxRaw !== null ? (
        <Button
          variant="outlined"
          onClick={() =>
            onChange(
              truncateDecimals(formatUnits(maxRaw, balance!.decimals), Math.min(limits?.decimals ?? 6, 6)).replace(
                /\.?0+$/,
                "",
              ),
            )
          }
          disabled={disabled || maxRaw <= 0n}
          aria-label={`Use the maximum ${unit} amount`}
          data-testid={inputTestId ? `${inputTestId}-max` : undefined}
          sx={{ mt: 1, flexShrink: 0 }}
        >
          Max
        </Button>
      ) : null}
    </Stack>
  );
}

/** balance - reserve, capped by the limit's max; never below 0. */
export function maxSpendable(
  balance: bigint,
  reserve: bigint,
  limits: AmountLimits | undefined,
  decimals: number,
): bigint {
  let max = balance > reserve ? balance - reserve : 0n;
  if (limits) {
    const cap = BigInt(Math.floor(limits.max)) * 10n ** BigInt(decimals);
    if (max > cap) max = cap;
  }
  return max;
}
