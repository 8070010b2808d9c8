import type { FormEvent, ReactNode } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";

type AmountFormProps = {
  id: string;
  label: string;
  unit: string;
  step: number;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  pending: boolean;
  buttonLabel: string;
  pendingLabel: string;
  inputTestId: string;
  buttonTestId: string;
  helperText?: ReactNode;
};

/** One amount input and its action button. The button is disabled while the amount is empty or any mint runs. */
export function AmountForm(props: AmountFormProps) {
  const { id, label, unit, step, value, onChange, onSubmit, busy, pending, buttonLabel, pendingLabel, inputTestId, buttonTestId, helperText } = props;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2}>
      <TextField
        id={id}
        label={label}
        type="number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={helperText}
        fullWidth
        slotProps={{
          htmlInput: { step, min: 0, inputMode: "decimal", "data-testid": inputTestId },
          input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        }}
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
