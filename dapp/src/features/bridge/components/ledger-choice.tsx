import { useId } from "react";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { BridgeLedger } from "../api/types";

/** Stellar or XRPL, as radio buttons (arrow keys move between them). */
export function LedgerChoice({
  value,
  onChange,
  label,
  disabled,
}: {
  value: BridgeLedger;
  onChange: (l: BridgeLedger) => void;
  label: string;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(e) => onChange(e.target.value as BridgeLedger)}
        data-testid="ledger-choice"
      >
        <FormControlLabel
          value="stellar"
          control={<Radio slotProps={{ input: { "data-testid": "ledger-stellar" } as object }} />}
          label="Stellar"
        />
        <FormControlLabel
          value="xrpl"
          control={<Radio slotProps={{ input: { "data-testid": "ledger-xrpl" } as object }} />}
          label="XRPL"
        />
      </RadioGroup>
    </FormControl>
  );
}
