// The treasury's arithmetic in exact integers: amounts in base units (bigint), the spec's capacity
// formulas (§5) on 18-decimal fixed point, and the words the refusals use ("$150,000,000").
import { formatUnits, parseUnits } from "viem";
import { fieldError } from "../../http/errors";
import { qtAmountProblem } from "./quantum-treasury-2.constants";

/** Whole units as text, no exponent, no grouping: 150000000, 1.5. */
export const units = (v: bigint, decimals: number): string => formatUnits(v, decimals);

/** Basis points -> percent with 2 decimals (15000 -> 150); null stays null (no debt: unbounded). */
export const percent = (bps: bigint | null): number | null => (bps === null ? null : Number(bps) / 100);

/** "150,000,000" or "1,234.5": for sentences, from base units (at most 2 decimals, rounded down). */
export function grouped(v: bigint, decimals: number): string {
  const [whole, frac = ""] = formatUnits(v, decimals).split(".");
  const cents = frac.slice(0, 2).replace(/0+$/, "");
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cents ? `.${cents}` : ""}`;
}

/**
 * An amount from the request (a JSON number or decimal text) in base units. Refused with the field named:
 * not a plain positive decimal, more decimals than the token has, or zero.
 */
export function parseAmount(input: number | string, decimals: number, field: string, unit: string): bigint {
  const text =
    typeof input === "number" ? (Number.isInteger(input) ? BigInt(input).toString() : String(input)) : input.trim();
  const problem = qtAmountProblem(text, unit, decimals);
  if (problem) throw fieldError(field, problem);
  return parseUnits(text, decimals);
}

export interface CapacityFigures {
  /** 18-decimal fixed point, same units as the collateral. */
  collateral18: bigint;
  capacity18: bigint;
  /** collateral - capacity; negative when the ratio is under 100%. */
  excess18: bigint;
  /** capacity / collateral * 100, 6 decimals; null for zero collateral. */
  utilization: number | null;
  /** The ratio in basis points (what capacityAt takes). */
  ratioBps: bigint;
}

/**
 * The spec's calculator (§5), exactly: capacity = collateral / (ratio / 100); excess = collateral - capacity;
 * utilisation = capacity / collateral as a percentage. `ratio` has at most 2 decimals, so it is a whole
 * number of basis points and the vault's capacityAt computes the very same floor.
 */
export function capacityFigures(collateralText: string, ratioText: string): CapacityFigures {
  const collateral18 = parseUnits(collateralText, 18);
  const ratioBps = parseUnits(ratioText, 2);
  const capacity18 = (collateral18 * 10_000n) / ratioBps;
  const utilization = collateral18 === 0n ? null : Number((capacity18 * 100_000_000n) / collateral18) / 1_000_000;
  return { collateral18, capacity18, excess18: collateral18 - capacity18, utilization, ratioBps };
}

/** The most XQBUSD a position can still mint at `ratioBps`: collateral / (ratio/100) - debt, floored at 0. */
export function backable(collateralUsd18: bigint, debt: bigint, ratioBps: bigint): bigint {
  const capacity = (collateralUsd18 * 10_000n) / ratioBps;
  return capacity > debt ? capacity - debt : 0n;
}
