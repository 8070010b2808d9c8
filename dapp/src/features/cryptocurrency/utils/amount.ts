// The test amount's and memo's rules are the API's own (cryptocurrency.rules.ts, plain code, no zod): the page
// checks as the user types with them, through the shared AmountField's textRule; the API checks again.
import type { TestAmountRule } from "../../../../../api/src/features/cryptocurrency/cryptocurrency.rules";

export * from "../../../../../api/src/features/cryptocurrency/cryptocurrency.rules";

/** The AmountField's limits (numbers, shown under the field before any click). */
export const fieldLimits = (rule: TestAmountRule) => ({
  min: Number(rule.min),
  max: Number(rule.max),
  decimals: rule.decimals,
});
