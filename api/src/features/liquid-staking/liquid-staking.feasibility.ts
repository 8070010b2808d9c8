// Whether a previewed position could be opened now, and if not why, on which field, and whether it is the
// client's own choice (amount or ratio: a 400 on /preview) or the market's state (possible: false on
// /preview, an impossible row on /simulate). Only the first refusal that applies is named.
import type { LiquidStakingPool } from "./liquid-staking.schemas";
import type { RouterPreview } from "./liquid-staking.ledger";
import { ethText, minimumEquity } from "./liquid-staking.math";
import type { Snapshot } from "./liquid-staking.snapshot";

export interface Feasibility {
  reason: string;
  field: string;
  /** The client's own choice (amount or ratio), as opposed to the market's state. */
  clientFault: boolean;
}

/** Null when the position can be opened; else the first refusal. */
export function assess(
  s: Snapshot,
  pool: LiquidStakingPool,
  ethWei: bigint,
  bps: bigint,
  p: RouterPreview,
): Feasibility | null {
  const st = s.pools[pool];
  const stake = ethWei + p.debt;
  if (s.market.routerPaused)
    return { reason: "LeverageRouter is paused: no position can be opened now", field: "strategy", clientFault: false };
  if (s.market.poolPaused)
    return { reason: "the lending pool is paused: it lends nothing now", field: "strategy", clientFault: false };
  if (st.paused)
    return {
      reason: `the ${st.symbol} staking pool is paused: it takes no stake now`,
      field: "strategy",
      clientFault: false,
    };
  if (stake < st.minDeposit) {
    return {
      reason: `the stake (amount x ratio = ${ethText(stake)} ETH) is below ${st.symbol}'s minimum deposit of ${ethText(st.minDeposit)} ETH (BelowMinimumDeposit): at ${Number(bps) / 10_000}x enter at least ${ethText(minimumEquity(st.minDeposit, bps))} ETH`,
      field: "ethAmount",
      clientFault: true,
    };
  }
  if (p.collateralShares === 0n)
    return {
      reason: `the stake would mint no ${st.symbol} shares (ZeroShares)`,
      field: "ethAmount",
      clientFault: true,
    };
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
