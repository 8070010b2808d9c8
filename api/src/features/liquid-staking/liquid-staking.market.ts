// GET /tokens, /strategies and /performance: the market-level answers the pages poll, each computed from
// one snapshot (so from the cache of recent blocks when several pages ask about the same block).
import { getAddress } from "viem";
import type { z } from "zod";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { readPosition } from "./liquid-staking.ledger";
import { episodesOf, routerEvents } from "./liquid-staking.episodes";
import { ethNum, ethText, round, wadPercent, yearlyYield } from "./liquid-staking.math";
import {
  DEFAULT_LEVERAGE_RATIO,
  LIQUID_STAKING_POOLS,
  type performanceResponse,
  type strategiesResponse,
  type tokensResponse,
} from "./liquid-staking.schemas";
import { provenance, type Snapshot, type SnapshotReader } from "./liquid-staking.snapshot";
import { strategyOf } from "./liquid-staking.strategy";

function tokensOf(s: Snapshot) {
  return LIQUID_STAKING_POOLS.map((pool) => {
    const st = s.pools[pool];
    const c = s.collateral[pool];
    return {
      symbol: st.symbol,
      name: st.name,
      address: st.address,
      tradeable: !st.paused,
      exchangeRate: ethNum(st.exchangeRate),
      totalSupply: ethText(st.totalSupply),
      backingETH: ethText(st.totalAssets),
      leverageMultiplier: Number(c.maxLeverageBps) / 10_000,
      ltvPercent: Number(c.ltvBps) / 100,
      liquidationThresholdPercent: Number(c.liquidationThresholdBps) / 100,
      collateralEnabled: c.listed && c.enabled,
      minDepositEth: ethText(st.minDeposit),
      withdrawalDelaySeconds: Number(st.withdrawalDelay),
      stakingAPY: round(s.yields[pool].apy, 4),
      stakingAPYSource: s.yields[pool].source,
    };
  });
}

/**
 * The active positions (held per positionOf, not only never closed) and the sum of their yearly yields and
 * equity, which performance weights the average APY by; positions with no equity left are counted but
 * carry no weight.
 */
async function activePositions(s: Snapshot, evm: EvmChain, index: EventIndex) {
  const borrow = wadPercent(s.market.borrowRate);
  const events = await routerEvents(index, s.at);
  const open = [...episodesOf(evm, events).entries()].flatMap(([key, eps]) =>
    eps.filter((ep) => ep.close === null).map((ep) => ({ user: getAddress(key.split("|")[0]!), ep })),
  );
  const live = await Promise.all(
    open.map(({ user, ep }) => readPosition(evm, user, ep.pool, s.at).then((r) => ({ ep, r }))),
  );
  const held = live.filter(({ r }) => r.collateralShares > 0n);
  let weighted = 0;
  let equityTotal = 0;
  for (const { ep, r } of held) {
    const value = ethNum(r.collateralValue);
    const debt = ethNum(r.debt);
    const equity = value - debt;
    if (equity <= 0) continue;
    weighted += yearlyYield(value, s.yields[ep.pool].apy, debt, borrow);
    equityTotal += equity;
  }
  return { count: held.length, weighted, equityTotal };
}

export function createMarketAnswers(
  evmSelector: LedgerSelector<EvmChain>,
  index: EventIndex | null,
  snapshot: SnapshotReader,
) {
  return {
    // Each answer is computed once per chain head (EvmChain.atHead) and shared by every poll of that block: the
    // strategies' three router previews are eth_calls, and the pages poll all three answers.
    async tokens(): Promise<z.input<typeof tokensResponse>> {
      return evmSelector.run((evm) =>
        evm.atHead("liquid-staking:tokens", async () => {
          const s = await snapshot(evm);
          return { tokens: tokensOf(s), ...provenance(s) };
        }),
      );
    },

    async strategies(): Promise<z.input<typeof strategiesResponse>> {
      return evmSelector.run((evm) =>
        evm.atHead("liquid-staking:strategies", async () => {
          const s = await snapshot(evm);
          const strategies = await Promise.all(LIQUID_STAKING_POOLS.map((pool) => strategyOf(s, pool)));
          return { strategies, ...provenance(s) };
        }),
      );
    },

    async performance(): Promise<z.input<typeof performanceResponse>> {
      return evmSelector.run(async (evm) => {
        // At the index's head when one runs, so the count of positions and the chain's figures agree.
        const head = index ? await index.head() : null;
        return evm.atHead(`liquid-staking:performance:${head?.lastIndexedBlock ?? "-"}`, () =>
          performanceAt(evm, head),
        );
      });
    },
  };

  async function performanceAt(
    evm: EvmChain,
    head: Awaited<ReturnType<EventIndex["head"]>> | null,
  ): Promise<Omit<z.input<typeof performanceResponse>, "source" | "reason">> {
    const s = await snapshot(evm, head?.lastIndexedBlock);
    const collateralValue = LIQUID_STAKING_POOLS.reduce(
      (a, p) => a + (s.collateral[p].totalCollateral * s.pools[p].exchangeRate) / 10n ** 18n,
      0n,
    );
    const borrow = wadPercent(s.market.borrowRate);
    const active = index && head ? await activePositions(s, evm, index) : null;
    const activeReason = active
      ? null
      : index
        ? "the event index has not finished its first pass yet"
        : "no event index runs on this server";
    // Equity-weighted over the active positions; with none (or no equity), the mean of the strategies'
    // leveraged APY at 2x (base x L - borrow x (L - 1), added term by term into the running sum).
    const byPositions = active !== null && active.equityTotal > 0;
    const r = DEFAULT_LEVERAGE_RATIO;
    const averageAPY = byPositions
      ? active.weighted / active.equityTotal
      : LIQUID_STAKING_POOLS.reduce((a, p) => a + s.yields[p].apy * r - borrow * (r - 1), 0) /
        LIQUID_STAKING_POOLS.length;
    return {
      totalValueLocked: ethText(s.market.cash + collateralValue),
      lendingLiquidityEth: ethText(s.market.cash),
      collateralValueEth: ethText(collateralValue),
      totalDebtEth: ethText(s.market.totalDebt),
      averageAPY: round(averageAPY, 4),
      averageAPYBasis: byPositions ? "active-positions" : "strategies",
      leveragePositions: active ? active.count : null,
      activePositionsReason: activeReason,
      platformUtilization: round(wadPercent(s.market.utilization), 4),
      borrowAPY: round(borrow, 4),
      ...provenance(s),
    };
  }
}
