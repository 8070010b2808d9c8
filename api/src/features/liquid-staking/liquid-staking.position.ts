// One position as the API answers it, from its episode of router events and, while it is open, the
// router's positionOf and a close dry run at the snapshot's block. A closed position's earnings are what it
// realised; an open one's are the current rates on its current collateral and debt.
import type { Address } from "viem";
import type { IndexedEvent } from "../../ledgers/evm/event-index/types";
import type { CloseQuote, RouterPosition } from "./liquid-staking.ledger";
import { annualised, ethNum, ethText, hfNumber, round, wadPercent, yearlyYield } from "./liquid-staking.math";
import { strategyOfPool, type LeveragePosition } from "./liquid-staking.schemas";
import type { Episode } from "./liquid-staking.episodes";
import type { Snapshot } from "./liquid-staking.snapshot";

const big = (e: IndexedEvent, k: string) => BigInt(String(e.args[k]));

/** `live` and `close` are read for an episode without a close; a closed one needs neither. */
export function positionOfEpisode(
  s: Snapshot,
  user: Address,
  ep: Episode,
  live: RouterPosition | null,
  close: CloseQuote | null,
  wasLiquidated = false,
): LeveragePosition {
  const ethIn = ep.opens.reduce((a, e) => a + big(e, "ethIn"), 0n);
  const debtAtOpen = ep.opens.reduce((a, e) => a + big(e, "debt"), 0n);
  // Merged opens: the ratio is the equity-weighted mean of theirs.
  const weighted = ep.opens.reduce((a, e) => a + big(e, "leverageBps") * big(e, "ethIn"), 0n);
  const first = ep.opens[0]!;
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
  if (ep.close) return closedPosition(common, ep.close, first, ethIn, debtAtOpen);
  return openPosition(common, s, ep, live!, close, wasLiquidated);
}

type Common = Pick<
  LeveragePosition,
  | "id"
  | "userId"
  | "strategy"
  | "leverageRatio"
  | "collateralToken"
  | "ethIn"
  | "openedAt"
  | "openedBlock"
  | "openTransactionHash"
> & {
  close: null;
};

function closedPosition(
  common: Common,
  c: IndexedEvent,
  first: IndexedEvent,
  ethIn: bigint,
  debtAtOpen: bigint,
): LeveragePosition {
  const ethOut = big(c, "ethOut");
  const wethFromCollateral = big(c, "wethFromCollateral");
  const seconds = c.blockTimestamp - first.blockTimestamp;
  const realised = ethIn > 0n ? (ethNum(ethOut) / ethNum(ethIn) - 1) * 100 : null;
  const stakedAtOpen = ethNum(ethIn + debtAtOpen);
  const stakingRealised = stakedAtOpen > 0 ? (ethNum(wethFromCollateral) / stakedAtOpen - 1) * 100 : null;
  const totalAPY = annualised(realised, seconds);
  const stakingYield = annualised(stakingRealised, seconds);
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

/** Never closed: active, or (no collateral left) liquidated if the pool says so, else exited. */
function openPosition(
  common: Common,
  s: Snapshot,
  ep: Episode,
  r: RouterPosition,
  close: CloseQuote | null,
  wasLiquidated: boolean,
): LeveragePosition {
  const base = s.yields[ep.pool].apy;
  const liquidated = r.collateralShares === 0n;
  const value = ethNum(r.collateralValue);
  const debt = ethNum(r.debt);
  const equity = value - debt;
  const borrow = wadPercent(s.market.borrowRate);
  const total = equity > 0 ? yearlyYield(value, base, debt, borrow) / equity : null;
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
