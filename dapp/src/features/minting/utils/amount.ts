/** The amount to mint, or null when the input is empty, not a number, or not greater than 0 (spec §5). */
export function parseAmount(value: string): number | null {
  if (value.trim() === "") return null;
  const amount = Number(value);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** A plain decimal string (no exponent) that viem's parseEther accepts. */
export function toDecimalString(amount: number): string {
  return amount.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 18 });
}
