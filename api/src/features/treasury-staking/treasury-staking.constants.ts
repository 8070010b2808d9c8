// The treasury-staking feature's vocabulary as plain values (no zod): tenors, strategies, the spec's
// messages, the stated rules (model, horizon, sizing, risk). The schemas build on it and re-export it; the
// dapp's first load imports it directly (its dapp feature's constants.ts).

/** The par curve's columns, in the bundled CSVs' order (Treasury's "1 Mo" ... "30 Yr"). */
export const TREASURY_TENORS = [
  "1_mo",
  "1_5_mo",
  "2_mo",
  "3_mo",
  "4_mo",
  "6_mo",
  "1_yr",
  "2_yr",
  "3_yr",
  "5_yr",
  "7_yr",
  "10_yr",
  "20_yr",
  "30_yr",
] as const;
export type TreasuryTenor = (typeof TREASURY_TENORS)[number];

/** Years to maturity of each tenor (months / 12). */
export const TENOR_YEARS: Record<TreasuryTenor, number> = {
  "1_mo": 1 / 12,
  "1_5_mo": 1.5 / 12,
  "2_mo": 2 / 12,
  "3_mo": 3 / 12,
  "4_mo": 4 / 12,
  "6_mo": 6 / 12,
  "1_yr": 1,
  "2_yr": 2,
  "3_yr": 3,
  "5_yr": 5,
  "7_yr": 7,
  "10_yr": 10,
  "20_yr": 20,
  "30_yr": 30,
};

/** The label the Treasury prints for each tenor ("1 Mo", "1.5 Mo", "10 Yr"); the page's maturity column. */
export const TENOR_LABELS: Record<TreasuryTenor, string> = {
  "1_mo": "1 Mo",
  "1_5_mo": "1.5 Mo",
  "2_mo": "2 Mo",
  "3_mo": "3 Mo",
  "4_mo": "4 Mo",
  "6_mo": "6 Mo",
  "1_yr": "1 Yr",
  "2_yr": "2 Yr",
  "3_yr": "3 Yr",
  "5_yr": "5 Yr",
  "7_yr": "7 Yr",
  "10_yr": "10 Yr",
  "20_yr": "20 Yr",
  "30_yr": "30 Yr",
};

/**
 * The computed opportunities: a steepener and a flattener on each standard pair, and one butterfly.
 * The id is the opportunity's id and its `strategy` (the spec's underscored name); it is stable across curve
 * days, so a stake names the strategy and opens at the curve day the clock shows when it arrives.
 */
export const TREASURY_STRATEGY_IDS = [
  "steepener_2s10s",
  "flattener_2s10s",
  "steepener_5s30s",
  "flattener_5s30s",
  "steepener_2s5s",
  "flattener_2s5s",
  "butterfly_2s5s10s",
] as const;
export type TreasuryStrategyId = (typeof TREASURY_STRATEGY_IDS)[number];

/**
 * The fixed demo user of the spec (section 6): a read-only showcase book. No visitor writes it (staking and
 * closing need the wallet's own SIWE session); it holds the SHOWCASE_POSITIONS, seeded deterministically.
 */
export const DEMO_USER_ID = "demo-user";

/**
 * The showcase book of demo-user: fixed trades, with fixed ids, opened SHOWCASE_OPENED_CURVE_DAYS_BEFORE_REPLAY
 * curve days before the replay clock's start day, so at the start they already carry a month of P&L. Seeded
 * (insert-if-absent) when the book is first read; every process and replica writes the same rows.
 */
export const SHOWCASE_POSITIONS = [
  { id: "5e0c0a5e-0000-4000-8000-000000000001", opportunityId: "steepener_2s10s", amount: 100_000 },
  { id: "5e0c0a5e-0000-4000-8000-000000000002", opportunityId: "butterfly_2s5s10s", amount: 250_000 },
] as const;
export const SHOWCASE_OPENED_CURVE_DAYS_BEFORE_REPLAY = 21;

