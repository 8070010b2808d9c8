// The treasury-staking API on the real app and the real embedded database (PGlite), on the local-chain
// configuration (network hardhat: the replay clock). The EVM is not needed: nothing here touches a chain.
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionStore, SESSION_COOKIE } from "../../shared/session";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { SHOWCASE_POSITIONS } from "./treasury-staking.constants";
import { bondPrice, parBondRisk } from "./bond-math";
import { createTreasuryStakingService } from "./treasury-staking.service";
import {
  TREASURY_STRATEGY_IDS,
  type TreasuryPositionsResponse,
  type TreasuryReplayResponse,
} from "./treasury-staking.schemas";
import { YIELD_DATA_DIR } from "./yield-data";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const csvRows = readFileSync(`${YIELD_DATA_DIR}yield_curve_replay_daily.csv`, "utf8").trim().split("\n");
const header = csvRows[0]!.split(",");
const rowOf = (date: string) => {
  const cells = csvRows.find((l) => l.startsWith(date))!.split(",");
  return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
};
const dates = csvRows.slice(1).map((l) => l.slice(0, 10));

let t: TestApp;
/** The wallet whose book the main flow trades (a SIWE session in the real session store). */
let trader: { address: string; cookie: string };
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
  trader = await signedInCookie(t.deps.database.db);
}, 60_000);
const stake = (body: object, cookie: string | null = trader.cookie) => {
  const r = request(t.app).post("/api/treasury-staking/stake");
  return cookie ? r.set("Cookie", cookie).send(body) : r.send(body);
};
const closeAs = (id: string, cookie: string | null = trader.cookie) => {
  const r = request(t.app).post(`/api/treasury-staking/positions/${id}/close`);
  return cookie ? r.set("Cookie", cookie).send({}) : r.send({});
};
afterAll(async () => t?.close());

