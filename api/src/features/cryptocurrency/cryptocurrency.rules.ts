// The test amount's and memo's rules, one copy for both sides (plain code: no zod, no viem, no Node): the API
// refuses with them (cryptocurrency.service.ts, a 400 naming the field) and the page checks as the user types.
// An amount is plain decimal text with at most the coin's decimal places, between its chain minimum and what our
// test account signs for; the page adds the spec's form minimum, 0.1 (ruleOf), and for a bulk run the strictest of
// the chosen coins' rules (strictestRule).
import { TEST_AMOUNT } from "./cryptocurrency.constants";

/** A coin's limits as the supported answer gives them. */
export type CoinLimitsText = { decimals: number; minAmount: string; maxAmount: string };

/** The bounds the form enforces, and which coin sets each (a bulk run's amount meets every chosen coin's). */
export type TestAmountRule = {
  decimals: number;
  min: string;
  max: string;
  /** The coin whose decimals, minimum and maximum these are. */
  decimalsBy: string;
  maxBy: string;
  /** The coin whose chain minimum is higher than the spec's 0.1; null when the minimum is the form's 0.1. */
  chainMinBy: string | null;
};

const PLAIN = /^\d{1,15}(\.\d{1,30})?$/;

/** Decimal text as an integer of `decimals` places. */
function scaled(text: string, decimals: number): bigint {
  const [whole = "0", frac = ""] = text.split(".");
  return BigInt(whole + frac.padEnd(decimals, "0").slice(0, decimals));
}

/** Which of two plain decimal texts is larger, exactly (no float rounding). */
export function compareDecimal(a: string, b: string): number {
  const places = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
  const x = scaled(a, places);
  const y = scaled(b, places);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** One coin's rule: its decimals and maximum, and the higher of its minimum and the spec's 0.1. */
export function ruleOf(symbol: string, limits: CoinLimitsText): TestAmountRule {
  const chainHigher = compareDecimal(limits.minAmount, TEST_AMOUNT.min) > 0;
  return {
    decimals: limits.decimals,
    min: chainHigher ? limits.minAmount : TEST_AMOUNT.min,
    max: limits.maxAmount,
    decimalsBy: symbol,
    maxBy: symbol,
    chainMinBy: chainHigher ? symbol : null,
  };
}

/** The rule a bulk amount must meet for every chosen coin: the strictest of their rules. */
export function strictestRule(rules: readonly TestAmountRule[]): TestAmountRule | null {
  if (rules.length === 0) return null;
  return rules.reduce((a, b) => {
    const minA = compareDecimal(a.min, b.min) >= 0;
    const maxA = compareDecimal(a.max, b.max) <= 0;
    const decA = a.decimals <= b.decimals;
    return {
      decimals: decA ? a.decimals : b.decimals,
      decimalsBy: decA ? a.decimalsBy : b.decimalsBy,
      min: minA ? a.min : b.min,
      chainMinBy: minA ? a.chainMinBy : b.chainMinBy,
      max: maxA ? a.max : b.max,
      maxBy: maxA ? a.maxBy : b.maxBy,
    };
  });
}

/**
 * Why the typed amount would be refused, in the API's words ("must be at least …"), or null when it is accepted.
 * `unit` is the coin's symbol for one coin; for a bulk run the words name the coin that sets the bound.
 */
export function amountProblem(text: string, rule: TestAmountRule, unit?: string): string | null {
  const typed = text.trim();
  const of = (v: string) => (unit ? `${v} ${unit}` : v);
  if (!PLAIN.test(typed)) return "must be a plain decimal number such as 1 or 0.5 (no sign, no exponent)";
  const places = (typed.split(".")[1] ?? "").replace(/0+$/, "");
  if (places.length > rule.decimals)
    return `${rule.decimalsBy} has ${rule.decimals} decimal places: at most ${rule.decimals} digits after the point`;
  if (compareDecimal(typed, rule.min) < 0)
    return `must be at least ${of(rule.min)}${rule.chainMinBy ? ` (${rule.chainMinBy}'s chain minimum for this transfer)` : ""}`;
  if (compareDecimal(typed, rule.max) > 0)
    return `must be at most ${of(rule.max)} (what our ${rule.maxBy} test account signs for)`;
  return null;
}

/** The memo's size as the API counts it: UTF-8 bytes. */
export const memoBytes = (memo: string): number => new TextEncoder().encode(memo).length;

/** The chain's own rule for one coin, without the spec's form minimum (what the API enforces). */
export const chainRuleOf = (symbol: string, limits: CoinLimitsText): TestAmountRule => ({
  decimals: limits.decimals,
  min: limits.minAmount,
  max: limits.maxAmount,
  decimalsBy: symbol,
  maxBy: symbol,
  chainMinBy: symbol,
});

/** Why the memo would be refused for this coin, or null: it cannot carry one, or it is too long in UTF-8 bytes. */
export function memoProblem(
  memo: string,
  limits: { memoMaxBytes: number | null; memoNote: string },
  symbol: string,
): string | null {
  if (memo === "") return null;
  if (limits.memoMaxBytes === null) return `a ${symbol} test transfer cannot carry a memo: ${limits.memoNote}`;
  const bytes = memoBytes(memo);
  return bytes > limits.memoMaxBytes
    ? `must be at most ${limits.memoMaxBytes} bytes in UTF-8 for ${symbol} (it is ${bytes}): ${limits.memoNote}`
    : null;
}
