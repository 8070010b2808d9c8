// The HTTP contract of the treasury-staking feature (the Treasury bond staking page): requests (zod in) and
// responses (zod out). Field names are the spec's (part 2, section 3) plus our additions, each documented.
//
// Units: yields, yield changes and spreads in PERCENT (4.2 = 4.2%; the spec shows spreads "x 100" as bps),
// with a *Bps twin where the page wants basis points; money in USD numbers; dates ISO "YYYY-MM-DD" (curve days).
import { z } from "zod";
import { UnsafeNumber, unsafeNumberMessage } from "../../shared/unsafe-number";
import {
  MAX_STAKE_USD,
  TREASURY_REPLAY_STEPS,
  TREASURY_STRATEGY_IDS,
  TREASURY_TENORS,
  TREASURY_MESSAGES,
} from "./treasury-staking.constants";

export * from "./treasury-staking.constants";

const INVALID = TREASURY_MESSAGES.invalidInput.description;

// ---- requests ---------------------------------------------------------------------------------------------

/**
 * The stake form as the API and the dapp check it. Missing or empty opportunity or amount: the spec's
 * "Please select an opportunity and enter an amount". The minimum (capitalRequired) depends on the curve
 * day, so the API checks it against the opportunity it computes ("Minimum investment required: $…").
 */
