import TextField from "@mui/material/TextField";
import { memoBytes } from "../utils/amount";

export type MemoRule =
  /** No coin chosen yet. */
  | { kind: "none"; reason: string }
  /** The coin's transfer cannot carry a memo: the field is disabled with the reason. */
  | { kind: "cannot"; reason: string }
  /** At most `maxBytes` bytes in UTF-8; `where` says where it goes in the transaction. */
  | { kind: "bytes"; maxBytes: number; where: string };

/** Why a coin cannot carry a memo, in words ("a local-chain transfer carries no memo here (...)"). */
export const noMemoWords = (note: string) => note.replace(/^none:\s*/, "");

/** The memo rule of a coin's limits (null: no coin chosen). */
export function memoRuleOf(
  coin: { symbol: string; limits: { memoMaxBytes: number | null; memoNote: string } | null } | null,
): MemoRule {
  if (!coin || !coin.limits) return { kind: "none", reason: "Choose a coin first: its memo limit applies" };
  const { memoMaxBytes, memoNote } = coin.limits;
  return memoMaxBytes === null
    ? { kind: "cannot", reason: `${coin.symbol} cannot carry a memo here: ${noMemoWords(memoNote)}` }
    : { kind: "bytes", maxBytes: memoMaxBytes, where: `in ${memoNote}` };
}

/** Why the memo would be refused, or null (an empty memo is none). */
export function memoProblem(memo: string, rule: MemoRule, unit: string): string | null {
  if (memo === "" || rule.kind !== "bytes") return null;
  const bytes = memoBytes(memo);
  return bytes > rule.maxBytes ? `The memo is ${bytes} bytes: ${unit} takes at most ${rule.maxBytes}` : null;
}

/**
 * The memo: a byte counter against the coin's limit and where the memo goes; disabled, with the reason in its
 * place, for a coin whose transfer cannot carry one.
 */
export function MemoField({
  id,
  value,
  onChange,
  rule,
  unit,
  testId = "memo-input",
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  rule: MemoRule;
  unit: string;
  testId?: string;
}) {
  const disabled = rule.kind !== "bytes";
  const problem = memoProblem(value, rule, unit);
  const helper = rule.kind === "bytes" ? `${memoBytes(value)} / ${rule.maxBytes} bytes · ${rule.where}` : rule.reason;
  return (
    <TextField
      id={id}
      label="Memo (optional)"
      value={disabled ? "" : value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={problem !== null}
      helperText={problem ?? helper}
      fullWidth
      slotProps={{
        htmlInput: { "data-testid": testId, "aria-invalid": problem !== null, spellCheck: false },
        formHelperText: { "data-testid": `${testId}-helper`, role: problem ? "alert" : undefined } as object,
      }}
    />
  );
}
