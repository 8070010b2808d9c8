// The spec's formats for this page (part 2 §9), in one place. No viem or lib/format here: this module is
// in the page's first load. Yields and spreads arrive from the API in percent (4.21 = 4.21 %).

const fixed = (n: number, decimals: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** "−" for a missing reading, so a gap never looks like zero. */
const MISSING = "—";

/** A spread in basis points: the percent value x 100, 0 decimals ("52 bps"). */
export const bpsText = (percent: number | null | undefined) =>
  percent == null ? MISSING : `${fixed(Math.round(percent * 100) + 0, 0)} bps`;

/** A value already in basis points ("12.5 bps"), signed when asked. */
export const bpsValueText = (bps: number | null | undefined, decimals = 0, signed = false) =>
  bps == null ? MISSING : `${signed && bps > 0 ? "+" : bps < 0 ? "−" : ""}${fixed(Math.abs(bps), decimals)} bps`;

/** A yield to 2 decimals ("4.21%"). */
export const yieldText = (percent: number | null | undefined) => (percent == null ? MISSING : `${fixed(percent, 2)}%`);

/** A yield change: x 100 (percent points to basis points), 3 decimals, signed ("+3.000 bps"). */
export function yieldChangeText(percentPoints: number | null | undefined): string {
  if (percentPoints == null) return MISSING;
  const bps = percentPoints * 100;
  const sign = bps > 0 ? "+" : bps < 0 ? "−" : "";
  return `${sign}${fixed(Math.abs(bps), 3)} bps`;
}

/** US dollars, en-US ("$1,234,567.89"); whole dollars with `decimals: 0`. */
export const usdText = (n: number | null | undefined, decimals = 2) =>
  n == null
    ? MISSING
    : n.toLocaleString("en-US", {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });

/** A signed dollar change ("+$12.34", "−$5.00"). */
export const signedUsdText = (n: number | null | undefined) =>
  n == null ? MISSING : `${n > 0 ? "+" : n < 0 ? "−" : ""}${usdText(Math.abs(n))}`;

/** A percentage with `decimals` places ("2.10%"). */
export const percentText = (n: number | null | undefined, decimals = 2) =>
  n == null ? MISSING : `${fixed(n, decimals)}%`;

/** A signed percentage ("+0.42%"). */
export const signedPercentText = (n: number | null | undefined, decimals = 2) =>
  n == null ? MISSING : `${n > 0 ? "+" : n < 0 ? "−" : ""}${fixed(Math.abs(n), decimals)}%`;

/** A plain number ("1.234"). */
export const numberText = (n: number | null | undefined, decimals = 2) => (n == null ? MISSING : fixed(n, decimals));

/** "steepener_2s10s" -> "Steepener 2s10s": the spec's underscored strategy name, for reading. */
export const strategyName = (strategy: string) =>
  strategy
    .split("_")
    .map((w) => (/^[a-z]/.test(w) ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");

/** A curve day "2026-08-04" as "Aug 4, 2026" (UTC: a curve day has no time zone). */
export function curveDayText(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}
