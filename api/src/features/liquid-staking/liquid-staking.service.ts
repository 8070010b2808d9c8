// The leverage feature's answers, computed from the chain (ledger reads at one block), the staking pools'
// yields (injected from the real-staking feature) and the event index (positions and their counts). Nothing
// is stored here: a position is what LeverageRouter's PositionOpened/PositionClosed events and positionOf say.
import { formatEther, getAddress, parseEther, type Address, type Hash } from "viem";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { fieldError, HttpError } from "../../http/errors";
import {
  BPS,
  previewPosition,
  readCollateral,
  readEthUsd,
  readMarket,
  readOpenedEvents,
  readPool,
  readPosition,
  closeQuote,
  walletReadiness,
  type CloseQuote,
  type CollateralState,
  type EthUsdPrice,
  type MarketState,
  type PoolState,
  type RouterPreview,
} from "./liquid-staking.ledger";
import {
  DEFAULT_LEVERAGE_RATIO,
  LEVERAGE_RATIO_LABELS,
  LEVERAGE_RATIOS,
  LIQUID_STAKING_POOLS,
  riskLevelOf,
  STRATEGY_IDS,
  STRATEGY_POOL,
  strategyOfPool,
  type LeveragePosition,
  type LeveragePreview,
  type LeverageRatio,
  type LeverageRequestBody,
  type LiquidStakingPool,
  type Strategy,
  type StrategyId,
  leverageResponse,
  performanceResponse,
  positionsResponse,
  previewResponse,
  simulateResponse,
  strategiesResponse,
  tokensResponse,
  impossibleRatio,
} from "./liquid-staking.schemas";
import type { z } from "zod";

/**
 * A pool's staking APY as the real-staking feature measures it (its `exports.poolYields`, wired in app.ts).
 * The same shape as real-staking's `PoolYield`, declared here so that this feature imports nothing of
 * another; kept out of the schemas the dapp re-exports (one `PoolYield` name there: real-staking's).
 */
export interface PoolYield {
  pool: LiquidStakingPool;
  /** Percent per year. */
  apy: number;
  /** "exchange-rate": measured from exchangeRate() over a window; "reward-stream": rewardRate x year / totalAssets now. */
  source: "exchange-rate" | "reward-stream";
  /** The measuring window; null for an instantaneous rate. */
  windowSeconds: number | null;
  /** Block number (decimal text) the rate was read at. */
  asOfBlock: string;
}

export interface LiquidStakingServiceDeps {
  evm: LedgerSelector<EvmChain>;
  /** Each pool's staking APY, measured by the real-staking feature (wired in app.ts). */
  poolYields: () => Promise<PoolYield[]>;
  /** The EVM event index (positions, counts); null where none runs. */
  index: EventIndex | null;
  /** How long POST /leverage waits for the index to reach the transaction's block. */
  indexWaitMs?: number;
}

const YEAR_SECONDS = 365 * 24 * 3600;
/** A health factor above this is "no debt" (the contracts answer type(uint256).max). */
const NO_DEBT_HF = 10n ** 30n;

/** What the chain does not say: the staking style each pool is modelled on (product copy). */
const POOL_STYLE: Record<LiquidStakingPool, string> = {
  vibeETH: "rETH",
  qETH: "stETH (as non-rebasing wstETH shares)",
  xqbETH: "sfrxETH",
};
const strategyName = (pool: LiquidStakingPool) => `${pool} Leveraged Staking`;
const STRATEGY_TYPE = "Leveraged liquid staking (flash borrow, one transaction)";

const ethText = (wei: bigint) => formatEther(wei);
const ethNum = (wei: bigint) => Number(formatEther(wei));
const wadPercent = (wad: bigint) => Number(formatEther(wad)) * 100;
const round = (n: number, digits = 6) => Math.round(n * 10 ** digits) / 10 ** digits;
const ratioBps = (ratio: number) => BigInt(Math.round(ratio * 10_000));
const hfNumber = (hf: bigint) => (hf > NO_DEBT_HF ? null : Number(formatEther(hf)));

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
    point <= 0 ? `0.${"0".repeat(-point)}${digits}` : point >= digits.length ? digits + "0".repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return parseEther(plain);
}

