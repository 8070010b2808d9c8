// GET /preview and POST /simulate: LeverageRouter.previewPosition for one ratio or for all five, turned
// into figures (health factor, liquidation price in ETH and USD, net APY) or the reason a ratio is
// impossible. Both read one snapshot, so every row of one answer is at the same block.
import { getAddress } from "viem";
import type { z } from "zod";
import type { EvmChain } from "../../ledgers/evm";
import type { LedgerSelector } from "../../ledgers/selector";
import { fieldError, HttpError } from "../../http/errors";
import { previewPosition, walletReadiness, type RouterPreview } from "./liquid-staking.ledger";
import { assess } from "./liquid-staking.feasibility";
import { ethNum, ethText, hfNumber, ratioBps, round, wadPercent, weiOfEth, yearlyYield } from "./liquid-staking.math";
import {
  LEVERAGE_RATIO_LABELS,
  LEVERAGE_RATIOS,
  riskLevelOf,
  STRATEGY_IDS,
  STRATEGY_POOL,
  type impossibleRatio,
  type LeveragePreview,
  type LeverageRatio,
  type previewResponse,
  type simulateResponse,
  type StrategyId,
} from "./liquid-staking.schemas";
import { provenance, type Snapshot, type SnapshotReader } from "./liquid-staking.snapshot";
import { strategyName } from "./liquid-staking.strategy";

function previewRow(
  s: Snapshot,
  strategy: StrategyId,
  ethWei: bigint,
  ratio: LeverageRatio,
  p: RouterPreview,
): LeveragePreview {
  const pool = STRATEGY_POOL[strategy];
  const base = s.yields[pool].apy;
  const equity = ethNum(ethWei);
  const collateralEth = ethNum(p.collateralValue);
  const debtEth = ethNum(p.debt);
  const borrowAfter = wadPercent(p.borrowRateAfter);
  // The router's exact collateral and debt, the debt at the rate after this borrow moves utilisation.
  const netAPY = equity > 0 ? yearlyYield(collateralEth, base, debtEth, borrowAfter) / equity : 0;
  const healthFactor = hfNumber(p.healthFactor) ?? Number.MAX_SAFE_INTEGER;
  const liquidationPriceEth = ethNum(p.liquidationPrice);
  const verdict = assess(s, pool, ethWei, ratioBps(ratio), p);
  return {
    strategy,
    collateralToken: s.pools[pool].symbol,
    leverageRatio: ratio,
    label: LEVERAGE_RATIO_LABELS[ratio],
    ethAmount: ethText(ethWei),
    possible: verdict === null,
    reason: verdict?.reason ?? null,
    field: verdict?.field ?? null,
    collateralShares: ethText(p.collateralShares),
    collateralEth: ethText(p.collateralValue),
    debtEth: ethText(p.debt),
    healthFactor: round(healthFactor),
    liquidationPriceEth: round(liquidationPriceEth, 9),
    liquidationPriceUsd: round(liquidationPriceEth * s.ethUsd.price, 4),
    exchangeRate: ethNum(p.exchangeRate),
    effectiveLeverage: round(Number(p.effectiveLeverageBps) / 10_000, 3),
    maxLeverage: Number(p.maxLeverageBps) / 10_000,
    baseAPY: round(base, 4),
    borrowAPYNow: round(wadPercent(p.borrowRateNow), 4),
    borrowAPYAfter: round(borrowAfter, 4),
    netAPY: round(netAPY, 4),
    annualReturnsEth: round((equity * netAPY) / 100, 9),
    poolLiquidityEth: ethText(p.poolLiquidity),
    riskLevel: riskLevelOf(ratio, healthFactor),
    ethUsd: s.ethUsd,
  };
}

