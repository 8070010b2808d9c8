// Amounts as exact decimal text <-> 18-decimal base units (the XQB token), never through a float.

/** The bridge delivers amounts with at most 7 decimals (Stellar's precision; others are refunded). */
export const BRIDGE_MAX_DECIMALS = 7;
const TOKEN_DECIMALS = 18;

export type AmountCheck = { ok: true; units: bigint } | { ok: false; reason: string };

/** "1.5" -> 1500000000000000000n; null for anything that is not a plain non-negative decimal. */
export function parseUnits18(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? "";
  if (frac.length > TOKEN_DECIMALS) return null;
  return (
    BigInt(m[1]!) * 10n ** BigInt(TOKEN_DECIMALS) +
    BigInt((frac + "0".repeat(TOKEN_DECIMALS)).slice(0, TOKEN_DECIMALS) || "0")
  );
}

/** 1500000000000000000n -> "1.5" (every significant digit kept). */
export function formatUnits18(units: bigint | string): string {
  const v = typeof units === "string" ? BigInt(units) : units;
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(TOKEN_DECIMALS);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(TOKEN_DECIMALS, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** The amount field's rule: a positive decimal, at most 7 decimals, at most the wallet's balance. */
export function checkBridgeAmount(text: string, balance: bigint | undefined): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: "Enter an amount of XQB" };
  const m = /^(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!m) return { ok: false, reason: "Write the amount as a number, e.g. 12.5" };
  if ((m[2] ?? "").length > BRIDGE_MAX_DECIMALS)
    return {
      ok: false,
      reason: `At most ${BRIDGE_MAX_DECIMALS} decimals: Stellar holds 7, and the bridge refunds anything finer`,
    };
  const units = parseUnits18(trimmed);
  if (units === null || units === 0n) return { ok: false, reason: "The amount must be more than 0" };
  if (balance !== undefined && units > balance)
    return { ok: false, reason: `More than your wallet holds (${formatUnits18(balance)} XQB)` };
  return { ok: true, units };
}

/** Decimal text arithmetic for the summary (amounts in units of XQB with up to 18 decimals). */
export function addDecimals(...values: string[]): string {
  return formatUnits18(values.reduce((sum, v) => sum + (parseSigned(v) ?? 0n), 0n));
}
export function subDecimals(a: string, b: string): string {
  return formatUnits18((parseSigned(a) ?? 0n) - (parseSigned(b) ?? 0n));
}
function parseSigned(text: string): bigint | null {
  const neg = text.trim().startsWith("-");
  const v = parseUnits18(neg ? text.trim().slice(1) : text);
  return v === null ? null : neg ? -v : v;
}
