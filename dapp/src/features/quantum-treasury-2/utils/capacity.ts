// The USDC Collateral tab's calculator, exactly as spec part 1 §5 states it:
//   capacity = collateral / (ratio / 100); excess = collateral − capacity; utilisation = capacity / collateral (%).
// It runs in the browser as the user types; the vault's own `capacityAt` answer (GET .../capacity) sits
// beside it, so a disagreement between the two would show.

/** The vault's liquidation threshold (TreasuryVault.LIQUIDATION_RATIO_BPS = 13,000): a ratio under it warns. */
export const LIQUIDATION_THRESHOLD_PERCENT = 130;
/** The vault's minimum ratio to mint (MIN_COLLATERAL_RATIO_BPS = 15,000), the spec's 150%. */
export const MINIMUM_RATIO_PERCENT = 150;

export type CapacityFigures = {
  collateral: number;
  ratio: number;
  /** XQBUSD the collateral backs at the ratio (USD, same units as the collateral). */
  capacity: number;
  /** Collateral left over the capacity. */
  excess: number;
  /** capacity / collateral in percent; null for no collateral (0 / 0). */
  utilization: number | null;
  /** The ratio is under the 130% liquidation threshold. */
  belowLiquidation: boolean;
};

/**
 * The spec's three figures, or why they cannot be computed: both inputs must be numbers (the spec sets no
 * bounds), the ratio must be above 0 (capacity would be infinite) and the collateral not negative.
 */
export function computeCapacity(
  collateralText: string,
  ratioText: string,
): { figures: CapacityFigures } | { problem: string } {
  const collateral = parseNumber(collateralText);
  const ratio = parseNumber(ratioText);
  if (collateral === null) return { problem: "Enter the USDC collateral amount as a number." };
  if (ratio === null) return { problem: "Enter the collateralization ratio in percent as a number." };
  if (collateral < 0) return { problem: "The collateral cannot be negative." };
  if (ratio <= 0) return { problem: "The ratio must be above 0%: at 0% the capacity would be infinite." };
  const capacity = collateral / (ratio / 100);
  return {
    figures: {
      collateral,
      ratio,
      capacity,
      excess: collateral - capacity,
      utilization: collateral === 0 ? null : (capacity / collateral) * 100,
      belowLiquidation: ratio < LIQUIDATION_THRESHOLD_PERCENT,
    },
  };
}

/** A plain decimal number ("1,000" and "1e6" are not what the inputs hold); null when it is not one. */
function parseNumber(text: string): number | null {
  const t = text.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * Whether the browser's figure and the vault's agree. The vault works in integers (the USD amount in
 * 18-decimal units, the ratio in basis points, rounding down), so they agree to within one unit of the
 * last place the API gives, or a relative 1e-9 for very large amounts.
 */
export function capacitiesAgree(local: number, vault: number): boolean {
  return Math.abs(local - vault) <= Math.max(1e-6, Math.abs(local) * 1e-9);
}
