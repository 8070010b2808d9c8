// The Stellar payment's amount and memo rules, checked as the user types with the API's own zod-free code
// (cryptocurrency.rules.ts, which the coin layer refuses with) so the page loads no zod.
import {
  amountProblem,
  chainRuleOf,
  memoBytes,
} from "../../../../../api/src/features/cryptocurrency/cryptocurrency.rules";
import { STELLAR_AMOUNT_RULE, STELLAR_MAX_AMOUNT, STELLAR_MEMO_MAX_BYTES } from "../constants";

export { memoBytes };

/** The API's STELLAR_AMOUNT_RULE in the coin rules' shape: one stroop to what our account pays in one test. */
export const STELLAR_LIMITS = {
  decimals: STELLAR_AMOUNT_RULE.decimals,
  minAmount: STELLAR_AMOUNT_RULE.min.toFixed(STELLAR_AMOUNT_RULE.decimals),
  maxAmount: String(STELLAR_AMOUNT_RULE.max),
} as const;

const rule = chainRuleOf("XLM", STELLAR_LIMITS);

/** Why the typed amount would be refused, in the API's words, or null. */
export const xlmAmountProblem = (text: string): string | null => amountProblem(text, rule, "XLM");

/** The AmountField's limits, shown under the field before any click. */
export const STELLAR_FIELD_LIMITS = {
  min: Number(STELLAR_LIMITS.minAmount),
  max: STELLAR_MAX_AMOUNT,
  decimals: STELLAR_LIMITS.decimals,
} as const;

/** Why the memo would be refused (the API's words: "at most 28 bytes (Stellar's text memo)"), or null. */
export function memoProblem(memo: string): string | null {
  const bytes = memoBytes(memo);
  return bytes > STELLAR_MEMO_MAX_BYTES
    ? `Memo must be at most ${STELLAR_MEMO_MAX_BYTES} bytes (Stellar's text memo): it is ${bytes}`
    : null;
}

/** Why the payment cannot be sent as typed, or null. */
export function paymentProblem(amount: string, memo: string): string | null {
  if (amount.trim() === "") return "Enter an amount of XLM";
  const problem = xlmAmountProblem(amount);
  if (problem) return `Amount ${problem}`;
  return memoProblem(memo);
}
