import type { StakingProtocol } from "../api/contract";
import { truncateDecimals } from "../../../lib/format";

/** "4.21%": the APY as a reading, 2 decimals. */
export const apyText = (apy: number) => `${apy.toFixed(2)}%`;

/** How an APY was computed, in words (the API's apySource and window). */
export function apyHow(p: Pick<StakingProtocol, "apySource" | "apyWindowSeconds">): string {
  if (p.apySource === "reward-stream") return "the reward stream's current rate (rewardRate x 365 days / pool size)";
  const window = p.apyWindowSeconds ?? 0;
  return `exchange-rate change over the last ${durationText(window)}, annualised`;
}

/** 90061 -> "1d 1h 1m"; 45 -> "45s". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d === 0 && h === 0 && m === 0) return `${s % 60}s`;
  return [d ? `${d}d` : "", h ? `${h}h` : "", m ? `${m}m` : ""].filter(Boolean).join(" ");
}

/** ETH text with at most `decimals` places (truncated, never rounded up); "-0.000000000000000001" stays signed. */
export function ethText(value: string, decimals = 6): string {
  const negative = value.startsWith("-");
  const t = truncateDecimals(negative ? value.slice(1) : value, decimals).replace(/\.?0+$/, "") || "0";
  return `${negative && t !== "0" ? "-" : ""}${t} ETH`;
}
