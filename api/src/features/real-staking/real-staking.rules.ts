// The feature's own rules, stated once: how a pool's risk level and its APY are decided from what the
// chain says. Pure functions over wei and seconds, so the tests can check them to the wei.
import { formatEther } from "viem";
import { durationInWords } from "../../shared/duration-in-words";

export const DAY = 86_400;
export const YEAR = 365 * DAY;

// ---- risk -------------------------------------------------------------------------------------------

/**
 * Two things decide how a small test stake can go wrong here: how long the ETH is locked on the way out
 * (the withdrawal delay) and how thin the pool is (a small pool's rate moves most with one holder's
 * deposit or a reported loss). Each scores 0-2; the sum is the level.
 */
export const RISK_RULE =
  "withdrawal delay: up to 1 day 0 points, up to 3 days 1, longer 2; pool size (ETH held for share holders): " +
  "10 ETH or more 0 points, 1 ETH or more 1, less 2; total 0-1 low, 2 medium, 3-4 high";

const ETH = 10n ** 18n;

export function riskOf(
  withdrawalDelaySeconds: bigint,
  totalAssetsWei: bigint,
): { level: "low" | "medium" | "high"; reason: string } {
  const delay = withdrawalDelaySeconds <= BigInt(DAY) ? 0 : withdrawalDelaySeconds <= BigInt(3 * DAY) ? 1 : 2;
  const size = totalAssetsWei >= 10n * ETH ? 0 : totalAssetsWei >= ETH ? 1 : 2;
  const total = delay + size;
  const level = total <= 1 ? "low" : total === 2 ? "medium" : "high";
  return {
    level,
    reason: `withdrawal delay ${durationInWords(Number(withdrawalDelaySeconds))} (${delay} ${delay === 1 ? "point" : "points"}), pool size ${formatEther(totalAssetsWei)} ETH (${size} ${size === 1 ? "point" : "points"}): ${level}`,
  };
}

// ---- APY ----------------------------------------------------------------------------------------------

/** The longest trailing window used, and the shortest that counts as enough history. */
export const APY_WINDOW_MAX = 7 * DAY;
export const APY_WINDOW_MIN = DAY;

export const APY_RULE =
  "the annualised change of the pool's exchange rate (ETH per share) over a trailing window of indexed blocks: " +
  "7 days when the pool has that much history on this chain, else the longest window of at least 1 day since " +
  "the pool was deployed (apySource exchange-rate, apyWindowSeconds); with less than 1 day of history, the rate " +
  "the current reward stream pays on the pool's ETH now, rewardRate x 1 year / totalAssets (apySource " +
  "reward-stream; 0 once the funded stream has run out). Simple annualisation, no compounding: rewards " +
  "stream linearly, so both rules agree on a steady stream.";

const SCALE = 100_000_000n; // percent to 8 decimals

/** Percent a year from the rate's change over `windowSeconds`; rates are wei per 1e18 shares. */
export function apyFromRates(rateThen: bigint, rateNow: bigint, windowSeconds: number): number {
  if (rateThen <= 0n || windowSeconds <= 0) return 0;
  const scaled = ((rateNow - rateThen) * BigInt(YEAR) * 100n * SCALE) / (rateThen * BigInt(windowSeconds));
  return round4(Number(scaled) / Number(SCALE));
}

/** Percent a year the stream pays on the holders' ETH now; 0 when it is stopped or spent. */
export function apyFromStream(
  rewardRateWeiPerSecond: bigint,
  rewardsRemainingWei: bigint,
  totalAssetsWei: bigint,
): number {
  if (rewardRateWeiPerSecond === 0n || rewardsRemainingWei === 0n || totalAssetsWei === 0n) return 0;
  const scaled = (rewardRateWeiPerSecond * BigInt(YEAR) * 100n * SCALE) / totalAssetsWei;
  return round4(Number(scaled) / Number(SCALE));
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