/** The spec's messages (sections 5 and 8), verbatim, as toast title and description. */
export const TREASURY_MESSAGES = {
  invalidInput: { title: "Invalid Input", description: "Please select an opportunity and enter an amount" },
  /** "Minimum investment required: $" followed by the en-US formatted minimum. */
  insufficientAmount: (minimumUsd: number) => ({
    title: "Insufficient Amount",
    description: `Minimum investment required: $${formatTreasuryUsd(minimumUsd)}`,
  }),
  insufficientAmountPrefix: "Minimum investment required: $",
  positionCreated: {
    title: "Staking Position Created",
    description: "Your Treasury bond arbitrage position has been successfully created.",
  },
  stakeFailed: {
    title: "Staking Failed",
    fallback: "Failed to create staking position",
    thrown: "Failed to create stake",
  },
} as const;

/** en-US, whole dollars (the spec's "Currency in USD with en-US formatting"). */
export function formatTreasuryUsd(usd: number): string {
  return usd.toLocaleString("en-US", { maximumFractionDigits: 0 });
}

/** The spec's polling (section 9), in milliseconds. */
export const TREASURY_POLL_MS = { bonds: 30_000, opportunities: 30_000, positions: 10_000 } as const;

/** The replay clock's steps, in curve days (published days, not calendar days). */
export const TREASURY_REPLAY_STEPS = { day: 1, week: 5, month: 21 } as const;
export type TreasuryReplayStep = keyof typeof TREASURY_REPLAY_STEPS;

/** The model's horizon: 63 curve days (about 3 months, 91 calendar days). */
export const SPREAD_HORIZON_CURVE_DAYS = 63;
export const SPREAD_HORIZON_CALENDAR_DAYS = 91;
export const SPREAD_HORIZON_TEXT = "3 months (63 curve days)";
/** The z-score's trailing window: 252 curve days (one year of published days). */
export const SPREAD_ZSCORE_WINDOW = 252;
/** The treasuryBacktest enters when |z| is at least this and the model favours the strategy. */
export const SPREAD_BACKTEST_ENTRY_Z = 1;

/** The smallest ticket: a trade whose spread DV01 is $10 per basis point; capitalRequired = its gross notional. */
export const MIN_TICKET_DV01_USD = 10;
/** The largest amount one position may name (a sanity bound for a paper position). */
export const MAX_STAKE_USD = 1_000_000_000;

/** Risk by the horizon's return volatility (percent of capital), bumped one level when |z| >= 2. */
export const TREASURY_RISK_THRESHOLDS = { lowBelowPct: 0.5, mediumBelowPct: 1.5, extremeZ: 2 } as const;
export const TREASURY_RISK_RULE =
  "Risk = the standard deviation of the strategy's return over the horizon (daily spread changes over the trailing 252 curve days x sqrt(63), times the spread DV01 per dollar of capital): LOW below 0.5%, MEDIUM below 1.5%, HIGH otherwise; one level higher when |z| >= 2 (the spread is at an extreme of its year).";

export const SPREAD_MODEL_NAME = "z-score mean reversion";
export const SPREAD_MODEL_DESCRIPTION =
  "Over the horizon the spread is expected to close a fraction phi of its gap to its trailing 252-curve-day mean: expected change = -phi x (spread - mean). phi is fitted by least squares (through the origin, clamped to 0..1) on the bundled history up to the curve day: every day with a full trailing year whose horizon had ended by the curve day. expectedReturn = (direction x spread DV01 x expected change + carry + roll-down) / capital, over the horizon, in percent (not annualised).";
export const SPREAD_BACKTEST_RULE =
  "TreasuryBacktest: on the bundled history up to the curve day, enter when |z| >= 1 and a reversion of the spread to its trailing mean would favour the strategy, hold 63 curve days, then look for the next entry (trades never overlap). A trade's return = direction x spread DV01 per dollar of capital x the realised spread change (bps), at the entry day's durations; carry is left out (the Fed funds series starts 2024-01-01).";

export const BOND_CONVENTION =
  "Bonds (maturity > 1 year): a par bond of the tenor's maturity whose coupon is the previous published day's yield, semiannual coupons, priced on a coupon date (no accrued interest) at today's yield; modified duration = -(dP/dy)/P; DV01 = the price change for 1 bp per $1m face. Bills (maturity <= 1 year: 1 Mo to 1 Yr): one payment at maturity, 100 x (1 + c x T), discounted at simple interest: price = 100 x (1 + c x T) / (1 + y x T), T in years (months / 12). Yields are the Treasury's par yields in percent.";
