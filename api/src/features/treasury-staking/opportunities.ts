// The opportunities of one curve day, computed from the curve history up to that day (never later): spread,
// z-score, the mean-reversion model's fit, carry + roll-down, the backtest, the risk rule. Pure: the service
// caches one result per curve day.
import { bondPrice, yieldAt } from "./bond-math";
import { STRATEGIES, capitalRequiredOf, legView, round, sizeLegs, type StrategyDef } from "./strategies";
import {
  SPREAD_BACKTEST_ENTRY_Z,
  SPREAD_BACKTEST_RULE,
  SPREAD_HORIZON_CALENDAR_DAYS,
  SPREAD_HORIZON_CURVE_DAYS,
  SPREAD_HORIZON_TEXT,
  SPREAD_MODEL_DESCRIPTION,
  SPREAD_MODEL_NAME,
  SPREAD_ZSCORE_WINDOW,
  TENOR_YEARS,
  TREASURY_RISK_RULE,
  TREASURY_RISK_THRESHOLDS,
  TREASURY_TENORS,
  TREASURY_TRADE_RULE,
  MIN_TICKET_DV01_USD,
  type TreasuryStrategyId,
} from "./treasury-staking.constants";
import type { TreasuryBacktest, TreasuryOpportunity } from "./treasury-staking.schemas";
import { fundingOn, type CurveDay, type FundingDay } from "./yield-data";

export interface SpreadStats {
  mean: number;
  sd: number;
  /** Standard deviation of daily changes, bps. */
  dailySd: number;
}

/** Mean and standard deviation (sample) of the spread over days [i - window + 1, i], and of its daily changes. */
export function trailingStats(
  spreads: readonly (number | null)[],
  i: number,
  window = SPREAD_ZSCORE_WINDOW,
): SpreadStats | null {
  if (i - window + 1 < 0) return null;
  const xs: number[] = [];
  const ds: number[] = [];
  for (let k = i - window + 1; k <= i; k++) {
    const s = spreads[k];
    if (s === null || s === undefined) continue;
    xs.push(s);
    const prev = k > 0 ? spreads[k - 1] : null;
    if (k > i - window + 1 && prev !== null && prev !== undefined) ds.push(s - prev);
  }
  if (xs.length < window * 0.9 || ds.length < 2) return null;
  return { mean: mean(xs), sd: sampleSd(xs), dailySd: sampleSd(ds) };
}

