// Which curve day is "today". On the local chain (network hardhat) a replay clock walks the bundled history
// so a demo sees curves move: it starts one year before the last row and is stored in the database (it
// survives restarts); POST .../replay/advance moves it. Anywhere else the curve day follows the calendar: the
// latest published day on or before today, with the Treasury's CSV merged in when it is reachable.
import { MomentCache } from "../../shared/moment-cache";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { treasuryReplayClock } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { LiveCurve } from "./live-curve";
import { TREASURY_REPLAY_STEPS, type TreasuryReplayStep } from "./treasury-staking.constants";
import type { TreasuryReplayResponse } from "./treasury-staking.schemas";
import type { CurveDay, YieldData } from "./yield-data";

export interface CurveView {
  /** The history the day belongs to, ascending (the bundle, plus fetched rows in calendar mode). */
  history: readonly CurveDay[];
  index: number;
  day: CurveDay;
  mode: "replay" | "calendar";
  source: "live" | "snapshot";
  sourceNote: string;
}

export interface CurveClock {
  view(): Promise<CurveView>;
  replay(): Promise<TreasuryReplayResponse>;
  advance(by: TreasuryReplayStep): Promise<TreasuryReplayResponse>;
}

export interface CurveClockDeps {
  db: Db;
  network: string;
  data: YieldData;
  live: LiveCurve;
  now: () => Date;
}

/** The latest index whose date is <= `date`, or -1. */
export function indexOnOrBefore(history: readonly CurveDay[], date: string): number {
  let lo = 0;
  let hi = history.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (history[mid]!.date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** One year before the last row: the latest row on or before (last date - 1 year). */
export function replayStartIndex(history: readonly CurveDay[]): number {
  const last = new Date(`${history[history.length - 1]!.date}T00:00:00Z`);
  last.setUTCFullYear(last.getUTCFullYear() - 1);
  return Math.max(0, indexOnOrBefore(history, last.toISOString().slice(0, 10)));
}

export function createCurveClock(deps: CurveClockDeps): CurveClock {
  const replayMode = deps.network === "hardhat";
  const bundle = deps.data.replay;
  const first = bundle[0]!.date;
  const last = bundle[bundle.length - 1]!.date;
  const startIndex = replayStartIndex(bundle);
  const clockId = deps.network;
  let merged: { key: string; history: CurveDay[] } = { key: "", history: [...bundle] };

  const describe = (day: CurveDay, fetchNote: string | null): string =>
    day.origin === "live"
      ? `Fetched from the Treasury's daily par yield curve CSV (home.treasury.gov). ${fetchNote ?? ""}`.trim()
      : `Bundled snapshot, api/data/government/yield_curve_replay_daily.csv, row ${day.date} (${day.origin === "FRED" ? "FRED DGS series, identical to the Treasury's par yields" : "U.S. Treasury daily par yield curve"}).${fetchNote ? ` ${fetchNote}` : ""}`;

  async function storedIndex(): Promise<number> {
    const rows = await deps.db.select().from(treasuryReplayClock).where(eq(treasuryReplayClock.id, clockId));
    if (rows[0]) {
      const i = indexOnOrBefore(bundle, rows[0].asOf);
      return i < 0 ? startIndex : i;
    }
    await deps.db
      .insert(treasuryReplayClock)
      .values({ id: clockId, asOf: bundle[startIndex]!.date })
      .onConflictDoNothing();
    return startIndex;
  }

  // The stored clock, read once a moment for every poller; an advance answered here (a write) reads it again.
  const stored = new MomentCache<"index", number>(1000);

  async function view(): Promise<CurveView> {
    if (replayMode) {
      const index = await stored.get("index", storedIndex);
      const day = bundle[index]!;
      return {
        history: bundle,
        index,
        day,
        mode: "replay",
        source: "snapshot",
        sourceNote: `Replay clock (local chain). ${describe(day, null)}`,
      };
    }
    const fresh = await deps.live.rowsAfter(last);
    const key = fresh.map((d) => d.date).join(",");
    if (key !== merged.key) merged = { key, history: [...bundle, ...fresh] };
    const today = deps.now().toISOString().slice(0, 10);
    const index = Math.max(0, indexOnOrBefore(merged.history, today));
    const day = merged.history[index]!;
    return {
      history: merged.history,
      index,
      day,
      mode: "calendar",
      source: day.origin === "live" ? "live" : "snapshot",
      sourceNote: `Calendar: the latest published day on or before ${today}. ${describe(day, deps.live.note())}`,
    };
  }

  async function replay(): Promise<TreasuryReplayResponse> {
    const v = await view();
    const lastOfView = v.history[v.history.length - 1]!.date;
    return {
      asOf: v.day.date,
      mode: v.mode,
      first,
      last: v.mode === "replay" ? last : lastOfView,
      start: v.mode === "replay" ? bundle[startIndex]!.date : null,
      canAdvance: v.mode === "replay" && v.index < bundle.length - 1,
      note:
        v.mode === "replay"
          ? `On the local chain the curve day is a replay of the bundled history: it started one year before the last row (${bundle[startIndex]!.date}) and moves by a day (1 curve day), a week (5) or a month (21) with POST /api/treasury-staking/replay/advance, up to ${last}.`
          : "Off the local chain the curve day follows the calendar: the latest published day on or before today.",
    };
  }

  async function advance(by: TreasuryReplayStep): Promise<TreasuryReplayResponse> {
    if (!replayMode) {
      throw new HttpError(
        "CONFLICT",
        `The replay clock runs on the local chain only; on ${deps.network} the curve day follows the calendar`,
        {
          issues: [{ path: "by", message: "the replay cannot be advanced off the local chain" }],
        },
      );
    }
    const index = await storedIndex();
    const next = Math.min(bundle.length - 1, index + TREASURY_REPLAY_STEPS[by]);
    await deps.db
      .insert(treasuryReplayClock)
      .values({ id: clockId, asOf: bundle[next]!.date })
      .onConflictDoUpdate({ target: treasuryReplayClock.id, set: { asOf: bundle[next]!.date, updatedAt: new Date() } });
    return replay();
  }

  return { view, replay, advance };
}