/** Least ETH of one's own that makes amount x ratio reach the LST's minimum deposit. */
const minimumEquity = (minDeposit: bigint, bps: bigint) => (minDeposit * BPS + bps - 1n) / bps;

interface Snapshot {
  evm: EvmChain;
  at: bigint;
  pools: Record<LiquidStakingPool, PoolState>;
  collateral: Record<LiquidStakingPool, CollateralState>;
  market: MarketState;
  ethUsd: EthUsdPrice;
  yields: Record<LiquidStakingPool, PoolYield>;
}

interface Feasibility {
  reason: string;
  field: string;
  /** The client's own choice (amount or ratio), as opposed to the market's state. */
  clientFault: boolean;
}

function assess(s: Snapshot, pool: LiquidStakingPool, ethWei: bigint, bps: bigint, p: RouterPreview): Feasibility | null {
  const st = s.pools[pool];
  const stake = ethWei + p.debt;
  if (s.market.routerPaused) return { reason: "LeverageRouter is paused: no position can be opened now", field: "strategy", clientFault: false };
  if (s.market.poolPaused) return { reason: "the lending pool is paused: it lends nothing now", field: "strategy", clientFault: false };
  if (st.paused) return { reason: `the ${st.symbol} staking pool is paused: it takes no stake now`, field: "strategy", clientFault: false };
  if (stake < st.minDeposit) {
    return {
      reason: `the stake (amount x ratio = ${ethText(stake)} ETH) is below ${st.symbol}'s minimum deposit of ${ethText(st.minDeposit)} ETH (BelowMinimumDeposit): at ${Number(bps) / 10_000}x enter at least ${ethText(minimumEquity(st.minDeposit, bps))} ETH`,
      field: "ethAmount",
      clientFault: true,
    };
  }
  if (p.collateralShares === 0n) return { reason: `the stake would mint no ${st.symbol} shares (ZeroShares)`, field: "ethAmount", clientFault: true };
  if (p.debt > p.poolLiquidity) {
    return {
      reason: `the lending pool can lend ${ethText(p.poolLiquidity)} ETH now and this position borrows ${ethText(p.debt)} ETH (InsufficientLiquidity)`,
      field: "ethAmount",
      clientFault: false,
    };
  }
  const cap = s.collateral[pool];
  if (cap.totalCollateral + p.collateralShares > cap.supplyCap) {
    return {
      reason: `the lending pool takes at most ${ethText(cap.supplyCap)} ${st.symbol} as collateral and holds ${ethText(cap.totalCollateral)} (SupplyCapExceeded)`,
      field: "ethAmount",
      clientFault: false,
    };
  }
  return null;
}