export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function sampleSd(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** The curve as points sorted by maturity (for interpolation). */
export function curvePoints(day: CurveDay): { years: number; yieldPct: number }[] {
  return TREASURY_TENORS.flatMap((t) =>
    day.yields[t] === undefined ? [] : [{ years: TENOR_YEARS[t], yieldPct: day.yields[t]! }],
  );
}

/**
 * phi of the model: least squares through the origin of the horizon's spread change on (spread - trailing
 * mean), over every day with a full trailing year whose horizon ended by day `upTo`; clamped to 0..1.
 */
export function fitPhi(spreads: readonly (number | null)[], upTo: number): number {
  let sxy = 0;
  let sxx = 0;
  for (let t = SPREAD_ZSCORE_WINDOW - 1; t + SPREAD_HORIZON_CURVE_DAYS <= upTo; t++) {
    const st = trailingStats(spreads, t);
    const a = spreads[t];
    const b = spreads[t + SPREAD_HORIZON_CURVE_DAYS];
    if (!st || a == null || b == null) continue;
    const x = a - st.mean;
    sxy += x * (b - a);
    sxx += x * x;
  }
  if (sxx === 0) return 0;
  return Math.min(1, Math.max(0, -sxy / sxx));
}

/** Spread DV01 per dollar of capital on a day (the legs as par bonds at that day's yields). */
function dv01PerCapital(def: StrategyDef, day: CurveDay): number | null {
  const s = sizeLegs(def, day, 1);
  return s ? 1 / s.grossPerSpreadDv01 : null;
}

/** Non-overlapping trades on days [window - 1, upTo - horizon]: see SPREAD_BACKTEST_RULE. */
export function backtestStrategy(
  def: StrategyDef,
  history: readonly CurveDay[],
  spreads: readonly (number | null)[],
  upTo: number,
): TreasuryBacktest {
  const returns: number[] = [];
  const first = SPREAD_ZSCORE_WINDOW - 1;
  for (let t = first; t + SPREAD_HORIZON_CURVE_DAYS <= upTo;) {
    const st = trailingStats(spreads, t);
    const a = spreads[t];
    const b = spreads[t + SPREAD_HORIZON_CURVE_DAYS];
    if (st && a != null && b != null && st.sd > 0) {
      const z = (a - st.mean) / st.sd;
      // Reversion towards the mean moves the spread by -(a - mean): the strategy gains if direction agrees.
      if (Math.abs(z) >= SPREAD_BACKTEST_ENTRY_Z && def.direction * -(a - st.mean) > 0) {
        const perCapital = dv01PerCapital(def, history[t]!);
        if (perCapital !== null) {
          returns.push(def.direction * (b - a) * perCapital * 100);
          t += SPREAD_HORIZON_CURVE_DAYS;
          continue;
        }
      }
    }
    t++;
  }
  const wins = returns.filter((r) => r > 0).length;
  return {
    hitRate: returns.length ? round((wins / returns.length) * 100, 2) : null,
    meanReturn: returns.length ? round(mean(returns), 4) : null,
    totalReturn: round(
      returns.reduce((x, y) => x + y, 0),
      4,
    ),
    trades: returns.length,
    wins,
    from: history[0]!.date,
    to: history[upTo]!.date,
    rule: SPREAD_BACKTEST_RULE,
  };
}

export interface CarryRoll {
  /** USD over the horizon for the legs given. */
  usd: number;
}

/**
 * Carry + roll-down of legs over `calendarDays`: each leg's coupon accrual minus funding (the Fed funds rate),
 * plus its price change when its maturity shortens and its yield rolls down today's curve.
 */
export function carryRollDown(
  legs: readonly { years: number; side: "long" | "short"; notional: number; entryYield: number; entryPrice: number }[],
  day: CurveDay,
  fundingPct: number,
  calendarDays: number,
): number {
  const h = calendarDays / 365;
  const pts = curvePoints(day);
  let usd = 0;
  for (const leg of legs) {
    const sign = leg.side === "long" ? 1 : -1;
    const carry = (leg.notional * (leg.entryYield - fundingPct) * h) / 100;
    const rolledYield = yieldAt(pts, leg.years - h) ?? leg.entryYield;
    const roll = (leg.notional * (bondPrice(leg.entryYield, rolledYield, leg.years - h) - leg.entryPrice)) / 100;
    usd += sign * (carry + roll);
  }
  return usd;
}

export function spreadSeries(def: StrategyDef, history: readonly CurveDay[], upTo: number): (number | null)[] {
  return history.slice(0, upTo + 1).map((d) => def.spreadBps(d));
}

export interface DayAnalysis {
  opportunities: TreasuryOpportunity[];
  funding: FundingDay | null;
}

/** Every strategy on history[index]. */
export function analyseDay(history: readonly CurveDay[], index: number, dff: readonly FundingDay[]): DayAnalysis {
  const day = history[index]!;
  const funding = fundingOn(dff, day.date);
  // Without a Fed funds value (before 2024-01-01) the 1-month bill stands in; never reached by the clock.
  const fundingPct = funding?.rate ?? day.yields["1_mo"] ?? day.yields["3_mo"] ?? 0;
  const opportunities: TreasuryOpportunity[] = [];
  for (const def of STRATEGIES) {
    const spreads = spreadSeries(def, history, index);
    const s = spreads[index];
    const ticket = sizeLegs(def, day, MIN_TICKET_DV01_USD);
    if (s == null || !ticket) continue;
    const capitalRequired = capitalRequiredOf(ticket);
    const perCapital = 1 / ticket.grossPerSpreadDv01; // spread DV01 per dollar of capital
    const st = trailingStats(spreads, index);
    const z = st && st.sd > 0 ? (s - st.mean) / st.sd : null;
    const phi = fitPhi(spreads, index);
    const expectedChange = st ? -phi * (s - st.mean) : 0;
    const minGross = ticket.grossPerSpreadDv01 * MIN_TICKET_DV01_USD;
    const carryUsd = carryRollDown(ticket.legs, day, fundingPct, SPREAD_HORIZON_CALENDAR_DAYS);
    const carryBps = carryUsd / MIN_TICKET_DV01_USD; // USD per (USD per bp) = bps of spread
    const carryPct = (carryUsd / minGross) * 100;
    const expectedReturn = ((def.direction * expectedChange * MIN_TICKET_DV01_USD + carryUsd) / minGross) * 100;
    const backtest = backtestStrategy(def, history, spreads, index);
    const returnVolPct = st ? st.dailySd * Math.sqrt(SPREAD_HORIZON_CURVE_DAYS) * perCapital * 100 : 0;
    const long = ticket.legs.filter((l) => l.side === "long");
    const short = ticket.legs.filter((l) => l.side === "short");
    const longFace = long.reduce((a, l) => a + l.notional, 0);
    const shortFace = short.reduce((a, l) => a + l.notional, 0);
    const ref = (legs: typeof long) => ({
      maturity: legs.map((l) => l.maturity).join(" + "),
      currentYield: round(mean(legs.map((l) => l.entryYield)), 4),
    });
    opportunities.push({
      id: def.id,
      strategy: def.id,
      description: def.description,
      riskLevel: riskLevelOf(returnVolPct, z),
      riskRule: TREASURY_RISK_RULE,
      returnVolPct: round(returnVolPct, 4),
      longBond: ref(long),
      shortBond: ref(short),
      expectedReturn: round(expectedReturn, 4),
      currentSpread: round(s / 100, 6),
      currentSpreadBps: round(s, 2),
      spreadDefinition: def.spreadDefinition,
      direction: def.direction,
      capitalRequired,
      timeHorizon: SPREAD_HORIZON_TEXT,
      zScore: z === null ? null : round(z, 4),
      trailingMeanBps: st ? round(st.mean, 4) : null,
      carryRollDownBps: round(carryBps, 4),
      carryRollDownPct: round(carryPct, 4),
      expectedSpreadChangeBps: round(expectedChange, 4),
      notionalRatio: round(shortFace / longFace, 6),
      notionalRatioText: `${short.map((l) => `${l.maturity} ${round(l.notional / longFace, 4)}`).join(" + ")} sold per 1 of ${long.map((l) => l.maturity).join(" + ")} bought (equal DV01${def.legs.length > 2 ? ": each wing half the body's" : ""})`,
      spreadDv01Per1m: round(perCapital * 1e6, 4),
      legs: ticket.legs.map(legView),
      model: {
        name: SPREAD_MODEL_NAME,
        description: SPREAD_MODEL_DESCRIPTION,
        phi: round(phi, 6),
        backtest,
      },
      ruleVerdict: tradeRuleVerdict(round(expectedReturn, 4), backtest),
    });
  }
  return { opportunities: rankOpportunities(opportunities), funding };
}

const signedPct = (x: number) => `${x > 0 ? "+" : x < 0 ? "-" : ""}${Math.abs(x).toFixed(2)}%`;

/**
 * TREASURY_TRADE_RULE on one trade: taken, or every reason it is not (in words, with the figures). A backtest
 * without enough trades is no evidence either way, so it fails the rule whatever its hit rate.
 */
export function tradeRuleVerdict(
  expectedReturnPct: number,
  backtest: Pick<TreasuryBacktest, "trades" | "wins" | "hitRate">,
): TreasuryOpportunity["ruleVerdict"] {
  const rule = TREASURY_TRADE_RULE;
  const reasons: string[] = [];
  if (!(expectedReturnPct > rule.minExpectedReturnPct))
    reasons.push(`expected return ${signedPct(expectedReturnPct)} is not above ${rule.minExpectedReturnPct}%`);
  if (backtest.trades < rule.minBacktestTrades)
    reasons.push(
      `the backtest has ${backtest.trades} trade${backtest.trades === 1 ? "" : "s"}, fewer than ${rule.minBacktestTrades}`,
    );
  else if ((backtest.hitRate ?? 0) < rule.minBacktestHitRatePct)
    reasons.push(
      `${backtest.wins} of ${backtest.trades} backtest trades won (${Math.round(backtest.hitRate ?? 0)}%), under ${rule.minBacktestHitRatePct}%`,
    );
  return { taken: reasons.length === 0, reasons };
}

/** Highest expected return first; equal returns keep the strategies' order (a stable sort). */
export function rankOpportunities<T extends { expectedReturn: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.expectedReturn - a.expectedReturn);
}

export function riskLevelOf(returnVolPct: number, z: number | null): "LOW" | "MEDIUM" | "HIGH" {
  const levels = ["LOW", "MEDIUM", "HIGH"] as const;
  let i =
    returnVolPct < TREASURY_RISK_THRESHOLDS.lowBelowPct
      ? 0
      : returnVolPct < TREASURY_RISK_THRESHOLDS.mediumBelowPct
        ? 1
        : 2;
  if (z !== null && Math.abs(z) >= TREASURY_RISK_THRESHOLDS.extremeZ) i = Math.min(2, i + 1);
  return levels[i]!;
}

export { round } from "./strategies";

export type { TreasuryStrategyId };
