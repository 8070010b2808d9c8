// The leverage feature's pure arithmetic: units (wei <-> ETH, WAD -> percent, bps), the health factor as a
// number, the least equity a stake needs, and the APY formulas every answer shares. No chain, no index:
// what is here is tested without either (liquid-staking.math.test.ts).
import { formatEther, parseEther } from "viem";
import { BPS } from "./liquid-staking.ledger";

const YEAR_SECONDS = 365 * 24 * 3600;
/** A health factor above this is "no debt" (the contracts answer type(uint256).max). */
const NO_DEBT_HF = 10n ** 30n;

export const ethText = (wei: bigint) => formatEther(wei);
export const ethNum = (wei: bigint) => Number(formatEther(wei));
export const wadPercent = (wad: bigint) => Number(formatEther(wad)) * 100;
export const round = (n: number, digits = 6) => Math.round(n * 10 ** digits) / 10 ** digits;
export const ratioBps = (ratio: number) => BigInt(Math.round(ratio * 10_000));
export const hfNumber = (hf: bigint) => (hf > NO_DEBT_HF ? null : Number(formatEther(hf)));

/**
 * A JSON number as plain decimal text (the shortest text that reads back as the same double, no exponent),
 * so 0.1 becomes exactly 0.1 ETH of wei, never 0.1000000000000000055.
 */
export function weiOfEth(n: number): bigint {
  const text = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return parseEther(text);
  const [, int = "", frac = "", exp = "0"] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  const plain =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return parseEther(plain);
}

/**
 * Least ETH of one's own that makes amount x ratio reach the LST's minimum deposit. Rounded up: a wei
 * less would leave the stake a wei short of the minimum and the router would refuse it.
 */
export const minimumEquity = (minDeposit: bigint, bps: bigint) => (minDeposit * BPS + bps - 1n) / bps;

/**
 * Net APY on one's own ETH at leverage L, from rates alone: the whole stake earns the base rate and the
 * borrowed part (L - 1) pays the borrow rate. What strategies quote (and performance's fallback mean).
 */
export const leveragedAPY = (base: number, borrow: number, leverage: number) =>
  base * leverage - borrow * (leverage - 1);

/**
 * A position's yearly yield in ETH x percent: its collateral earns the base rate, its debt pays the borrow
 * rate. Divided by the equity it gives the net APY on one's own ETH (previews, positions); summed over
 * positions it weights their APYs by equity (performance).
 */
export const yearlyYield = (collateralEth: number, base: number, debtEth: number, borrow: number) =>
  collateralEth * base - debtEth * borrow;

/** How far (percent) the LST/ETH rate may fall before the health factor reaches 1; 0 without a factor. */
export const liquidationDistancePercent = (hf: number) => (hf > 0 ? (1 - 1 / hf) * 100 : 0);

/**
 * A realised return (percent over `seconds`) scaled to a year; null under a day, where a few seconds'
 * exit fee scaled to a year would mean nothing.
 */
export function annualised(percent: number | null, seconds: number): number | null {
  const perYear = seconds >= 24 * 3600 ? YEAR_SECONDS / seconds : null;
  return percent !== null && perYear ? percent * perYear : null;
}
