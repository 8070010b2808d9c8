// The bridge's routes in the real app (createApp): bad ids refused with the field, an unknown transfer a
// 404, the summary with Stellar and XRPL unreachable (simulated, so `matches` is null and each supply says
// why), and the relayer started and stopped with the app through `background` (as main.ts does).
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type BackgroundTask } from "../../app";
import { startTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
let app: express.Express;
const background: BackgroundTask[] = [];
const relayer = () => background.find((b) => b.name === "bridge relayer")!;

beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  app = createApp(t.deps, { background });
}, 120_000);
afterAll(async () => {
  await Promise.all(background.map((b) => b.stop()));
  await t?.close();
});

describe("bridge routes", () => {
  it("refuses a malformed lock id naming the field, and answers 404 for an unknown one", async () => {
    const bad = await request(app).get("/api/bridge/transfers/not-an-id").expect(400);
    expect(bad.body.code).toBe("INVALID_INPUT");
    expect(bad.body.issues[0].path).toBe("lockId");
    const missing = await request(app).get("/api/bridge/transfers/123456").expect(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    const badAddress = await request(app).get("/api/bridge/transfers?address=0x123").expect(400);
    expect(badAddress.body.issues[0].path).toBe("address");
    expect((await request(app).get("/api/bridge/transfers").expect(200)).body).toEqual({ transfers: [] });
  });

  it("refuses a batch outside its limits with the field", async () => {
    const res = await request(app)
      .post("/api/bridge/batch")
      .send({ count: 11, destinations: ["stellar"], roundTrip: false })
      .expect(400);
    expect(res.body.issues[0].path).toBe("count");
    const none = await request(app)
      .post("/api/bridge/batch")
      .send({ count: 1, destinations: [], roundTrip: false })
      .expect(400);
    expect(none.body.issues[0].path).toBe("destinations");
    expect(
      (await request(app).get("/api/bridge/batch/00000000-0000-0000-0000-000000000000").expect(404)).body.code,
    ).toBe("NOT_FOUND");
  });

  it("the summary reads the escrow live and says why the unreachable ledgers' supplies are missing; the relayer runs with the app", async () => {
    expect(background.map((b) => b.name)).toContain("bridge relayer");
    relayer().start();
    await expect
      .poll(async () => (await request(app).get("/api/bridge/summary")).body.relayer.heartbeatAt, { timeout: 10_000 })
      .not.toBeNull();
    const s = (await request(app).get("/api/bridge/summary").expect(200)).body;
    expect(s.escrow).toMatchObject({ source: "live", totalLocked: { baseUnits: "0", xqb: "0" } });
    expect(s.relayer).toMatchObject({ running: true, leader: true });
    for (const supply of s.supplies) {
      expect(supply.supply).toBeNull();
      expect(supply.reason).toMatch(/could not be read|unreachable|simulated/);
    }
    expect(s.matches).toBeNull();
    expect(s.rules.deadlineSeconds).toBe(600);
    expect(s.issuers.stellar).toMatch(/^G[A-Z2-7]{55}$/);
    expect(s.issuers.xrpl).toMatch(/^r/);
    await relayer().stop();
    expect((await request(app).get("/api/bridge/summary").expect(200)).body.relayer.running).toBe(false);
  });
});