function previewRow(s: Snapshot, strategy: StrategyId, ethWei: bigint, ratio: LeverageRatio, p: RouterPreview): LeveragePreview {
  const pool = STRATEGY_POOL[strategy];
  const base = s.yields[pool].apy;
  const equity = ethNum(ethWei);
  const collateralEth = ethNum(p.collateralValue);
  const debtEth = ethNum(p.debt);
  const borrowAfter = wadPercent(p.borrowRateAfter);
  const netAPY = equity > 0 ? (collateralEth * base - debtEth * borrowAfter) / equity : 0;
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

export function createLiquidStakingService(deps: LiquidStakingServiceDeps) {
  const provenance = (s: Snapshot) => ({ network: s.evm.network, asOfBlock: s.at.toString() });

  async function yieldsByPool(): Promise<Record<LiquidStakingPool, PoolYield>> {
    const list = await deps.poolYields();
    const out = {} as Record<LiquidStakingPool, PoolYield>;
    for (const pool of LIQUID_STAKING_POOLS) {
      const found = list.find((y) => y.pool === pool);
      if (!found) throw new HttpError("LEDGER_UNAVAILABLE", `no staking APY is available for ${pool} yet`, { ledger: "ethereum", retryAfterSeconds: 10 });
      out[pool] = found;
    }
    return out;
  }

  // Snapshots of the last few blocks: the pages poll tokens, strategies and performance every 30 s and a
  // snapshot is ~50 eth_calls, while reads at one block always give the same answer. Kept per block (hash,
  // or chain run + number), so a new block or a restarted chain is never served an older snapshot.
  const recent = new Map<string, Promise<Snapshot>>();
  const KEEP = 4;

  /** Everything the market-level answers need, read at one block (`at`, default the latest). */
  function snapshot(evm: EvmChain, at?: bigint): Promise<Snapshot> {
    const keyed = async () => {
      const block = at === undefined ? await evm.block() : null;
      const key = block ? `hash:${block.hash}` : `run:${evm.chainInstance()}:${at}`;
      const hit = recent.get(key);
      if (hit) return hit;
      const loading = readSnapshot(evm, block ? block.number : at!);
      recent.set(key, loading);
      loading.catch(() => recent.get(key) === loading && recent.delete(key));
      while (recent.size > KEEP) recent.delete(recent.keys().next().value!);
      return loading;
    };
    return keyed();
  }

  async function readSnapshot(evm: EvmChain, block: bigint): Promise<Snapshot> {
    const [pools, collateral, market, ethUsd, yields] = await Promise.all([
      Promise.all(LIQUID_STAKING_POOLS.map((p) => readPool(evm, p, block))),
      Promise.all(LIQUID_STAKING_POOLS.map((p) => readCollateral(evm, p, block))),
      readMarket(evm, block),
      readEthUsd(evm, block),
      yieldsByPool(),
    ]);
    const byPool = <T>(list: T[]) => Object.fromEntries(LIQUID_STAKING_POOLS.map((p, i) => [p, list[i]!])) as Record<LiquidStakingPool, T>;
    return { evm, at: block, pools: byPool(pools), collateral: byPool(collateral), market, ethUsd, yields };
  }

  async function strategyOf(s: Snapshot, pool: LiquidStakingPool): Promise<Strategy> {
    const ratio = DEFAULT_LEVERAGE_RATIO;
    const st = s.pools[pool];
    const base = s.yields[pool].apy;
    const borrow = wadPercent(s.market.borrowRate);
    const maxLeverage = Number(s.collateral[pool].maxLeverageBps) / 10_000;
    // The health factor a fresh position opens at, from the router itself (1 ETH as the reference amount:
    // the factor does not depend on the amount beyond a few wei of rounding).
    const p = maxLeverage >= ratio ? await previewPosition(s.evm, pool, parseEther("1"), ratioBps(ratio), s.at) : null;
    const hf = p ? (hfNumber(p.healthFactor) ?? 0) : 0;
    const distance = hf > 0 ? (1 - 1 / hf) * 100 : 0;
    return {
      id: strategyOfPool(pool),
      name: strategyName(pool),
      type: STRATEGY_TYPE,
      collateralToken: st.symbol,
      riskLevel: p ? riskLevelOf(ratio, hf) : "high",
      baseAPY: round(base, 4),
      leveragedAPY: round(base * ratio - borrow * (ratio - 1), 4),
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

  // ---- positions, from the event index ------------------------------------------------------------------

  interface Episode {
    pool: LiquidStakingPool;
    opens: IndexedEvent[];
    close: IndexedEvent | null;
  }

  function requireIndex(): EventIndex {
    if (!deps.index) {
      throw new HttpError("LEDGER_UNAVAILABLE", "positions come from the EVM event index, which is not running on this server", {
        ledger: "ethereum",
        retryAfterSeconds: 10,
      });
    }
    return deps.index;
  }

  async function indexHead(index: EventIndex) {
    const head = await index.head();
    if (!head) {
      throw new HttpError("LEDGER_BUSY", "the event index has not finished its first pass over the chain yet", { ledger: "ethereum", retryAfterSeconds: 2 });
    }
    return head;
  }

  /** Opens and closes per (user, LST), in chain order: an open with nothing active starts a position. */
  function episodesOf(evm: EvmChain, events: IndexedEvent[]): Map<string, Episode[]> {
    const poolOf = new Map(LIQUID_STAKING_POOLS.map((p) => [evm.address(p).toLowerCase(), p] as const));
    const byKey = new Map<string, Episode[]>();
    for (const e of events) {
      const pool = poolOf.get(String(e.args.lst).toLowerCase());
      if (!pool) continue;
      const key = `${String(e.args.user).toLowerCase()}|${pool}`;
      const list = byKey.get(key) ?? [];
      byKey.set(key, list);
      const last = list[list.length - 1];
      if (e.eventName === "PositionOpened") {
        if (last && last.close === null) last.opens.push(e);
        else list.push({ pool, opens: [e], close: null });
      } else if (e.eventName === "PositionClosed" && last && last.close === null) {
        last.close = e;
      }
    }
    return byKey;
  }

  const routerEvents = (index: EventIndex, toBlock: bigint, user?: Address) =>
    index.events({
      contract: "LeverageRouter",
      eventName: ["PositionOpened", "PositionClosed"],
      ...(user ? { args: { user } } : {}),
      toBlock,
      order: "asc",
    });

  function positionOfEpisode(
    s: Snapshot,
    user: Address,
    ep: Episode,
    live: Awaited<ReturnType<typeof readPosition>> | null,
    close: CloseQuote | null,
    wasLiquidated = false,
  ): LeveragePosition {
    const big = (e: IndexedEvent, k: string) => BigInt(String(e.args[k]));
    const ethIn = ep.opens.reduce((a, e) => a + big(e, "ethIn"), 0n);
    const debtAtOpen = ep.opens.reduce((a, e) => a + big(e, "debt"), 0n);
    const weighted = ep.opens.reduce((a, e) => a + big(e, "leverageBps") * big(e, "ethIn"), 0n);
    const first = ep.opens[0]!;
    const base = s.yields[ep.pool].apy;
    const common = {
      id: `${first.transactionHash}:${first.logIndex}`,
      userId: user,
      strategy: strategyOfPool(ep.pool),
      leverageRatio: ethIn > 0n ? round(Number(weighted / ethIn) / 10_000, 4) : 0,
      collateralToken: s.pools[ep.pool].symbol,
      ethIn: ethText(ethIn),
      close: null,
      openedAt: new Date(first.blockTimestamp * 1000).toISOString(),
      openedBlock: first.blockNumber.toString(),
      openTransactionHash: first.transactionHash,
    };
    if (ep.close) {
      const c = ep.close;
      const ethOut = big(c, "ethOut");
      const wethFromCollateral = big(c, "wethFromCollateral");
      const seconds = c.blockTimestamp - first.blockTimestamp;
      const realised = ethIn > 0n ? (ethNum(ethOut) / ethNum(ethIn) - 1) * 100 : null;
      const stakedAtOpen = ethNum(ethIn + debtAtOpen);
      const stakingRealised = stakedAtOpen > 0 ? (ethNum(wethFromCollateral) / stakedAtOpen - 1) * 100 : null;
      // Annualised only over a day or more: a few seconds' exit fee scaled to a year means nothing.
      const perYear = seconds >= 24 * 3600 ? YEAR_SECONDS / seconds : null;
      const totalAPY = realised !== null && perYear ? realised * perYear : null;
      const stakingYield = stakingRealised !== null && perYear ? stakingRealised * perYear : null;
      return {
        ...common,
        status: "closed",
        collateralAmount: ethText(big(c, "collateralShares")),
        collateralValueEth: ethText(wethFromCollateral),
        borrowedAmount: ethText(big(c, "debtRepaid")),
        ethOut: ethText(ethOut),
        healthFactor: null,
        liquidationPrice: null,
        liquidationPriceEth: null,
        earnings: {
          totalAPY: totalAPY === null ? null : round(totalAPY, 4),
          stakingYield: stakingYield === null ? null : round(stakingYield, 4),
          leverageGains: totalAPY === null || stakingYield === null ? null : round(totalAPY - stakingYield, 4),
          realisedReturnPercent: realised === null ? null : round(realised, 6),
          basis: "realised",
        },
        closedAt: new Date(c.blockTimestamp * 1000).toISOString(),
        closeTransactionHash: c.transactionHash,
      };
    }
    const r = live!;
    const liquidated = r.collateralShares === 0n;
    const value = ethNum(r.collateralValue);
    const debt = ethNum(r.debt);
    const equity = value - debt;
    const borrow = wadPercent(s.market.borrowRate);
    const total = equity > 0 ? (value * base - debt * borrow) / equity : null;
    const liqEth = liquidated ? null : ethNum(r.liquidationPrice);
    return {
      ...common,
      status: liquidated ? (wasLiquidated ? "liquidated" : "exited") : "active",
      close:
        liquidated || !close
          ? null
          : {
              leverageRouter: s.evm.address("LeverageRouter"),
              lst: s.pools[ep.pool].address,
              ethOut: close.ethOut === null ? null : ethText(close.ethOut),
              gas: close.gas === null ? null : close.gas.toString(),
              error: close.error,
            },
      collateralAmount: ethText(r.collateralShares),
      collateralValueEth: ethText(r.collateralValue),
      borrowedAmount: ethText(r.debt),
      ethOut: null,
      healthFactor: liquidated ? null : hfNumber(r.healthFactor),
      liquidationPrice: liqEth === null ? null : round(liqEth * s.ethUsd.price, 4),
      liquidationPriceEth: liqEth === null ? null : round(liqEth, 9),
      earnings: {
        totalAPY: total === null || liquidated ? null : round(total, 4),
        stakingYield: liquidated ? null : round(base, 4),
        leverageGains: total === null || liquidated ? null : round(total - base, 4),
        realisedReturnPercent: null,
        basis: "current-rates",
      },
      closedAt: null,
      closeTransactionHash: null,
    };
  }

  /** A user's positions, newest first, from the index up to its head and the chain read at that block. */
  async function positionsAt(evm: EvmChain, index: EventIndex, user: Address) {
    const head = await indexHead(index);
    const at = head.lastIndexedBlock;
    const [s, events] = await Promise.all([snapshot(evm, at), routerEvents(index, at, user)]);
    const episodes = [...episodesOf(evm, events).values()].flat();
    const positions = await Promise.all(
      episodes.map(async (ep) => {
        if (ep.close) return positionOfEpisode(s, user, ep, null, null);
        const [live, quote] = await Promise.all([readPosition(evm, user, ep.pool, at), closeQuote(evm, user, ep.pool)]);
        // Its collateral is gone without a close: a liquidator's doing only if the pool says so.
        const liquidations =
          live.collateralShares === 0n
            ? await index.events({
                contract: "LendingPool",
                eventName: "Liquidated",
                args: { borrower: user, token: s.pools[ep.pool].address },
                fromBlock: ep.opens[0]!.blockNumber,
                toBlock: at,
                limit: 1,
              })
            : [];
        return positionOfEpisode(s, user, ep, live, quote, liquidations.length > 0);
      }),
    );
    positions.sort((a, b) => Number(BigInt(b.openedBlock) - BigInt(a.openedBlock)));
    return { s, positions, episodes };
  }

  return {
    async tokens(): Promise<z.input<typeof tokensResponse>> {
      return deps.evm.run(async (evm) => {
        const s = await snapshot(evm);
        const tokens = LIQUID_STAKING_POOLS.map((pool) => {
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
        return { tokens, ...provenance(s) };
      });
    },

    async strategies(): Promise<z.input<typeof strategiesResponse>> {
      return deps.evm.run(async (evm) => {
        const s = await snapshot(evm);
        const strategies = await Promise.all(LIQUID_STAKING_POOLS.map((pool) => strategyOf(s, pool)));
        return { strategies, ...provenance(s) };
      });
    },

    async preview(q: { strategy: StrategyId; ethAmount: number; leverageRatio: number; walletAddress?: string }): Promise<z.input<typeof previewResponse>> {
      const wei = weiOfEth(q.ethAmount);
      const bps = ratioBps(q.leverageRatio);
      return deps.evm.run(async (evm) => {
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
      return deps.evm.run(async (evm) => {
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
                if (max === 0n) return refuse(`the lending pool does not take ${s.pools[pool].symbol} as collateral now`, "strategy");
                if (ratioBps(ratio) > max) {
                  return refuse(`above the ${Number(max) / 10_000}x the lending pool's ${Number(s.collateral[pool].ltvBps) / 100}% LTV allows for ${s.pools[pool].symbol} (LeverageAboveLtvLimit)`);
                }
                try {
                  return await previewOne(s, id, wei, ratio, false);
                } catch (err) {
                  if (err instanceof HttpError && err.code === "INVALID_INPUT") {
                    const issue = err.issues?.[0];
                    return refuse(issue?.message ?? err.message, issue?.path ?? "leverageRatio");
                  }
                  throw err;
                }
              }),
            );
            return { strategy: id, name: strategyName(pool), collateralToken: s.pools[pool].symbol, baseAPY: round(s.yields[pool].apy, 4), ratios };
          }),
        );
        return { ethAmount: ethText(wei), simulations, ...provenance(s) };
      });
    },

    async positions(userId: string): Promise<z.input<typeof positionsResponse>> {
      const index = requireIndex();
      const user = getAddress(userId);
      return deps.evm.run(async (evm) => {
        const { s, positions } = await positionsAt(evm, index, user);
        return { userId: user, positions, indexedToBlock: s.at.toString(), ...provenance(s) };
      });
    },

    /**
     * A position the wallet opened itself: the receipt's PositionOpened must match the body (user, LST,
     * equity, leverage); the answer waits until the index holds the block, then is the indexed position.
     * Nothing is written here, so sending it again answers the same.
     */
    async recordLeverage(body: LeverageRequestBody): Promise<z.input<typeof leverageResponse>> {
      const evm = deps.evm.requireLive();
      const index = requireIndex();
      const hash = body.transactionHash.toLowerCase() as Hash;
      const { receipt, events } = await readOpenedEvents(evm, hash);
      if (events.length === 0) {
        throw fieldError("transactionHash", `transaction ${hash} is not a LeverageRouter.openPosition (no PositionOpened event from ${evm.address("LeverageRouter")})`);
      }
      const wallet = body.walletAddress.toLowerCase();
      const mine = events.filter((e) => e.user.toLowerCase() === wallet);
      if (mine.length === 0) throw fieldError("walletAddress", `the position in ${hash} was opened by ${events[0]!.user}, not ${getAddress(body.walletAddress)}`);
      const pool = STRATEGY_POOL[body.strategy];
      const lst = evm.address(pool).toLowerCase();
      const ev = mine.find((e) => e.lst.toLowerCase() === lst);
      if (!ev) {
        const other = LIQUID_STAKING_POOLS.find((p) => evm.address(p).toLowerCase() === mine[0]!.lst.toLowerCase());
        throw fieldError("strategy", `the transaction opened a ${other ?? mine[0]!.lst} position (${other ? strategyOfPool(other) : "unknown strategy"}), not ${pool} (${body.strategy})`);
      }
      if (Number(formatEther(ev.ethIn)) !== body.ethAmount) {
        throw fieldError("ethAmount", `the transaction staked ${formatEther(ev.ethIn)} ETH of the wallet's own, not ${body.ethAmount}`);
      }
      if (ev.leverageBps !== ratioBps(body.leverageRatio)) {
        throw fieldError("leverageRatio", `the transaction opened at ${Number(ev.leverageBps) / 10_000}x, not ${body.leverageRatio}x`);
      }
      if (!(await index.waitFor(receipt.blockNumber, deps.indexWaitMs ?? 10_000, evm.chainInstance() ?? undefined))) {
        throw new HttpError("LEDGER_BUSY", `the event index has not reached block ${receipt.blockNumber} yet; send the same request again`, {
          ledger: "ethereum",
          retryAfterSeconds: 2,
        });
      }
      const user = getAddress(body.walletAddress);
      const { positions, episodes } = await positionsAt(evm, index, user);
      const eventId = `${receipt.transactionHash.toLowerCase()}:${ev.logIndex}`;
      const at = episodes.findIndex((ep) => ep.opens.some((o) => `${o.transactionHash.toLowerCase()}:${o.logIndex}` === eventId));
      const firstOpen = at >= 0 ? episodes[at]!.opens[0]! : null;
      const position = firstOpen ? positions.find((p) => p.id === `${firstOpen.transactionHash}:${firstOpen.logIndex}`) : undefined;
      if (!position) {
        throw new HttpError("LEDGER_BUSY", `the event index does not list ${hash}'s PositionOpened yet; send the same request again`, {
          ledger: "ethereum",
          retryAfterSeconds: 2,
        });
      }
      return {
        success: true,
        position,
        strategy: { id: body.strategy, name: strategyName(pool) },
        transactionHash: receipt.transactionHash,
        blockNumber: receipt.blockNumber.toString(),
        source: "live",
        network: evm.network,
      };
    },

    async performance(): Promise<z.input<typeof performanceResponse>> {
      return deps.evm.run(async (evm) => {
        const head = deps.index ? await deps.index.head() : null;
        const s = await snapshot(evm, head?.lastIndexedBlock);
        const collateralValue = LIQUID_STAKING_POOLS.reduce(
          (a, p) => a + (s.collateral[p].totalCollateral * s.pools[p].exchangeRate) / 10n ** 18n,
          0n,
        );
        const borrow = wadPercent(s.market.borrowRate);
        let active: number | null = null;
        let activeReason: string | null = null;
        let weighted = 0;
        let equityTotal = 0;
        if (deps.index && head) {
          const events = await routerEvents(deps.index, s.at);
          const open = [...episodesOf(evm, events).entries()].flatMap(([key, eps]) =>
            eps.filter((ep) => ep.close === null).map((ep) => ({ user: getAddress(key.split("|")[0]!), ep })),
          );
          const live = await Promise.all(open.map(({ user, ep }) => readPosition(evm, user, ep.pool, s.at).then((r) => ({ ep, r }))));
          const held = live.filter(({ r }) => r.collateralShares > 0n);
          active = held.length;
          for (const { ep, r } of held) {
            const value = ethNum(r.collateralValue);
            const debt = ethNum(r.debt);
            const equity = value - debt;
            if (equity <= 0) continue;
            weighted += value * s.yields[ep.pool].apy - debt * borrow;
            equityTotal += equity;
          }
        } else {
          activeReason = deps.index ? "the event index has not finished its first pass yet" : "no event index runs on this server";
        }
        let averageAPY: number;
        let basis: "active-positions" | "strategies";
        if (equityTotal > 0) {
          averageAPY = weighted / equityTotal;
          basis = "active-positions";
        } else {
          const r = DEFAULT_LEVERAGE_RATIO;
          averageAPY = LIQUID_STAKING_POOLS.reduce((a, p) => a + s.yields[p].apy * r - borrow * (r - 1), 0) / LIQUID_STAKING_POOLS.length;
          basis = "strategies";
        }
        return {
          totalValueLocked: ethText(s.market.cash + collateralValue),
          lendingLiquidityEth: ethText(s.market.cash),
          collateralValueEth: ethText(collateralValue),
          totalDebtEth: ethText(s.market.totalDebt),
          averageAPY: round(averageAPY, 4),
          averageAPYBasis: basis,
          leveragePositions: active,
          activePositionsReason: activeReason,
          platformUtilization: round(wadPercent(s.market.utilization), 4),
          borrowAPY: round(borrow, 4),
          ...provenance(s),
        };
      });
    },
  };
}

export type LiquidStakingService = ReturnType<typeof createLiquidStakingService>;
