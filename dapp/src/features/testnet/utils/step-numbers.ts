// A step's numbers arrive as decimal text in chain units (wei, XQBUSD base units with 18 decimals, basis
// points, the feed's 8-decimal answer); this turns each into words by its key's suffix, exactly (string
// arithmetic, no float rounding of a 10^18 value). An unknown key is shown as the API sent it.

/** "1500000000000000000" with 18 decimals -> "1.5"; keeps at most `keep` decimals, truncating. */
export function unitsToDecimal(raw: string, decimals: number, keep = 6): string {
  if (!/^-?\d+$/.test(raw)) return raw;
  const negative = raw.startsWith("-");
  const digits = (negative ? raw.slice(1) : raw).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + keep).replace(/0+$/, "");
  const groupedWhole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${groupedWhole}${fraction ? `.${fraction}` : ""}`;
}

/** "camelCaseKey" -> "camel case key" */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

const SUFFIXES: { suffix: RegExp; unit: (v: string) => string }[] = [
  { suffix: /Wei$/, unit: (v) => `${unitsToDecimal(v, 18)} ETH` },
  { suffix: /Bps$/, unit: (v) => (v === "max" ? "no debt" : `${unitsToDecimal(v, 2, 2)}%`) },
  { suffix: /(Xqbusd|XQBUSD)$/, unit: (v) => `${unitsToDecimal(v, 18)} XQBUSD` },
  { suffix: /Usdc$/, unit: (v) => `${unitsToDecimal(v, 6)} USDC` },
  { suffix: /Usd$/, unit: (v) => `$${unitsToDecimal(v, 18, 2)}` },
  { suffix: /(Price|Answer)$/, unit: (v) => `$${unitsToDecimal(v, 8, 2)}` },
];

/** A step's number as a label and a readable value. */
export function stepNumber(key: string, value: string): { label: string; text: string } {
  for (const { suffix, unit } of SUFFIXES) {
    if (suffix.test(key)) return { label: words(key.replace(suffix, "")), text: unit(value) };
  }
  return { label: words(key), text: /^-?\d+$/.test(value) ? unitsToDecimal(value, 0) : value };
}
