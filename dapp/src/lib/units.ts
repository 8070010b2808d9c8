// Chain amounts arrive as decimal text in base units (wei, USDC's 6 decimals, the feed's 8): read exactly
// with string arithmetic (no float rounding of a 10^18 value).

/** "1500000000000000000" with 18 decimals -> "1.5"; keeps at most `keep` decimals, truncating; groups thousands. */
export function unitsToDecimal(raw: string, decimals: number, keep = 6): string {
  if (!/^-?\d+$/.test(raw)) return raw;
  const negative = raw.startsWith("-");
  const digits = (negative ? raw.slice(1) : raw).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + keep).replace(/0+$/, "");
  const groupedWhole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${groupedWhole}${fraction ? `.${fraction}` : ""}`;
}
