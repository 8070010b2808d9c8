// The write convention on the real app: foreign Host refused, cross-site writes refused (and nothing
// written), writes limited per client with 429 + Retry-After, reads never limited.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/harness";

const STELLAR_BODY = {
  xlmAmount: 1,
  tokenType: "VIBE",
  network: "testnet",
  environmentalAction: "tree_planting",
  quantumSecurity: false,
};
let t: TestApp;
const stored = async () => (await request(t.app).get("/api/unified/status").expect(200)).body.mints.simulated as number;

beforeAll(async () => {
  t = await startTestApp({ chain: "none", env: { RATE_LIMIT_WRITES_PER_MINUTE: "5" } });
});
afterAll(() => t?.close());

describe("protection", () => {
  it("refuses a Host outside the allowed list (DNS rebinding), for the API and the web app", async () => {
    for (const path of ["/api/unified/status", "/", "/multi-blockchain-minting"]) {
      const res = await request(t.app).get(path).set("Host", "evil.example");
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("HOST_NOT_ALLOWED");
    }
    await request(t.app).get("/api/unified/status").set("Host", "127.0.0.1:3000").expect(200);
  });

  it("refuses a state-changing request from another site, writes nothing, and lets curl and the app's own pages through", async () => {
    const before = await stored();
    const refused = [
      { origin: "http://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://127.0.0.1.evil.example" },
    ];
    for (const headers of refused) {
      const res = await request(t.app).post("/api/vibecoins/mint-stellar").set(headers).send(STELLAR_BODY);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe("CROSS_SITE_REQUEST");
    }
    // A text/plain body (no CORS preflight) from another site: refused before it is read.
    const plain = await request(t.app)
      .post("/api/vibecoins/mint-stellar")
      .set("Origin", "http://evil.example")
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(STELLAR_BODY));
    expect(plain.status).toBe(403);
    expect(await stored()).toBe(before);
    // Reads from anywhere still work; so do writes without browser headers and from this app's own origin.
    await request(t.app).get("/api/unified/status").set("Origin", "http://evil.example").expect(200);
    await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY).expect(200);
    await request(t.app)
      .post("/api/vibecoins/mint-stellar")
      .set("Origin", "http://127.0.0.1:3000")
      .set("Sec-Fetch-Site", "same-origin")
      .send(STELLAR_BODY)
      .expect(200);
    expect(await stored()).toBe(before + 2);
  });

  it("answers 429 with Retry-After once a client's writes pass the limit; reads are never limited", async () => {
    const codes: number[] = [];
    let limited: request.Response | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await request(t.app).post("/api/vibecoins/mint-stellar").send(STELLAR_BODY);
      codes.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes).toContain(429);
    expect(codes.slice(codes.indexOf(429)).every((c) => c === 429)).toBe(true);
    expect(limited!.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(limited!.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited!.body.retryAfterSeconds).toBe(Number(limited!.headers["retry-after"]));
    // The routes match a path whatever its case: so does the limit.
    const before = await stored();
    await request(t.app).post("/API/Vibecoins/Mint-Stellar").send(STELLAR_BODY).expect(429);
    expect(await stored()).toBe(before);
    for (let i = 0; i < 20; i++) await request(t.app).get("/api/minting/history").expect(200);
  });
});
