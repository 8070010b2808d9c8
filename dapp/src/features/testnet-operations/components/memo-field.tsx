import TextField from "@mui/material/TextField";
import { STELLAR_MEMO_MAX_BYTES } from "../constants";
import { memoBytes, memoProblem } from "../utils/stellar-rules";

/** The Stellar memo: a byte counter against the 28-byte text memo, the API's refusal shown as the user types. */
export function MemoField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const problem = memoProblem(value);
  return (
    <TextField
      id={id}
      label="Memo (optional)"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={problem !== null}
      helperText={problem ?? `${memoBytes(value)} / ${STELLAR_MEMO_MAX_BYTES} bytes · Stellar's text memo (UTF-8)`}
      fullWidth
      slotProps={{
        htmlInput: { "data-testid": "memo-input", "aria-invalid": problem !== null, spellCheck: false },
        formHelperText: { "data-testid": "memo-input-helper", role: problem ? "alert" : undefined } as object,
      }}
    />
  );
}