export const TREASURY_SIZING_RULE =
  "Legs are DV01-neutral: each short leg's DV01 equals the long leg's (the butterfly's body DV01 is split equally between its two wings). The capital (amount) is the gross face of all legs, fully collateralised (unlevered); capitalRequired = the gross face of the smallest ticket, a spread DV01 of $10 per basis point, rounded up to $1,000.";
export const TREASURY_CARRY_RULE =
  "Carry: each leg's coupon accrual minus funding at the Fed funds effective rate (FRED DFF, the latest daily value on or before the day), on its face, for the calendar days held: long legs earn coupon and pay funding, short legs pay coupon and earn funding. Roll-down: the bond priced at the curve's yield for its shortened maturity (linear between published tenors).";
export const TREASURY_PAPER_NOTE =
  "A paper position on official data: no trade is executed, nothing is on chain; it is marked to market on each curve day from the Treasury's published par yields.";
export const DAILY_VOLUME_NOTE =
  "The Treasury's daily par yield curve carries no traded volume, so dailyVolume is null.";
/**
 * The curve shape is called from the two spreads the Analytics tab shows, 10Y-2Y and 10Y-3M, and nothing else
 * (curve-shape.ts: curveShapeOf). A spread within this band of zero (bps, either side) counts as flat.
 */
export const CURVE_FLAT_BAND_BPS = 10;
export const CURVE_SHAPE_RULE = `Curve shape from the two spreads shown, 10Y-2Y and 10Y-3M: each is up above +${CURVE_FLAT_BAND_BPS} bps, down below -${CURVE_FLAT_BAND_BPS} bps, flat within ${CURVE_FLAT_BAND_BPS} bps of zero; normal when both are up, inverted when both are down, flat when both are flat, mixed otherwise (the call then names both spreads). A spread whose tenor was not published that day is left out and the call rests on the other.`;

/**
 * The rule that decides which computed trades a trader would take (opportunities.ts: tradeRuleVerdict), in one
 * place: the model must expect a gain over the horizon after carry, roll-down and funding at the Fed funds rate
 * (paper trades: no bid-ask cost is charged, so funding is the only cost), and the strategy's own backtest on the
 * history up to the curve day must have won at least half its trades, over enough trades to count as evidence.
 * A trade that fails is still listed, apart, marked NOT_TAKEN_LABEL with the reason; it is never ranked among the
 * opportunities the rule takes.
 */
export const TREASURY_TRADE_RULE = {
  /** The expected return over the horizon must be above this, percent of capital. */
  minExpectedReturnPct: 0,
  /** The backtest must have won at least this share of its trades, percent. */
  minBacktestHitRatePct: 50,
  /** ... over at least this many trades. */
  minBacktestTrades: 5,
} as const;
export const TREASURY_TRADE_RULE_TEXT = `A trade is taken only when the model's expected return over the horizon is above ${TREASURY_TRADE_RULE.minExpectedReturnPct}% after carry, roll-down and funding at the Fed funds rate (paper trades: no bid-ask cost is charged), and its backtest on the history up to the curve day won at least ${TREASURY_TRADE_RULE.minBacktestHitRatePct}% of at least ${TREASURY_TRADE_RULE.minBacktestTrades} trades. Trades are ranked by expected return; those the rule does not take are listed apart with the reason.`;
/** How a trade the rule does not take is marked: "Not taken by the rule: <why>". */
export const NOT_TAKEN_LABEL = "Not taken by the rule";
export const FED_TREND_RULE =
  "Fed funds direction from the change of DFF over 3 months: easing below -10 bps, tightening above +10 bps, on hold otherwise.";
export const YIELD_VOLATILITY_RULE =
  "Volatility level from the standard deviation of the 10-year yield's daily changes over the trailing 252 curve days: low below 5 bps, high above 8 bps, moderate otherwise.";
