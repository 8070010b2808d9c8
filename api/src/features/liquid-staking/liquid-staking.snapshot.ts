// Everything the market-level answers need, read at one block: the three staking pools, their collateral
// settings in the lending pool, the lending market, ETH/USD and the pools' staking APYs. Every answer of one
// request is computed from one snapshot, so its figures agree with each other and name one `asOfBlock`.
import type { EvmChain } from "../../ledgers/evm";
import { HttpError } from "../../http/errors";
import {
  readCollateral,
  readEthUsd,
  readMarket,
  readPool,
  type CollateralState,
  type EthUsdPrice,
  type MarketState,
  type PoolState,
} from "./liquid-staking.ledger";
import { LIQUID_STAKING_POOLS, type LiquidStakingPool } from "./liquid-staking.schemas";

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

export interface Snapshot {
  evm: EvmChain;
  at: bigint;
  pools: Record<LiquidStakingPool, PoolState>;
  collateral: Record<LiquidStakingPool, CollateralState>;
  market: MarketState;
  ethUsd: EthUsdPrice;
  yields: Record<LiquidStakingPool, PoolYield>;
}

/** Reads a snapshot at a block (`at`, default the latest), or hands back the one already read there. */
export type SnapshotReader = (evm: EvmChain, at?: bigint) => Promise<Snapshot>;

/** The answer's chain and block, spread into every market-level response. */
export const provenance = (s: Snapshot) => ({ network: s.evm.network, asOfBlock: s.at.toString() });

// Snapshots of the last few blocks: the pages poll tokens, strategies and performance every 30 s and a
// snapshot is ~50 eth_calls, while reads at one block always give the same answer. Kept per block (hash,
// or chain run + number), so a new block or a restarted chain is never served an older snapshot.
const KEEP = 4;

/** One reader with its own cache of recent blocks (one per service, so per app). */
export function createSnapshotReader(poolYields: () => Promise<PoolYield[]>): SnapshotReader {
  const recent = new Map<string, Promise<Snapshot>>();

  async function yieldsByPool(): Promise<Record<LiquidStakingPool, PoolYield>> {
    const list = await poolYields();
    const out = {} as Record<LiquidStakingPool, PoolYield>;
    for (const pool of LIQUID_STAKING_POOLS) {
      const found = list.find((y) => y.pool === pool);
      if (!found)
        throw new HttpError("LEDGER_UNAVAILABLE", `no staking APY is available for ${pool} yet`, {
          ledger: "ethereum",
          retryAfterSeconds: 10,
        });
      out[pool] = found;
    }
    return out;
  }

  async function readSnapshot(evm: EvmChain, block: bigint): Promise<Snapshot> {
    const [pools, collateral, market, ethUsd, yields] = await Promise.all([
      Promise.all(LIQUID_STAKING_POOLS.map((p) => readPool(evm, p, block))),
      Promise.all(LIQUID_STAKING_POOLS.map((p) => readCollateral(evm, p, block))),
      readMarket(evm, block),
      readEthUsd(evm, block),
      yieldsByPool(),
    ]);
    const byPool = <T>(list: T[]) =>
      Object.fromEntries(LIQUID_STAKING_POOLS.map((p, i) => [p, list[i]!])) as Record<LiquidStakingPool, T>;
    return { evm, at: block, pools: byPool(pools), collateral: byPool(collateral), market, ethUsd, yields };
  }

  return function snapshot(evm, at) {
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
  };
}