export const treasuryStakeRequest = z.strictObject({
  opportunityId: z.enum(TREASURY_STRATEGY_IDS, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ""
        ? INVALID
        : `must be one of ${TREASURY_STRATEGY_IDS.join(", ")}`,
  }),
  /** USD of capital: the gross face of the legs. */
  amount: z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === ""
          ? INVALID
          : iss.input instanceof UnsafeNumber
            ? unsafeNumberMessage(iss.input, "USD")
            : typeof iss.input === "number"
              ? `must be a finite number of USD (got ${iss.input})`
              : "must be a number of USD",
    })
    .gt(0, { error: "must be greater than $0", abort: true })
    .lte(MAX_STAKE_USD, `must be at most $${MAX_STAKE_USD.toLocaleString("en-US")}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "must have at most 2 decimal places (cents)"),
});
export type TreasuryStakeRequest = z.infer<typeof treasuryStakeRequest>;

/**
 * The page's form as the user types (text amount, "," allowed as thousands separator): empty -> the spec's
 * "Please select an opportunity and enter an amount"; below the selected opportunity's capitalRequired ->
 * "Minimum investment required: $…" (the API checks the same against the curve day's figure).
 */
export function treasuryStakeFormSchema(capitalRequired?: number) {
  return z.object({
    opportunityId: z.string().trim().min(1, INVALID),
    amount: z
      .string()
      .trim()
      .min(1, { error: INVALID, abort: true })
      .refine((s) => /^\d+(\.\d{0,2})?$/.test(s.replace(/,/g, "")), {
        error: "must be a number of USD (at most 2 decimals)",
        abort: true,
      })
      .transform((s) => Number(s.replace(/,/g, "")))
      .pipe(
        z
          .number()
          .gt(0, { error: "must be greater than $0", abort: true })
          .lte(MAX_STAKE_USD, `must be at most $${MAX_STAKE_USD.toLocaleString("en-US")}`)
          .refine(
            (n) => capitalRequired === undefined || n >= capitalRequired,
            TREASURY_MESSAGES.insufficientAmount(capitalRequired ?? 0).description,
          ),
      ),
  });
}

const ethAddress = /^0x[0-9a-fA-F]{40}$/;
/** A wallet address (the SIWE session's) or the spec's demo user id. */
export const treasuryUserId = z
  .string()
  .max(64, "must be a wallet address (0x + 40 hex) or demo-user")
  .refine((s) => ethAddress.test(s) || s === "demo-user", "must be a wallet address (0x + 40 hex) or demo-user");
export const treasuryPositionsParams = z.strictObject({ userId: treasuryUserId });
export const treasuryPositionIdParams = z.strictObject({ id: z.uuid("must be a position id (a UUID)") });

export const treasuryReplayAdvanceRequest = z.strictObject({
  by: z.enum(
    Object.keys(TREASURY_REPLAY_STEPS) as [
      keyof typeof TREASURY_REPLAY_STEPS,
      ...(keyof typeof TREASURY_REPLAY_STEPS)[],
    ],
    {
      error: "must be one of day, week, month",
    },
  ),
});
export type TreasuryReplayAdvanceRequest = z.infer<typeof treasuryReplayAdvanceRequest>;

// ---- shared parts -----------------------------------------------------------------------------------------

export const treasuryTenor = z.enum(TREASURY_TENORS);
/** "live": the curve day came from the Treasury's CSV fetched by this server; "snapshot": from the bundled files. */
export const treasuryCurveSource = z.enum(["live", "snapshot"]);
const provenance = {
  /** The curve day every figure is computed on (ISO date). */
  asOf: z.string(),
  source: treasuryCurveSource,
  /** Where the curve day came from, in words (file, publisher, fetch time). */
  sourceNote: z.string(),
};

// ---- bonds ------------------------------------------------------------------------------------------------

export const treasuryBond = z.object({
  /** The tenor key ("10_yr"). */
  id: treasuryTenor,
  /** The Treasury's label ("10 Yr"). */
  maturity: z.string(),
  maturityYears: z.number(),
  /** Par yield on the curve day, percent. */
  currentYield: z.number(),
  /** Change from the previous published day, percentage points (null when that day lacks the tenor). */
  yieldChange: z.number().nullable(),
  yieldChangeBps: z.number().nullable(),
  /** Price per 100 face of a par bond with the previous day's yield as coupon, at today's yield. */
  price: z.number().nullable(),
  /** Modified duration, years. */
  duration: z.number(),
  modifiedDuration: z.number(),
  /** Price change for 1 bp, per $1m face, USD. */
  dv01Per1m: z.number(),
  /** Always null: the par curve carries no volume (see dailyVolumeNote). */
  dailyVolume: z.null(),
  dailyVolumeNote: z.string(),
});
export type TreasuryBond = z.infer<typeof treasuryBond>;

/** tenor -> yield (percent), only the tenors published that day. */
export const treasuryCurvePoints = z.object({ date: z.string(), yields: z.partialRecord(treasuryTenor, z.number()) });
export type TreasuryCurvePoints = z.infer<typeof treasuryCurvePoints>;

export const treasuryBondsResponse = z.object({
  bonds: z.array(treasuryBond),
  /** The previous published day (the coupon and the yield change's base). */
  previousDay: z.string().nullable(),
  convention: z.string(),
  /** For the chart: the curve day, about a month earlier (21 curve days) and a year earlier (252 curve days). */
  curves: z.object({
    today: treasuryCurvePoints,
    monthAgo: treasuryCurvePoints.nullable(),
    yearAgo: treasuryCurvePoints.nullable(),
  }),
  ...provenance,
});
export type TreasuryBondsResponse = z.infer<typeof treasuryBondsResponse>;

// ---- opportunities ----------------------------------------------------------------------------------------

export const treasuryBondRef = z.object({ maturity: z.string(), currentYield: z.number() });

/** One leg of a trade: long (bought) or short (sold), its face and its risk. */
export const treasuryTradeLeg = z.object({
  tenor: treasuryTenor,
  maturity: z.string(),
  side: z.enum(["long", "short"]),
  /** Face, USD. */
  notional: z.number(),
  /** Yield at entry (or today, for an opportunity), percent. */
  entryYield: z.number(),
  /** Price per 100 face at entry (100: a par bond at that yield). */
  entryPrice: z.number(),
  /** USD per bp for this leg's face. */
  dv01: z.number(),
  modifiedDuration: z.number(),
});
export type TreasuryTradeLeg = z.infer<typeof treasuryTradeLeg>;

export const treasuryBacktest = z.object({
  /** Share of trades with a positive return, percent; null without trades. */
  hitRate: z.number().nullable(),
  /** Mean return per trade over the horizon, percent of capital; null without trades. */
  meanReturn: z.number().nullable(),
  /** Sum of the trades' returns, percent of capital (the strategy's realised return over the history). */
  totalReturn: z.number(),
  trades: z.number().int(),
  /** Trades with a positive return. */
  wins: z.number().int(),
  /** The history the backtest ran on. */
  from: z.string(),
  to: z.string(),
  rule: z.string(),
});
export type TreasuryBacktest = z.infer<typeof treasuryBacktest>;

export const treasuryOpportunity = z.object({
  id: z.enum(TREASURY_STRATEGY_IDS),
  strategy: z.enum(TREASURY_STRATEGY_IDS),
  description: z.string(),
  riskLevel: z.enum(["LOW", "MEDIUM", "HIGH"]),
  riskRule: z.string(),
  /** Horizon return volatility, percent of capital (the risk rule's input). */
  returnVolPct: z.number(),
  /** The bought side (the butterfly's: its wings' mean yield when it buys the wings). */
  longBond: treasuryBondRef,
  shortBond: treasuryBondRef,
  /** Model's expected return over the horizon, percent of capital. */
  expectedReturn: z.number(),
  /** The spread the strategy trades, percent (x 100 = bps): long-minus-short tenor yields, or 2 x 5Y - 2Y - 10Y. */
  currentSpread: z.number(),
  currentSpreadBps: z.number(),
  /** The spread's definition in words ("10Y - 2Y"). */
  spreadDefinition: z.string(),
  /** +1: gains when the spread widens; -1: when it narrows. */
  direction: z.union([z.literal(1), z.literal(-1)]),
  /** The smallest ticket's gross face, USD. */
  capitalRequired: z.number(),
  timeHorizon: z.string(),
  /** (spread - trailing mean) / trailing standard deviation, over 252 curve days; null without a year of history. */
  zScore: z.number().nullable(),
  trailingMeanBps: z.number().nullable(),
  /** Carry + roll-down over the horizon, in bps of spread (USD / spread DV01). */
  carryRollDownBps: z.number(),
  /** The same, percent of capital. */
  carryRollDownPct: z.number(),
  /** The model's expected spread change over the horizon, bps. */
  expectedSpreadChangeBps: z.number(),
  /** Face of each short leg per 1 of the long leg (DV01-neutral); the butterfly: each wing per body. */
  notionalRatio: z.number(),
  notionalRatioText: z.string(),
  /** Spread DV01 per $1m of capital, USD per bp. */
  spreadDv01Per1m: z.number(),
  /** The smallest ticket's legs. */
  legs: z.array(treasuryTradeLeg),
  model: z.object({ name: z.string(), description: z.string(), phi: z.number(), backtest: treasuryBacktest }),
  /**
   * What TREASURY_TRADE_RULE says of this trade: taken, or not with every reason it fails ("expected return
   * -0.20% is not above 0%"). The page lists the trades not taken apart, as "Not taken by the rule: <reasons>".
   */
  ruleVerdict: z.object({ taken: z.boolean(), reasons: z.array(z.string()) }),
});
export type TreasuryOpportunity = z.infer<typeof treasuryOpportunity>;

export const treasuryOpportunitiesResponse = z.object({
  /** Ranked by expectedReturn, highest first (ties in the strategies' order). */
  opportunities: z.array(treasuryOpportunity),
  /** TREASURY_TRADE_RULE in words, as the page shows it. */
  tradeRule: z.string(),
  sizingRule: z.string(),
  carryRule: z.string(),
  /** Fed funds effective rate used for funding, percent, and its date. */
  fundingRate: z.object({ rate: z.number(), date: z.string() }).nullable(),
  ...provenance,
});
export type TreasuryOpportunitiesResponse = z.infer<typeof treasuryOpportunitiesResponse>;

// ---- positions --------------------------------------------------------------------------------------------

export const treasuryPosition = z.object({
  id: z.string(),
  userId: z.string(),
  strategy: z.enum(TREASURY_STRATEGY_IDS),
  /** ACTIVE or CLOSED. */
  status: z.enum(["ACTIVE", "CLOSED"]),
  /** Curve days from the opening day to the curve day (or the closing day). */
  daysHeld: z.number().int(),
  calendarDaysHeld: z.number().int(),
  openedOn: z.string(),
  closedOn: z.string().nullable(),
  longBond: treasuryBondRef,
  shortBond: treasuryBondRef,
  /** Spread now (percent) and at entry. */
  currentSpread: z.number(),
  currentSpreadBps: z.number(),
  entrySpreadBps: z.number(),
  amount: z.number(),
  currentValue: z.number(),
  unrealizedPnL: z.number(),
  /** Set when closed: the P&L locked at the closing day. */
  realizedPnL: z.number().nullable(),
  /** P&L split: price changes of the legs, and carry (coupon accrual minus funding). */
  pnlBreakdown: z.object({ price: z.number(), carry: z.number() }),
  performance: z.object({ totalReturn: z.number() }),
  legs: z.array(
    treasuryTradeLeg.extend({ currentYield: z.number(), currentPrice: z.number(), remainingYears: z.number() }),
  ),
  /** The model's expected spread change at entry, bps (what spreadCapture compares against). */
  expectedSpreadChangeBps: z.number(),
  paper: z.literal(true),
  note: z.string(),
});
export type TreasuryPosition = z.infer<typeof treasuryPosition>;

export const treasuryPositionsSummary = z.object({
  totalPositions: z.number().int(),
  /** Of the active positions. */
  totalValue: z.number(),
  /** Unrealised on active plus realised on closed. */
  totalPnL: z.number(),
  /** Mean totalReturn, percent; 0 without positions. */
  averageReturn: z.number(),
});

export const treasuryPositionsResponse = z.object({
  userId: z.string(),
  positions: z.array(treasuryPosition),
  summary: treasuryPositionsSummary,
  carryRule: z.string(),
  ...provenance,
});
export type TreasuryPositionsResponse = z.infer<typeof treasuryPositionsResponse>;

export const treasuryStakeResponse = z.object({
  position: treasuryPosition,
  message: z.object({ title: z.string(), description: z.string() }),
  /** Who owns it: the SIWE session's wallet (the demo-user showcase is never written by a request). */
  userId: z.string(),
  ...provenance,
});
export type TreasuryStakeResponse = z.infer<typeof treasuryStakeResponse>;

export const treasuryCloseResponse = z.object({ position: treasuryPosition, ...provenance });
export type TreasuryCloseResponse = z.infer<typeof treasuryCloseResponse>;

// ---- replay clock -----------------------------------------------------------------------------------------

export const treasuryReplayResponse = z.object({
  /** The curve day now. */
  asOf: z.string(),
  /** replay: the local chain's clock walks the bundled history; calendar: the latest published day <= today. */
  mode: z.enum(["replay", "calendar"]),
  /** The history's first and last curve days. */
  first: z.string(),
  last: z.string(),
  /** Where the replay started (one year before the last row), null in calendar mode. */
  start: z.string().nullable(),
  canAdvance: z.boolean(),
  note: z.string(),
});
export type TreasuryReplayResponse = z.infer<typeof treasuryReplayResponse>;

// ---- analytics --------------------------------------------------------------------------------------------

export const treasuryAnalyticsResponse = z.object({
  spread10y2yBps: z.number(),
  /** 10Y - 3M, bps; null when the 3-month bill was not published on the curve day. */
  spread10y3mBps: z.number().nullable(),
  /** Called from spread10y2yBps and spread10y3mBps alone (curve-shape.ts, CURVE_SHAPE_RULE). */
  curveShape: z.enum(["normal", "flat", "inverted", "mixed"]),
  /** The call with the spreads it rests on: "mixed: 10Y-2Y +53 bps, 10Y-3M -13 bps". */
  curveShapeText: z.string(),
  curveShapeRule: z.string(),
  volatility: z.object({
    tenor: z.literal("10_yr"),
    /** Standard deviation of daily changes, bps, over the trailing 21 and 252 curve days (null when too short). */
    daily21Bps: z.number().nullable(),
    daily252Bps: z.number().nullable(),
    /** low below 5 bps a day (252-day), high above 8, moderate otherwise. */
    level: z.enum(["low", "moderate", "high"]),
    rule: z.string(),
  }),
  fedFunds: z
    .object({
      latest: z.number(),
      date: z.string(),
      change3mBps: z.number().nullable(),
      direction: z.enum(["easing", "on hold", "tightening"]),
      rule: z.string(),
    })
    .nullable(),
  strategies: z.array(
    z.object({
      strategy: z.enum(TREASURY_STRATEGY_IDS),
      expectedReturn: z.number(),
      realisedReturn: z.number(),
      backtest: treasuryBacktest,
    }),
  ),
  ...provenance,
});
export type TreasuryAnalyticsResponse = z.infer<typeof treasuryAnalyticsResponse>;
