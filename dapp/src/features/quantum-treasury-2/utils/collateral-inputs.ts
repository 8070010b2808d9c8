/** The calculator's two inputs; the collateral amount is also what "Convert to USDC" deploys (spec §7). */
export type CollateralInputs = { collateral: string; ratio: string };

/** Spec §9: $150M of capital at the 150% ratio backs the planned $100M of XQBUSD. */
export const DEFAULT_COLLATERAL_INPUTS: CollateralInputs = { collateral: "150000000", ratio: "150" };
