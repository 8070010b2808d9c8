import type { StakingProtocol } from "../api/contract";
import { truncateDecimals } from "../../../lib/format";
import { durationInWords } from "../../../lib/time";

/** "4.21%": the APY as a reading, 2 decimals. */
export const apyText = (apy: number) => `${apy.toFixed(2)}%`;

/** How an APY was computed, in words (the API's apySource and window). */
export function apyHow(p: Pick<StakingProtocol, "apySource" | "apyWindowSeconds">): string {
  if (p.apySource === "reward-stream") return "the reward stream's current rate (rewardRate x 365 days / pool size)";
  const window = p.apyWindowSeconds ?? 0;
  return `exchange-rate change over the last ${durationInWords(window)}, annualised`;
}

/** ETH text with at most `decimals` places (truncated, never rounded up); "-0.000000000000000001" stays signed. */
export function ethText(value: string, decimals = 6): string {
  const negative = value.startsWith("-");
  const t = truncateDecimals(negative ? value.slice(1) : value, decimals).replace(/\.?0+$/, "") || "0";
  return `${negative && t !== "0" ? "-" : ""}${t} ETH`;
}
