// Numbers in the landing's sentences: grouped thousands and at most a few decimals, from exact decimal text.

/** "1234567.891" -> "1,234,567.89" (decimals cut, not rounded: a figure never reads higher than it is). */
export function groupedDecimal(text: string, maxDecimals = 2): string {
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = (negative ? text.slice(1) : text).split(".");
  const cut = frac.slice(0, maxDecimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cut ? `.${cut}` : ""}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a, b and c" */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
