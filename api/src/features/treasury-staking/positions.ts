// A paper position marked to market on a curve day: each leg repriced from its entry yield (its coupon: a par
// bond at entry) at today's curve yield for its maturity shortened by the calendar days held, plus carry
// (coupon accrual minus funding at the mean Fed funds rate over the days held). Pure: no database here.
import type { TreasuryPositionRow } from "../../db/schema";
import { bondPrice, yieldAt } from "./bond-math";
import { indexOnOrBefore } from "./curve-clock";
import { curvePoints, round } from "./opportunities";
import { legView, strategyById, type SizedLeg } from "./strategies";
import { TREASURY_PAPER_NOTE, type TreasuryStrategyId } from "./treasury-staking.constants";
import type { TreasuryPosition } from "./treasury-staking.schemas";
import { calendarDaysBetween, meanFunding, type CurveDay, type FundingDay } from "./yield-data";

/** A leg as stored in treasury_positions.legs: the ticket's sized leg. */
export type StoredLeg = SizedLeg;

export interface Mark {
  position: TreasuryPosition;
  /** Spread change in the strategy's favour since entry, bps (for spreadCapture). */
  favourableSpreadChangeBps: number;
}

/** Marks `row` on history[index] (or on its closing day when closed). */
export function markPosition(
  row: TreasuryPositionRow,
  history: readonly CurveDay[],
  index: number,
  dff: readonly FundingDay[],
): Mark {
  const def = strategyById(row.strategy)!;
  const legs = row.legs as StoredLeg[];
  const openIndex = indexOnOrBefore(history, row.openedOn);
  const closed = row.status === "CLOSED" && row.closedOn !== null;
  // The day it is marked on: its closing day, else the curve day; never before it opened (a clock set back).
  let markIndex = closed ? indexOnOrBefore(history, row.closedOn!) : index;
  if (markIndex < openIndex) markIndex = openIndex;
  const day = history[markIndex]!;
  const calendarDays = Math.max(0, calendarDaysBetween(row.openedOn, day.date));
  const h = calendarDays / 365;
  const funding = meanFunding(dff, row.openedOn, day.date) ?? 0;
  const pts = curvePoints(day);

  let pricePnl = 0;
  let carryPnl = 0;
  const marked = legs.map((leg) => {
    const sign = leg.side === "long" ? 1 : -1;
    const remainingYears = Math.max(leg.years - h, 1 / 365);
    const currentYield = yieldAt(pts, remainingYears) ?? leg.entryYield;
    const currentPrice = bondPrice(leg.entryYield, currentYield, remainingYears);
    pricePnl += (sign * leg.notional * (currentPrice - leg.entryPrice)) / 100;
    carryPnl += (sign * leg.notional * (leg.entryYield - funding) * h) / 100;
    return {
      ...leg,
      currentYield: round(currentYield, 6),
      currentPrice: round(currentPrice, 6),
      remainingYears: round(remainingYears, 6),
    };
  });
  const pnl = pricePnl + carryPnl;
  const spreadNow = def.spreadBps(day) ?? row.entrySpreadBps;
  const long = legs.filter((l) => l.side === "long");
  const short = legs.filter((l) => l.side === "short");
  const ref = (ls: StoredLeg[], yields: (l: StoredLeg) => number) => ({
    maturity: ls.map((l) => l.maturity).join(" + "),
    currentYield: round(ls.reduce((a, l) => a + yields(l), 0) / ls.length, 4),
  });
  const todayYield = (l: StoredLeg) => day.yields[l.tenor] ?? l.entryYield;
  const realized = closed ? (row.realizedPnl ?? pnl) : null;
  return {
    favourableSpreadChangeBps: def.direction * (spreadNow - row.entrySpreadBps),
    position: {
      id: row.id,
      userId: row.userId,
      strategy: row.strategy as TreasuryStrategyId,
      status: closed ? "CLOSED" : "ACTIVE",
      daysHeld: Math.max(0, markIndex - openIndex),
      calendarDaysHeld: calendarDays,
      openedOn: row.openedOn,
      closedOn: row.closedOn,
      longBond: ref(long, todayYield),
      shortBond: ref(short, todayYield),
      currentSpread: round(spreadNow / 100, 6),
      currentSpreadBps: round(spreadNow, 2),
      entrySpreadBps: round(row.entrySpreadBps, 2),
      amount: row.amount,
      currentValue: round(row.amount + (realized ?? pnl), 2),
      unrealizedPnL: closed ? 0 : round(pnl, 2),
      realizedPnL: realized === null ? null : round(realized, 2),
      pnlBreakdown: { price: round(pricePnl, 2), carry: round(carryPnl, 2) },
      performance: { totalReturn: round(((realized ?? pnl) / row.amount) * 100, 4) },
      legs: marked.map((l) => ({
        ...legView(l),
        currentYield: l.currentYield,
        currentPrice: l.currentPrice,
        remainingYears: l.remainingYears,
      })),
      expectedSpreadChangeBps: row.expectedSpreadChangeBps,
      paper: true,
      note: TREASURY_PAPER_NOTE,
    },
  };
}
