// Off the local chain: the curve day follows the calendar and the Treasury's CSV is merged when reachable.
// The "Treasury" here is a node:http server on 127.0.0.1 serving a CSV in the published format: no test
// touches the internet.
import { signedInCookie } from "../../testing/sessions";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createLiveCurve } from "./live-curve";
import { parseTreasuryCsv } from "./yield-data";

const CSV = [
  'Date,"1 Mo","1.5 Month","2 Mo","3 Mo","4 Mo","6 Mo","1 Yr","2 Yr","3 Yr","5 Yr","7 Yr","10 Yr","20 Yr","30 Yr"',
  "08/06/2026,4.10,4.09,4.05,3.90,3.88,3.80,3.70,4.18,4.22,4.30,4.44,4.60,5.15,5.16",
  "08/05/2026,4.11,4.10,4.06,3.91,3.89,3.81,3.71,4.19,4.24,4.31,4.46,4.61,5.16,5.17",
  "08/04/2026,4.12,4.11,4.07,3.89,3.90,3.82,4.04,4.20,4.25,4.33,4.47,4.63,5.18,5.18",
].join("\r\n");

let server: Server;
let base = "";
const hits: string[] = [];
let hang = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (hang) return; // never answers: the 3 s timeout must end the wait
    res.writeHead(200, { "content-type": "text/csv" });
    res.end(CSV);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/csv`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("the Treasury's CSV", () => {
  it("parses the published format (MM/DD/YYYY, newest first, 1.5 Month column) ascending", () => {
    const days = parseTreasuryCsv(CSV);
    expect(days.map((d) => d.date)).toEqual(["2026-08-04", "2026-08-05", "2026-08-06"]);
    expect(days[2]!.yields).toMatchObject({ "1_5_mo": 4.09, "10_yr": 4.6, "30_yr": 5.16 });
  });

  it("is fetched at most once an hour, and only newer rows are kept", async () => {
    let now = new Date("2026-08-07T12:00:00Z");
    const live = createLiveCurve({ baseUrl: base, now: () => now });
    hits.length = 0;
    expect((await live.rowsAfter("2026-08-04")).map((d) => d.date)).toEqual(["2026-08-05", "2026-08-06"]);
    expect(hits).toEqual(["/csv/2026/all?type=daily_treasury_yield_curve&field_tdr_date_value=2026&page&_format=csv"]);
    await live.rowsAfter("2026-08-04");
    expect(hits).toHaveLength(1);
    now = new Date(now.getTime() + 61 * 60_000);
    await live.rowsAfter("2026-08-04");
    expect(hits).toHaveLength(2);
  });

  it("gives up after the timeout and says so, keeping the snapshot", async () => {
    hang = true;
    try {
      const live = createLiveCurve({ baseUrl: base, now: () => new Date("2026-08-07T12:00:00Z"), timeoutMs: 300 });
      const started = Date.now();
      expect(await live.rowsAfter("2026-08-04")).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(live.note()).toMatch(/could not be fetched/);
    } finally {
      hang = false;
    }
  });
});

describe("off the local chain (calendar mode)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      chain: "none",
      env: {
        SEPOLIA_RPC_URL: "http://127.0.0.1:1",
        EVM_PRIVATE_KEY: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
        TREASURY_YIELD_URL: base,
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it("serves the latest fetched day as live, follows the calendar and refuses the replay control", async () => {
    expect(t.deps.config.evm.network).toBe("sepolia");
    const bonds = await request(t.app).get("/api/treasury-staking/bonds").expect(200);
    // Today (the machine's date) is after 2026-08-06, the newest fetched row.
    expect(bonds.body).toMatchObject({ asOf: "2026-08-06", source: "live", previousDay: "2026-08-05" });
    expect(bonds.body.sourceNote).toMatch(/Fetched/);
    expect(bonds.body.bonds.find((b: { id: string }) => b.id === "10_yr")).toMatchObject({ currentYield: 4.6 });
    const clock = await request(t.app).get("/api/treasury-staking/replay").expect(200);
    expect(clock.body).toMatchObject({
      mode: "calendar",
      asOf: "2026-08-06",
      canAdvance: false,
      start: null,
      last: "2026-08-06",
    });
    const refused = await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "day" }).expect(409);
    expect(refused.body.code).toBe("CONFLICT");
    expect(refused.body.error).toMatch(/local chain only/);
    const { cookie } = await signedInCookie(t.deps.database.db, undefined, t.deps.config.evm.chainId);
    const stake = await request(t.app)
      .post("/api/treasury-staking/stake")
      .set("Cookie", cookie)
      .send({ opportunityId: "flattener_5s30s", amount: 50000 })
      .expect(201);
    expect(stake.body).toMatchObject({ source: "live", asOf: "2026-08-06" });
  });
});
