// What a strategy is: one per staking pool, its name and copy, and its figures quoted at the spec's default
// ratio (2x Balanced) from a snapshot: base APY, leveraged APY at the borrow rate now, the health factor a
// fresh position opens at (from the router itself) and the least ETH of one's own it takes.
import { parseEther } from "viem";
import { previewPosition } from "./liquid-staking.ledger";
import {
  ethNum,
  hfNumber,
  leveragedAPY,
  liquidationDistancePercent,
  minimumEquity,
  ratioBps,
  round,
  wadPercent,
} from "./liquid-staking.math";
import {
  DEFAULT_LEVERAGE_RATIO,
  LEVERAGE_RATIO_LABELS,
  riskLevelOf,
  strategyOfPool,
  type LiquidStakingPool,
  type Strategy,
} from "./liquid-staking.schemas";
import type { Snapshot } from "./liquid-staking.snapshot";

/** What the chain does not say: the staking style each pool is modelled on (product copy). */
const POOL_STYLE: Record<LiquidStakingPool, string> = {
  vibeETH: "rETH",
  qETH: "stETH (as non-rebasing wstETH shares)",
  xqbETH: "sfrxETH",
};
export const strategyName = (pool: LiquidStakingPool) => `${pool} Leveraged Staking`;
const STRATEGY_TYPE = "Leveraged liquid staking (flash borrow, one transaction)";

export async function strategyOf(s: Snapshot, pool: LiquidStakingPool): Promise<Strategy> {
  const ratio = DEFAULT_LEVERAGE_RATIO;
  const st = s.pools[pool];
  const base = s.yields[pool].apy;
  const borrow = wadPercent(s.market.borrowRate);
  const maxLeverage = Number(s.collateral[pool].maxLeverageBps) / 10_000;
  // The health factor a fresh position opens at, from the router itself (1 ETH as the reference amount:
  // the factor does not depend on the amount beyond a few wei of rounding).
  const p = maxLeverage >= ratio ? await previewPosition(s.evm, pool, parseEther("1"), ratioBps(ratio), s.at) : null;
  const hf = p ? (hfNumber(p.healthFactor) ?? 0) : 0;
  const distance = liquidationDistancePercent(hf);
  return {
    id: strategyOfPool(pool),
    name: strategyName(pool),
    type: STRATEGY_TYPE,
    collateralToken: st.symbol,
    riskLevel: p ? riskLevelOf(ratio, hf) : "high",
    baseAPY: round(base, 4),
    leveragedAPY: round(leveragedAPY(base, borrow, ratio), 4),
    recommendedLeverage: ratio,
    borrowAPY: round(borrow, 4),
    healthFactor: round(hf),
    liquidationDistancePercent: round(distance, 2),
    maxLeverage,
    liquidityRequired: ethNum(minimumEquity(st.minDeposit, ratioBps(ratio))),
    description:
      `Stake ETH for ${st.symbol} (${st.name}, modelled on ${POOL_STYLE[pool]}), post it as collateral, borrow WETH ` +
      `from the lending pool and stake that too, in one transaction (LeverageRouter.openPosition, up to ${maxLeverage}x at ` +
      `${Number(s.collateral[pool].ltvBps) / 100}% LTV). Quoted at ${LEVERAGE_RATIO_LABELS[ratio]}: liquidation if ${st.symbol}'s ` +
      `exchange rate falls ${round(distance, 1)}%.`,
  };
}
