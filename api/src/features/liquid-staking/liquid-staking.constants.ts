// The liquid-staking feature's vocabulary as plain values (no zod): pools, strategies, ratios and their
// labels, the spec's messages, the risk rule. The schemas build on it and re-export it; the dapp's first
// load imports it directly (its dapp feature's constants.ts), so a page can name a ratio without zod.

/** The three staking pools (deploy-map names and token symbols). */
export const LIQUID_STAKING_POOLS = ["vibeETH", "qETH", "xqbETH"] as const;
export type LiquidStakingPool = (typeof LIQUID_STAKING_POOLS)[number];

/** One strategy per pool: post that pool's LST as collateral, borrow WETH, stake it again. */
export const STRATEGY_IDS = ["vibeeth-leverage", "qeth-leverage", "xqbeth-leverage"] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];
export const STRATEGY_POOL: Record<StrategyId, LiquidStakingPool> = {
  "vibeeth-leverage": "vibeETH",
  "qeth-leverage": "qETH",
  "xqbeth-leverage": "xqbETH",
};
export const strategyOfPool = (pool: LiquidStakingPool): StrategyId =>
  STRATEGY_IDS.find((id) => STRATEGY_POOL[id] === pool)!;

/** The spec's ratio options, with their labels (the contract takes 1.5x..5x, and at most 1/(1 - LTV)). */
export const LEVERAGE_RATIOS = [1.5, 2, 3, 4, 5] as const;
export type LeverageRatio = (typeof LEVERAGE_RATIOS)[number];
export const LEVERAGE_RATIO_LABELS: Record<LeverageRatio, string> = {
  1.5: "1.5x Conservative",
  2: "2x Balanced",
  3: "3x Aggressive",
  4: "4x High Risk",
  5: "5x Maximum",
};
/** The spec's default ratio; also the ratio a strategy's leveragedAPY and riskLevel are quoted at. */
export const DEFAULT_LEVERAGE_RATIO: LeverageRatio = 2;

/** Spec messages, verbatim (part 2, section 5). */
export const MISSING_INFORMATION = "Missing Information: Select strategy, ETH amount, and leverage ratio";
export const ENTER_ETH_AMOUNT = "Enter ETH Amount";

/** The most ETH one request may name (a sanity bound; the wallet's balance is the real one, checked by the dapp). */
export const MAX_LEVERAGE_ETH = 10_000;

/**
 * Risk of a leverage ratio, by a stated rule on the ratio and the distance to liquidation (how far the
 * LST/ETH exchange rate may fall before the health factor reaches 1: 1 - 1/HF):
 *   low:    ratio <= 2 and the rate may fall 30% or more;
 *   medium: ratio <= 3 and the rate may fall 15% or more;
 *   high:   anything closer (4x and 5x at 80% LTV / 85% threshold: 11.8% and 5.9%).
 */
export function riskLevelOf(ratio: number, healthFactor: number): "low" | "medium" | "high" {
  const distance = healthFactor > 0 ? 1 - 1 / healthFactor : 0;
  if (ratio <= 2 && distance >= 0.3) return "low";
  if (ratio <= 3 && distance >= 0.15) return "medium";
  return "high";
}