/** One preview row; the router's refusals of the client's amount or ratio become 400s when `strict`. */
async function previewOne(s: Snapshot, strategy: StrategyId, ethWei: bigint, ratio: LeverageRatio, strict: boolean) {
  const pool = STRATEGY_POOL[strategy];
  const p = await previewPosition(s.evm, pool, ethWei, ratioBps(ratio), s.at);
  const row = previewRow(s, strategy, ethWei, ratio, p);
  if (strict && !row.possible) {
    const verdict = assess(s, pool, ethWei, ratioBps(ratio), p)!;
    if (verdict.clientFault) throw fieldError(verdict.field, verdict.reason);
  }
  return row;
}

export function createPreviewAnswers(evmSelector: LedgerSelector<EvmChain>, snapshot: SnapshotReader) {
  return {
    async preview(q: {
      strategy: StrategyId;
      ethAmount: number;
      leverageRatio: number;
      walletAddress?: string;
    }): Promise<z.input<typeof previewResponse>> {
      const wei = weiOfEth(q.ethAmount);
      const bps = ratioBps(q.leverageRatio);
      return evmSelector.run(async (evm) => {
        const s = await snapshot(evm);
        const row = await previewOne(s, q.strategy, wei, q.leverageRatio as LeverageRatio, true);
        let wallet = null;
        if (q.walletAddress) {
          const address = getAddress(q.walletAddress);
          const pool = STRATEGY_POOL[q.strategy];
          const w = await walletReadiness(evm, address, pool, wei, bps);
          wallet = {
            address,
            balanceEth: ethText(w.balance),
            routerIsDelegate: w.routerIsDelegate,
            openPositionGas: w.gas === null ? null : w.gas.toString(),
            dryRunError: w.dryRunError,
            lendingPool: evm.address("LendingPool"),
            leverageRouter: evm.address("LeverageRouter"),
            lst: evm.address(pool),
            leverageBps: Number(bps),
          };
        }
        return { preview: row, wallet, ...provenance(s) };
      });
    },

    async simulate(body: { ethAmount: number; strategy?: StrategyId }): Promise<z.input<typeof simulateResponse>> {
      const wei = weiOfEth(body.ethAmount);
      return evmSelector.run(async (evm) => {
        const s = await snapshot(evm);
        const ids = body.strategy ? [body.strategy] : [...STRATEGY_IDS];
        const simulations = await Promise.all(
          ids.map(async (id) => {
            const pool = STRATEGY_POOL[id];
            const max = s.collateral[pool].maxLeverageBps;
            const ratios = await Promise.all(
              LEVERAGE_RATIOS.map(async (ratio): Promise<LeveragePreview | z.input<typeof impossibleRatio>> => {
                const refuse = (reason: string, field = "leverageRatio") => ({
                  strategy: id,
                  leverageRatio: ratio,
                  label: LEVERAGE_RATIO_LABELS[ratio],
                  possible: false as const,
                  reason,
                  field,
                });
                if (max === 0n)
                  return refuse(`the lending pool does not take ${s.pools[pool].symbol} as collateral now`, "strategy");
                if (ratioBps(ratio) > max) {
                  return refuse(
                    `above the ${Number(max) / 10_000}x the lending pool's ${Number(s.collateral[pool].ltvBps) / 100}% LTV allows for ${s.pools[pool].symbol} (LeverageAboveLtvLimit)`,
                  );
                }
                try {
                  return await previewOne(s, id, wei, ratio, false);
                } catch (err) {
                  // The router's own refusal of this ratio (previewPosition maps it to a field error): a row
                  // that says why, not a failed simulation of the other ratios.
                  if (err instanceof HttpError && err.code === "INVALID_INPUT") {
                    const issue = err.issues?.[0];
                    return refuse(issue?.message ?? err.message, issue?.path ?? "leverageRatio");
                  }
                  throw err;
                }
              }),
            );
            return {
              strategy: id,
              name: strategyName(pool),
              collateralToken: s.pools[pool].symbol,
              baseAPY: round(s.yields[pool].apy, 4),
              ratios,
            };
          }),
        );
        return { ethAmount: ethText(wei), simulations, ...provenance(s) };
      });
    },
  };
}
