/**
 * The rule an amount is checked with: the API's zod schema for it (zod's safeParse has this shape), or a plain
 * function of the text (textRule) where the page should not load zod with its first view.
 */
export interface AmountRule {
  safeParse(
    input: never,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** An AmountRule from a zod-free check of the typed text (the API's own function, e.g. vibecoinsAmountProblem). */
export const textRule = (problem: (text: string) => string | null): AmountRule => ({
  safeParse: (input: never) => {
    const message = problem(String(input));
    return message === null ? { success: true } : { success: false, error: { issues: [{ message }] } };
  },
});

export type AmountLimits = { min: number; max: number; decimals: number };
/**
 * What the schema parses: the amount as a number (most APIs), the typed text (amounts sent as exact decimal
 * text), or the typed text with "," as a thousands separator allowed ("50,000": a form whose spec allows it).
 */
export type AmountSchemaInput = "number" | "text" | "grouped-text";
export type AmountCheck = { amount: number | null; error: string | null };

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * Checks typed text with the same zod schema the API validates with, so the message the user sees as
 * they type is the one the server would give, before any click. Empty text is not an error (the button
 * stays disabled); text that is not a number, or has more decimals than the unit holds, is caught on the
 * text itself, before a double could round it.
 */
export function validateAmount(
  text: string,
  schema: AmountRule,
  unit: string,
  limits?: AmountLimits,
  badInput = false,
  schemaInput: AmountSchemaInput = "number",
): AmountCheck {
  const typed = text.trim();
  if (badInput) return { amount: null, error: `Must be a number of ${unit}` };
  if (typed === "") return { amount: null, error: null };
  const trimmed = schemaInput === "grouped-text" ? typed.replace(/,/g, "") : typed;
  if (!NUMBER_TEXT.test(trimmed)) return { amount: null, error: `Must be a number of ${unit}` };
  const fraction = trimmed.split(".")[1] ?? "";
  if (limits && fraction.length > limits.decimals && !/^-/.test(trimmed)) {
    return { amount: null, error: `Must have at most ${limits.decimals} decimal places (${unit} precision)` };
  }
  const amount = Number(trimmed);
  // An API that takes amounts as exact decimal text (wei-precise ETH) validates the text itself.
  const input = schemaInput === "number" ? amount : schemaInput === "text" ? trimmed : typed;
  const result = schema.safeParse(input as never);
  if (!result.success) return { amount: null, error: capitalize(result.error.issues[0]?.message ?? "Invalid amount") };
  return { amount, error: null };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Min 0.0001 ETH · max 100 ETH" */
export const limitsText = (limits: AmountLimits, unit: string) =>
  `Min ${limits.min.toLocaleString("en-US", { maximumFractionDigits: 20 })} ${unit} · max ${limits.max.toLocaleString("en-US", { maximumFractionDigits: 20 })} ${unit}`;
