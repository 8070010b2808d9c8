// The treasury-staking feature's logic: the curve day (curve-clock.ts), the bonds and opportunities computed on
// it (cached per curve day), paper positions in the database, analytics, and what testnet's status reads.
import { MomentCache } from "../../shared/moment-cache";
import { and, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import type { Db } from "../../db/client";
import { treasuryPositions, type TreasuryPositionRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { SessionStore } from "../../shared/session";

/**
 * Whose paper positions a reading for another feature counts (testnet's readiness): the named wallets (its
 * operators'), or every wallet; never the demo user's read-only showcase book.
 */
export type PositionOwners = readonly string[] | "every-wallet";
import { bondRisk } from "./bond-math";
import { curveShapeOf } from "./curve-shape";
import { createCurveClock, replayStartIndex, type CurveClock, type CurveView } from "./curve-clock";
import { createLiveCurve, type LiveCurve } from "./live-curve";
import { analyseDay, mean, round, sampleSd, type DayAnalysis } from "./opportunities";
import { markPosition, type StoredLeg } from "./positions";
import { sizeLegs, strategyById } from "./strategies";
import {
  BOND_CONVENTION,
  CURVE_SHAPE_RULE,
  DAILY_VOLUME_NOTE,
  DEMO_USER_ID,
  FED_TREND_RULE,
  SHOWCASE_OPENED_CURVE_DAYS_BEFORE_REPLAY,
  SHOWCASE_POSITIONS,
  SPREAD_HORIZON_CURVE_DAYS,
  TENOR_LABELS,
  TENOR_YEARS,
  TREASURY_CARRY_RULE,
  TREASURY_MESSAGES,
  TREASURY_SIZING_RULE,
  TREASURY_TENORS,
  TREASURY_TRADE_RULE_TEXT,
  YIELD_VOLATILITY_RULE,
  type TreasuryReplayStep,
} from "./treasury-staking.constants";
import type {
  TreasuryAnalyticsResponse,
  TreasuryBond,
  TreasuryBondsResponse,
  TreasuryCloseResponse,
  TreasuryCurvePoints,
  TreasuryOpportunitiesResponse,
  TreasuryPositionsResponse,
  TreasuryReplayResponse,
  TreasuryStakeRequest,
  TreasuryStakeResponse,
} from "./treasury-staking.schemas";
import { fundingOn, loadYieldData, type CurveDay, type YieldData } from "./yield-data";

export interface TreasuryStakingDeps {
  db: Db;
  /** "hardhat": the replay clock; anything else: the calendar. */
  network: string;
  sessions: SessionStore;
  /** The Treasury CSV's base URL (config TREASURY_YIELD_URL). */
  treasuryYieldUrl: string;
  now?: () => Date;
  /** The bundled files' folder (tests may point elsewhere). */
  dataDir?: string;
  /** The live fetch (tests pass one with a short interval). */
  live?: LiveCurve;
}

export interface YieldAccuracy {
  percent: number;
  tenorsChecked: number;
  mismatches: { tenor: string; served: number; source: number }[];
  asOf: string;
}
export interface SpreadCapture {
  percent: number | null;
  positions: number;
  detail: string;
}

export type TreasuryStakingService = ReturnType<typeof createTreasuryStakingService>;

export function createTreasuryStakingService(deps: TreasuryStakingDeps) {
  const now = deps.now ?? (() => new Date());
  const data: YieldData = loadYieldData(deps.dataDir);
  const live = deps.live ?? createLiveCurve({ baseUrl: deps.treasuryYieldUrl, now });
  const clock: CurveClock = createCurveClock({ db: deps.db, network: deps.network, data, live, now });

  // One analysis per curve day (the history's identity and the index): ~0.2 s to compute, then free.
  const analyses = new Map<string, DayAnalysis>();
  function analysis(v: CurveView): DayAnalysis {
    const key = `${v.history.length}:${v.history[v.history.length - 1]!.date}:${v.index}`;
    let a = analyses.get(key);
    if (!a) {
      a = analyseDay(v.history, v.index, data.dff);
      if (analyses.size > 64) analyses.clear();
      analyses.set(key, a);
    }
    return a;
  }
  // The market answers depend on the curve view alone: one object per view and kind, so polls of an unchanged
  // day are answered with the very same object (serialized once, http/route.ts).
  const answers = new Map<string, unknown>();
  function perView<T>(kind: string, v: CurveView, build: () => T): T {
    const key = `${kind}|${v.mode}|${v.history.length}|${v.history[v.history.length - 1]!.date}|${v.index}|${v.source}|${v.sourceNote}`;
    if (!answers.has(key)) {
      if (answers.size > 32) answers.clear();
      answers.set(key, build());
    }
    return answers.get(key) as T;
  }
  const provenance = (v: CurveView) => ({ asOf: v.day.date, source: v.source, sourceNote: v.sourceNote });

  const pointsOf = (d: CurveDay | undefined): TreasuryCurvePoints | null =>
    d ? { date: d.date, yields: { ...d.yields } } : null;

  /** The bond table of a curve day: every tenor published that day. */
  function bondsOf(v: CurveView): TreasuryBond[] {
    const prev = v.index > 0 ? v.history[v.index - 1] : undefined;
    return TREASURY_TENORS.flatMap((tenor) => {
      const y = v.day.yields[tenor];
      if (y === undefined) return [];
      const years = TENOR_YEARS[tenor];
      const coupon = prev?.yields[tenor];
      const risk = bondRisk(coupon ?? y, y, years);
      const change = coupon === undefined ? null : round(y - coupon, 6);
      return [
        {
          id: tenor,
          maturity: TENOR_LABELS[tenor],
          maturityYears: round(years, 6),
          currentYield: y,
          yieldChange: change,
          yieldChangeBps: change === null ? null : round(change * 100, 4),
          price: coupon === undefined ? null : round(risk.price, 6),
          duration: round(risk.modifiedDuration, 6),
          modifiedDuration: round(risk.modifiedDuration, 6),
          dv01Per1m: round(risk.dv01Per1m, 4),
          dailyVolume: null,
          dailyVolumeNote: DAILY_VOLUME_NOTE,
        },
      ];
    });
  }

  async function bonds(): Promise<TreasuryBondsResponse> {
    const v = await clock.view();
    return perView("bonds", v, () => ({
      bonds: bondsOf(v),
      previousDay: v.index > 0 ? v.history[v.index - 1]!.date : null,
      convention: BOND_CONVENTION,
      curves: {
        today: pointsOf(v.day)!,
        monthAgo: pointsOf(v.history[v.index - 21]),
        yearAgo: pointsOf(v.history[v.index - 252]),
      },
      ...provenance(v),
    }));
  }

  async function opportunities(): Promise<TreasuryOpportunitiesResponse> {
    const v = await clock.view();
    return perView("opportunities", v, () => {
      const a = analysis(v);
      return {
        opportunities: a.opportunities,
        tradeRule: TREASURY_TRADE_RULE_TEXT,
        sizingRule: TREASURY_SIZING_RULE,
        carryRule: TREASURY_CARRY_RULE,
        fundingRate: a.funding ? { rate: a.funding.rate, date: a.funding.date } : null,
        ...provenance(v),
      };
    });
  }

  const normaliseUser = (userId: string) => (userId === DEMO_USER_ID ? userId : getAddress(userId.toLowerCase()));

  /** The row of a position opened on the curve view's day (the stake's checks passed). */
  function positionRow(
    v: CurveView,
    userId: string,
    opportunityId: TreasuryStakeRequest["opportunityId"],
    amount: number,
    expectedSpreadChangeBps: number,
  ) {
    const def = strategyById(opportunityId)!;
    const unit = sizeLegs(def, v.day, 1)!;
    const spreadDv01 = amount / unit.grossPerSpreadDv01; // the capital is the gross face
    const sized = sizeLegs(def, v.day, spreadDv01)!;
    const legs: StoredLeg[] = sized.legs.map((l) => ({ ...l }));
    return {
      userId,
      strategy: def.id,
      status: "ACTIVE",
      openedOn: v.day.date,
      amount,
      legs,
      entrySpreadBps: def.spreadBps(v.day)!,
      expectedSpreadChangeBps,
      source: v.source,
    };
  }

  /**
   * The demo user's showcase book (SHOWCASE_POSITIONS), inserted if absent with fixed ids, so every process and
   * replica writes the same rows once. Opened on the bundled history's day a month before the replay's start.
   */
  let showcase: Promise<void> | null = null;
  function ensureShowcase(): Promise<void> {
    showcase ??= (async () => {
      const history = data.replay;
      const index = Math.max(0, replayStartIndex(history) - SHOWCASE_OPENED_CURVE_DAYS_BEFORE_REPLAY);
      const v: CurveView = {
        history,
        index,
        day: history[index]!,
        mode: "replay",
        source: "snapshot",
        sourceNote: "showcase",
      };
      const opportunities = analysis(v).opportunities;
      const rows = SHOWCASE_POSITIONS.flatMap((p) => {
        const o = opportunities.find((x) => x.id === p.opportunityId);
        return o
          ? [{ id: p.id, ...positionRow(v, DEMO_USER_ID, p.opportunityId, p.amount, o.expectedSpreadChangeBps) }]
          : [];
      });
      if (rows.length) await deps.db.insert(treasuryPositions).values(rows).onConflictDoNothing();
    })().catch((err: unknown) => {
      showcase = null; // try again at the next read
      throw err;
    });
    return showcase;
  }

  /** Opens a paper position for the signed-in wallet `owner` (the route takes it from the SIWE session). */
  async function stake(body: TreasuryStakeRequest, owner: Address): Promise<TreasuryStakeResponse> {
    const v = await clock.view();
    const opportunity = analysis(v).opportunities.find((o) => o.id === body.opportunityId);
    const def = strategyById(body.opportunityId);
    if (!opportunity || !def) {
      throw new HttpError("INVALID_INPUT", TREASURY_MESSAGES.invalidInput.title, {
        issues: [
          { path: "opportunityId", message: `not available on the curve day ${v.day.date} (a tenor is missing)` },
        ],
      });
    }
    if (body.amount < opportunity.capitalRequired) {
      throw new HttpError("INVALID_INPUT", TREASURY_MESSAGES.insufficientAmount(opportunity.capitalRequired).title, {
        issues: [
          { path: "amount", message: TREASURY_MESSAGES.insufficientAmount(opportunity.capitalRequired).description },
        ],
      });
    }
    const userId = getAddress(owner);
    const [row] = await deps.db
      .insert(treasuryPositions)
      .values(positionRow(v, userId, def.id, body.amount, opportunity.expectedSpreadChangeBps))
      .returning();
    return {
      position: markPosition(row!, v.history, v.index, data.dff).position,
      message: { ...TREASURY_MESSAGES.positionCreated },
      userId,
      ...provenance(v),
    };
  }

  async function positions(userIdParam: string): Promise<TreasuryPositionsResponse> {
    const userId = normaliseUser(userIdParam);
    if (userId === DEMO_USER_ID) await ensureShowcase();
    const v = await clock.view();
    const rows = await deps.db
      .select()
      .from(treasuryPositions)
      .where(eq(treasuryPositions.userId, userId))
      .orderBy(desc(treasuryPositions.createdAt));
    const list = rows.map((r) => markPosition(r, v.history, v.index, data.dff).position);
    const active = list.filter((p) => p.status === "ACTIVE");
    return {
      userId,
      positions: list,
      summary: {
        totalPositions: list.length,
        totalValue: round(
          active.reduce((a, p) => a + p.currentValue, 0),
          2,
        ),
        totalPnL: round(
          list.reduce((a, p) => a + (p.realizedPnL ?? p.unrealizedPnL), 0),
          2,
        ),
        averageReturn: list.length ? round(mean(list.map((p) => p.performance.totalReturn)), 4) : 0,
      },
      carryRule: TREASURY_CARRY_RULE,
      ...provenance(v),
    };
  }

  /** Closes a position of the signed-in wallet `owner`; anyone else's (the showcase included) is a 403. */
  async function close(id: string, owner: Address): Promise<TreasuryCloseResponse> {
    const [row] = await deps.db.select().from(treasuryPositions).where(eq(treasuryPositions.id, id));
    if (!row) throw new HttpError("NOT_FOUND", `No treasury position ${id}`);
    const caller = getAddress(owner);
    if (row.userId === DEMO_USER_ID)
      throw new HttpError(
        "FORBIDDEN",
        `Position ${id} is in the ${DEMO_USER_ID} showcase book, which is read-only: open your own position to trade`,
      );
    if (row.userId !== caller)
      throw new HttpError(
        "FORBIDDEN",
        `Position ${id} belongs to ${row.userId}: only that wallet may close it (you are signed in as ${caller})`,
      );
    if (row.status !== "ACTIVE") throw new HttpError("CONFLICT", `Position ${id} was closed on ${row.closedOn}`);
    const v = await clock.view();
    const mark = markPosition(row, v.history, v.index, data.dff).position;
    const closedOn = v.day.date < row.openedOn ? row.openedOn : v.day.date;
    const [updated] = await deps.db
      .update(treasuryPositions)
      .set({ status: "CLOSED", closedOn, realizedPnl: mark.unrealizedPnL, closedAt: now() })
      .where(and(eq(treasuryPositions.id, id), eq(treasuryPositions.status, "ACTIVE")))
      .returning();
    if (!updated) throw new HttpError("CONFLICT", `Position ${id} was closed meanwhile`);
    return { position: markPosition(updated, v.history, v.index, data.dff).position, ...provenance(v) };
  }

  async function analytics(): Promise<TreasuryAnalyticsResponse> {
    const v = await clock.view();
    return perView("analytics", v, () => analyticsOf(v));
  }

  function analyticsOf(v: CurveView): TreasuryAnalyticsResponse {
    const a = analysis(v);
    const y = (t: (typeof TREASURY_TENORS)[number]) => v.day.yields[t];
    const y10 = y("10_yr")!;
    const y2 = y("2_yr")!;
    const y3m = y("3_mo");
    const bps = (x: number) => round(x * 100, 2);
    // The shape is called from the very spreads the page shows beside it (the old call used 10Y-3M alone, which
    // the page never showed: "inverted" under a 10Y-2Y of +53 bps).
    const spread10y2yBps = bps(y10 - y2);
    const spread10y3mBps = y3m === undefined ? null : bps(y10 - y3m);
    const shape = curveShapeOf([
      { label: "10Y-2Y", bps: spread10y2yBps },
      { label: "10Y-3M", bps: spread10y3mBps },
    ]);
    const changes = (n: number): number | null => {
      const xs: number[] = [];
      for (let k = Math.max(1, v.index - n + 1); k <= v.index; k++) {
        const a0 = v.history[k - 1]!.yields["10_yr"];
        const a1 = v.history[k]!.yields["10_yr"];
        if (a0 !== undefined && a1 !== undefined) xs.push((a1 - a0) * 100);
      }
      return xs.length >= Math.min(n, 10) && xs.length > 1 ? round(sampleSd(xs), 4) : null;
    };
    const d21 = changes(21);
    const d252 = changes(252);
    const volRef = d252 ?? d21 ?? 0;
    const latest = fundingOn(data.dff, v.day.date);
    let fed: TreasuryAnalyticsResponse["fedFunds"] = null;
    if (latest) {
      const back = new Date(`${latest.date}T00:00:00Z`);
      back.setUTCMonth(back.getUTCMonth() - 3);
      const before = fundingOn(data.dff, back.toISOString().slice(0, 10));
      const change = before ? round((latest.rate - before.rate) * 100, 2) : null;
      fed = {
        latest: latest.rate,
        date: latest.date,
        change3mBps: change,
        direction: change === null ? "on hold" : change < -10 ? "easing" : change > 10 ? "tightening" : "on hold",
        rule: FED_TREND_RULE,
      };
    }
    return {
      spread10y2yBps,
      spread10y3mBps,
      curveShape: shape.shape,
      curveShapeText: shape.text,
      curveShapeRule: CURVE_SHAPE_RULE,
      volatility: {
        tenor: "10_yr",
        daily21Bps: d21,
        daily252Bps: d252,
        level: volRef < 5 ? "low" : volRef > 8 ? "high" : "moderate",
        rule: YIELD_VOLATILITY_RULE,
      },
      fedFunds: fed,
      strategies: a.opportunities.map((o) => ({
        strategy: o.strategy,
        expectedReturn: o.expectedReturn,
        realisedReturn: o.model.backtest.totalReturn,
        backtest: o.model.backtest,
      })),
      ...provenance(v),
    };
  }

  // ---- what other features read (testnet's status) ------------------------------------------------------

  const ownedBy = (owners: PositionOwners): SQL =>
    owners === "every-wallet"
      ? ne(treasuryPositions.userId, DEMO_USER_ID)
      : owners.length === 0
        ? sql`false`
        : inArray(
            treasuryPositions.userId,
            owners.map((o) => getAddress(o.toLowerCase())),
          );

  /** Open paper positions of the named wallets (or every wallet), never the showcase's. */
  async function openPositionCount(owners: PositionOwners): Promise<number> {
    const [r] = await deps.db
      .select({ n: count() })
      .from(treasuryPositions)
      .where(and(eq(treasuryPositions.status, "ACTIVE"), ownedBy(owners)));
    return Number(r?.n ?? 0);
  }

  /** The served yields of the curve day against the source file's row, tenor by tenor. */
  async function yieldAccuracy(): Promise<YieldAccuracy> {
    const v = await clock.view();
    const served = bondsOf(v);
    // The Treasury's own file where it has the day; the replay file's FRED rows after it; a fetched day is its own source.
    const sourceRow = data.treasury.get(v.day.date) ?? data.replay.find((d) => d.date === v.day.date) ?? v.day;
    const mismatches: YieldAccuracy["mismatches"] = [];
    let checked = 0;
    for (const b of served) {
      const src = sourceRow.yields[b.id];
      checked++;
      if (src === undefined || Math.abs(src - b.currentYield) > 1e-9)
        mismatches.push({ tenor: b.id, served: b.currentYield, source: src ?? Number.NaN });
    }
    return {
      percent: checked ? round(((checked - mismatches.length) / checked) * 100, 2) : 0,
      tenorsChecked: checked,
      mismatches: mismatches.map((m) => ({ ...m, source: Number.isNaN(m.source) ? -1 : m.source })),
      asOf: v.day.date,
    };
  }

  /** Realised spread change of positions aged a curve day or more, against the model's expected change for that time. */
  /** Below this much modelled spread change (bps, summed over the positions) no capture ratio is computed. */
  const MIN_MODELLED_CHANGE_BPS = 0.5;

  async function spreadCapture(owners: PositionOwners): Promise<SpreadCapture> {
    const v = await clock.view();
    const rows: TreasuryPositionRow[] = await deps.db.select().from(treasuryPositions).where(ownedBy(owners));
    let realised = 0;
    let expected = 0;
    let n = 0;
    for (const r of rows) {
      const m = markPosition(r, v.history, v.index, data.dff);
      if (m.position.daysHeld < 1) continue;
      const def = strategyById(r.strategy)!;
      n++;
      realised += m.favourableSpreadChangeBps;
      expected +=
        (def.direction * r.expectedSpreadChangeBps * Math.min(m.position.daysHeld, SPREAD_HORIZON_CURVE_DAYS)) /
        SPREAD_HORIZON_CURVE_DAYS;
    }
    if (n === 0)
      return { percent: null, positions: 0, detail: "No position has aged a curve day yet: nothing to compare." };
    // A ratio against a near-zero expectation is noise (-4 bps realised over 0.03 expected reads -11,870 %):
    // below half a basis point of modelled change there is nothing to capture, and the reading says so.
    if (Math.abs(expected) < MIN_MODELLED_CHANGE_BPS) {
      return {
        percent: null,
        positions: n,
        detail: `${n} position(s) aged a curve day: realised ${round(realised, 2)} bps in their favour, but the model expected ${round(expected, 2)} bps (under ${MIN_MODELLED_CHANGE_BPS} bps: its mean reversion is nil or the spread sits at its mean), so no capture ratio is defined.`,
      };
    }
    return {
      percent: round((realised / expected) * 100, 2),
      positions: n,
      detail: `${n} position(s): realised ${round(realised, 2)} bps of spread change in their favour against ${round(expected, 2)} bps the model expected over the days held (its horizon change scaled by days held / ${SPREAD_HORIZON_CURVE_DAYS}).`,
    };
  }

  // A book's page polls it: one answer per book for a moment, renewed at once by any write (a stake, a close).
  const books = new MomentCache<string, TreasuryPositionsResponse>();
  return {
    bonds,
    opportunities,
    stake,
    positions: (userIdParam: string) => books.get(normaliseUser(userIdParam), () => positions(userIdParam)),
    close,
    analytics,
    replay: (): Promise<TreasuryReplayResponse> => clock.replay(),
    advance: (by: TreasuryReplayStep): Promise<TreasuryReplayResponse> => clock.advance(by),
    openPositionCount,
    yieldAccuracy,
    spreadCapture,
  };
}