describe("treasury-staking on the local chain (replay clock)", () => {
  it("starts the replay one year before the last row and says so", async () => {
    const res = await request(t.app).get("/api/treasury-staking/replay").expect(200);
    const body = res.body as TreasuryReplayResponse;
    expect(body).toMatchObject({
      mode: "replay",
      first: "2021-01-04",
      last: "2026-08-04",
      start: "2025-08-04",
      asOf: "2025-08-04",
      canAdvance: true,
    });
    expect(body.note).toMatch(/one year before the last row/);
  });

  it("serves every published tenor of the curve day, priced from the previous day's yield as coupon", async () => {
    const res = await request(t.app).get("/api/treasury-staking/bonds").expect(200);
    expect(res.body).toMatchObject({ asOf: "2025-08-04", source: "snapshot", previousDay: "2025-08-01" });
    const today = rowOf("2025-08-04");
    const prev = rowOf("2025-08-01");
    const published = header.slice(1, -1).filter((h) => today[h] !== "");
    expect(res.body.bonds.map((b: { id: string }) => b.id)).toEqual(published);
    const ten = res.body.bonds.find((b: { id: string }) => b.id === "10_yr");
    expect(ten.currentYield).toBe(Number(today["10_yr"]));
    expect(ten.yieldChange).toBeCloseTo(Number(today["10_yr"]) - Number(prev["10_yr"]), 9);
    expect(ten.price).toBeCloseTo(bondPrice(Number(prev["10_yr"]), Number(today["10_yr"]), 10), 6);
    expect(ten.dailyVolume).toBeNull();
    expect(ten.dailyVolumeNote).toMatch(/no traded volume/);
    expect(res.body.curves.today.yields["2_yr"]).toBe(Number(today["2_yr"]));
    expect(res.body.curves.monthAgo.date).toBe(dates[dates.indexOf("2025-08-04") - 21]);
    expect(res.body.curves.yearAgo.date).toBe(dates[dates.indexOf("2025-08-04") - 252]);
  });

  it("computes the seven opportunities on the curve day", async () => {
    const res = await request(t.app).get("/api/treasury-staking/opportunities").expect(200);
    // All seven, ranked by expected return (highest first), each with the trade rule's verdict; the rule in words.
    const list = res.body.opportunities as { id: string; expectedReturn: number; ruleVerdict: { taken: boolean } }[];
    expect(list.map((o) => o.id).sort()).toEqual([...TREASURY_STRATEGY_IDS].sort());
    expect(list.map((o) => o.expectedReturn)).toEqual([...list.map((o) => o.expectedReturn)].sort((a, b) => b - a));
    expect(list.filter((o) => o.ruleVerdict.taken).map((o) => o.id)).toEqual(["flattener_2s5s", "butterfly_2s5s10s"]);
    expect(res.body.tradeRule).toMatch(/above 0%.*at least 50% of at least 5 trades/);
    const r = rowOf("2025-08-04");
    const steep = res.body.opportunities.find((o: { id: string }) => o.id === "steepener_2s10s");
    expect(steep.currentSpreadBps).toBeCloseTo((Number(r["10_yr"]) - Number(r["2_yr"])) * 100, 6);
    expect(steep.longBond).toEqual({ maturity: "2 Yr", currentYield: Number(r["2_yr"]) });
    expect(steep.shortBond).toEqual({ maturity: "10 Yr", currentYield: Number(r["10_yr"]) });
    expect(res.body.fundingRate).toEqual({ rate: 4.33, date: "2025-08-04" });
  });

  it("calls the curve shape from the spreads it shows: on 2025-08-04 10Y-2Y is +53 bps, 10Y-3M -13 bps, so mixed", async () => {
    const a = (await request(t.app).get("/api/treasury-staking/analytics").expect(200)).body;
    expect(a.asOf).toBe("2025-08-04");
    expect(a.spread10y2yBps).toBeCloseTo(53, 6);
    expect(a.spread10y3mBps).toBeCloseTo(-13, 6);
    expect(a.curveShape).toBe("mixed"); // was "inverted", from 10Y-3M alone, under a 10Y-2Y of +53 bps
    expect(a.curveShapeText).toBe("mixed: 10Y-2Y +53 bps, 10Y-3M -13 bps");
    expect(a.curveShapeRule).toMatch(/10Y-2Y and 10Y-3M/);
  });

  it("refuses bad stakes with the spec's messages and a field, writing nothing", async () => {
    const empty = await stake({}).expect(400);
    expect(empty.body.code).toBe("INVALID_INPUT");
    expect(empty.body.issues).toEqual(
      expect.arrayContaining([
        { path: "opportunityId", message: "Please select an opportunity and enter an amount" },
        { path: "amount", message: "Please select an opportunity and enter an amount" },
      ]),
    );
    const low = await stake({ opportunityId: "steepener_2s10s", amount: 1000 }).expect(400);
    const opps = await request(t.app).get("/api/treasury-staking/opportunities");
    const cap = opps.body.opportunities.find((o: { id: string }) => o.id === "steepener_2s10s")
      .capitalRequired as number;
    expect(low.body).toMatchObject({ code: "INVALID_INPUT", error: "Insufficient Amount" });
    expect(low.body.issues).toEqual([
      { path: "amount", message: `Minimum investment required: $${cap.toLocaleString("en-US")}` },
    ]);
    await stake({ opportunityId: "nope", amount: 100000 }).expect(400);
    await stake({ opportunityId: "steepener_2s10s", amount: -5 }).expect(400);
    const none = await request(t.app).get(`/api/treasury-staking/positions/${trader.address}`).expect(200);
    expect(none.body.positions).toEqual([]);
    expect(none.body.summary).toEqual({ totalPositions: 0, totalValue: 0, totalPnL: 0, averageReturn: 0 });
  });

  it("without a session nothing is written: a stake or a close is 401, and the demo user's book cannot be traded", async () => {
    const before = (await request(t.app).get("/api/treasury-staking/positions/demo-user").expect(200))
      .body as TreasuryPositionsResponse;
    const res = await stake({ opportunityId: "steepener_2s10s", amount: 100000 }, null).expect(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
    await closeAs(before.positions[0]!.id, null).expect(401);
    // Signed in, the showcase is still not the caller's: 403, unchanged.
    const refused = await closeAs(before.positions[0]!.id).expect(403);
    expect(refused.body).toMatchObject({
      code: "FORBIDDEN",
      error: expect.stringMatching(/showcase book, which is read-only/),
    });
    const after = (await request(t.app).get("/api/treasury-staking/positions/demo-user").expect(200))
      .body as TreasuryPositionsResponse;
    expect(after.positions.map((p) => [p.id, p.status])).toEqual(before.positions.map((p) => [p.id, p.status]));
  });

  it("shows the demo user's read-only showcase book: fixed positions opened a month before the replay's start, the same on every read", async () => {
    const book = (await request(t.app).get("/api/treasury-staking/positions/demo-user").expect(200))
      .body as TreasuryPositionsResponse;
    expect(book.userId).toBe("demo-user");
    expect(book.positions.map((p) => p.id).sort()).toEqual(SHOWCASE_POSITIONS.map((p) => p.id).sort());
    const opened = dates[dates.indexOf("2025-08-04") - 21];
    for (const p of book.positions)
      expect(p).toMatchObject({ status: "ACTIVE", openedOn: opened, daysHeld: 21, paper: true });
    expect(book.positions.map((p) => p.amount).sort()).toEqual([100000, 250000]);
    const again = (await request(t.app).get("/api/treasury-staking/positions/demo-user").expect(200))
      .body as TreasuryPositionsResponse;
    expect(again.positions).toEqual(book.positions);
  });

  let positionId = "";
  it("opens a 2s10s steepener for the signed-in wallet, advances a week and marks it from the bond math", async () => {
    const res = await stake({ opportunityId: "steepener_2s10s", amount: 100000 }).expect(201);
    expect(res.body.userId).toBe(trader.address);
    expect(res.body.message).toEqual({
      title: "Staking Position Created",
      description: "Your Treasury bond arbitrage position has been successfully created.",
    });
    const p = res.body.position;
    positionId = p.id;
    expect(p).toMatchObject({
      status: "ACTIVE",
      daysHeld: 0,
      unrealizedPnL: 0,
      currentValue: 100000,
      paper: true,
      openedOn: "2025-08-04",
    });
    expect(p.note).toMatch(/paper position on official data/);
    const [long, short] = p.legs;
    // DV01-neutral, gross face = the amount.
    expect(long.notional + short.notional).toBeCloseTo(100000, 0);
    expect(long.dv01).toBeCloseTo(short.dv01, 6);
    const r0 = rowOf("2025-08-04");
    const d2 = parBondRisk(Number(r0["2_yr"]), 2).dv01Per1m;
    const d10 = parBondRisk(Number(r0["10_yr"]), 10).dv01Per1m;
    expect(short.notional / long.notional).toBeCloseTo(d2 / d10, 6); // faces are rounded to cents

    const adv = await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "week" }).expect(200);
    const weekLater = dates[dates.indexOf("2025-08-04") + 5]!;
    expect(adv.body.asOf).toBe(weekLater);

    const pos = (await request(t.app).get(`/api/treasury-staking/positions/${trader.address}`).expect(200))
      .body as TreasuryPositionsResponse;
    const q = pos.positions[0]!;
    expect(q.daysHeld).toBe(5);
    expect(q.calendarDaysHeld).toBe(7);
    // Independent mark: each leg's price at the week-later yield for its maturity 7 days shorter (the 2Y and
    // 10Y neighbours are published, so the interpolated yield is between them), plus carry at the mean DFF.
    const r1 = rowOf(weekLater);
    const h = 7 / 365;
    const interp = (y1: number, t1: number, y2: number, t2: number, x: number) =>
      y1 + ((y2 - y1) * (x - t1)) / (t2 - t1);
    const y2now = interp(Number(r1["1_yr"]), 1, Number(r1["2_yr"]), 2, 2 - h);
    const y10now = interp(Number(r1["7_yr"]), 7, Number(r1["10_yr"]), 10, 10 - h);
    const dff = readFileSync(`${YIELD_DATA_DIR}fred_dff_daily.csv`, "utf8").trim().split("\n").slice(1);
    const funding = dff.filter((l) => l >= "2025-08-04" && l < weekLater).map((l) => Number(l.split(",")[1]));
    const f = funding.reduce((a, b) => a + b, 0) / funding.length;
    const price =
      (long.notional * (bondPrice(long.entryYield, y2now, 2 - h) - long.entryPrice)) / 100 -
      (short.notional * (bondPrice(short.entryYield, y10now, 10 - h) - short.entryPrice)) / 100;
    const carry =
      (long.notional * (long.entryYield - f) * h) / 100 - (short.notional * (short.entryYield - f) * h) / 100;
    expect(q.pnlBreakdown.price).toBeCloseTo(price, 1);
    expect(q.pnlBreakdown.carry).toBeCloseTo(carry, 1);
    expect(q.unrealizedPnL).toBeCloseTo(price + carry, 1);
    expect(q.currentValue).toBeCloseTo(100000 + price + carry, 1);
    expect(q.performance.totalReturn).toBeCloseTo(((price + carry) / 100000) * 100, 3);
    expect(pos.summary.totalPositions).toBe(1);
    // Near the DV01 approximation (spread DV01 x the spread change); the rest is the legs' roll down the curve.
    const approx = long.dv01 * (q.currentSpreadBps - q.entrySpreadBps);
    expect(Math.sign(q.pnlBreakdown.price)).toBe(Math.sign(approx));
    expect(Math.abs(q.pnlBreakdown.price - approx)).toBeLessThan(0.3 * Math.abs(approx) + 5);
    console.log(
      `2s10s steepener $100,000 opened ${q.openedOn}, marked ${weekLater}: spread ${q.entrySpreadBps} -> ${q.currentSpreadBps} bps, price ${q.pnlBreakdown.price}, carry ${q.pnlBreakdown.carry}, P&L ${q.unrealizedPnL}, return ${q.performance.totalReturn}%`,
    );
  });

  it("tells testnet the open positions of the wallets it names (never the showcase book), the yield accuracy and the spread capture", async () => {
    const routerExports = (await import("./treasury-staking.routes")).createTreasuryStakingRouter({
      db: t.deps.database.db,
      network: "hardhat",
      sessions: createSessionStore(t.deps.database.db, 31337),
      treasuryYieldUrl: "http://127.0.0.1:1",
    }).exports;
    // The trader's one; the showcase's positions never count; of the trader's wallet alone (any case), one.
    expect(await routerExports.openPositionCount("every-wallet")).toBe(1);
    expect(await routerExports.openPositionCount([trader.address.toLowerCase()])).toBe(1);
    expect(await routerExports.openPositionCount([])).toBe(0);
    expect(await routerExports.openPositionCount(["0x000000000000000000000000000000000000dEaD"])).toBe(0);
    const acc = await routerExports.yieldAccuracy();
    expect(acc).toMatchObject({ percent: 100, mismatches: [] });
    expect(acc.tenorsChecked).toBeGreaterThan(8);
    // Aged by the earlier test's replay week: the trader's position counts, the showcase's never.
    const cap = await routerExports.spreadCapture("every-wallet");
    expect(cap.positions).toBe(1);
    expect((await routerExports.spreadCapture([])).positions).toBe(0);
    expect(cap.detail).toMatch(/position/);
  });

  it("keeps the replay clock in the database (a new service, as after a restart, stands on the same day)", async () => {
    const again = createTreasuryStakingService({
      db: t.deps.database.db,
      network: "hardhat",
      sessions: createSessionStore(t.deps.database.db, 31337),
      treasuryYieldUrl: "http://127.0.0.1:1",
    });
    expect((await again.replay()).asOf).toBe(dates[dates.indexOf("2025-08-04") + 5]);
  });

  it("closes a position once, storing its realised P&L", async () => {
    const before = (await request(t.app).get(`/api/treasury-staking/positions/${trader.address}`)).body.positions[0];
    const res = await closeAs(positionId).expect(200);
    expect(res.body.position).toMatchObject({
      status: "CLOSED",
      unrealizedPnL: 0,
      realizedPnL: before.unrealizedPnL,
      closedOn: before.closedOn ?? res.body.asOf,
    });
    await closeAs(positionId).expect(409);
    await closeAs("00000000-0000-4000-8000-000000000000").expect(404);
    await closeAs("not-a-uuid").expect(400);
    // Advancing further does not move a closed position.
    await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "month" }).expect(200);
    const after = (await request(t.app).get(`/api/treasury-staking/positions/${trader.address}`)).body;
    expect(after.positions[0].realizedPnL).toBe(before.unrealizedPnL);
    expect(after.summary.totalPnL).toBe(before.unrealizedPnL);
  });

  it("gives a signed-in wallet its own positions, closable only by it (another wallet: 403 FORBIDDEN, unchanged)", async () => {
    const { token } = await createSessionStore(t.deps.database.db, 31337).create(ALICE, 3600);
    const res = await request(t.app)
      .post("/api/treasury-staking/stake")
      .set("Cookie", `${SESSION_COOKIE}=${token}`)
      .send({ opportunityId: "butterfly_2s5s10s", amount: 250000 })
      .expect(201);
    expect(res.body.userId).toBe(ALICE);
    expect(res.body.position.legs.map((l: { tenor: string; side: string }) => `${l.side} ${l.tenor}`)).toEqual([
      "long 5_yr",
      "short 2_yr",
      "short 10_yr",
    ]);
    const mine = await request(t.app).get(`/api/treasury-staking/positions/${ALICE.toLowerCase()}`).expect(200);
    expect(mine.body.positions).toHaveLength(1);
    await closeAs(res.body.position.id, null).expect(401);
    const other = await closeAs(res.body.position.id).expect(403);
    expect(other.body).toMatchObject({
      code: "FORBIDDEN",
      error: expect.stringMatching(new RegExp(`belongs to ${ALICE}`)),
    });
    expect((await request(t.app).get(`/api/treasury-staking/positions/${ALICE}`)).body.positions[0].status).toBe(
      "ACTIVE",
    );
    await closeAs(res.body.position.id, `${SESSION_COOKIE}=${token}`).expect(200);
    await request(t.app).get("/api/treasury-staking/positions/0x123").expect(400);
  });

  it("clamps the replay at the last row and computes analytics on the curve day", async () => {
    for (let i = 0; i < 14; i++)
      await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "month" }).expect(200);
    const r = (await request(t.app).get("/api/treasury-staking/replay").expect(200)).body;
    expect(r).toMatchObject({ asOf: "2026-08-04", canAdvance: false });
    await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "year" }).expect(400);
    const a = (await request(t.app).get("/api/treasury-staking/analytics").expect(200)).body;
    expect(a.asOf).toBe("2026-08-04");
    expect(a.spread10y2yBps).toBeCloseTo((4.63 - 4.2) * 100, 6);
    expect(a.fedFunds).toMatchObject({ latest: 3.63, date: "2026-08-04" });
    expect(a.strategies).toHaveLength(7);
    // 10Y-2Y +43 bps and 10Y-3M +74 bps (4.63 - 3.89): both up, so normal.
    expect(a.spread10y3mBps).toBeCloseTo((4.63 - 3.89) * 100, 6);
    expect(a).toMatchObject({ curveShape: "normal", curveShapeText: "normal: 10Y-2Y +43 bps, 10Y-3M +74 bps" });
    expect(a.volatility.daily21Bps).toBeGreaterThan(0);
    console.log(
      "analytics 2026-08-04:",
      JSON.stringify({ spread: a.spread10y2yBps, shape: a.curveShapeText, vol: a.volatility, fed: a.fedFunds }),
    );
  });
});
