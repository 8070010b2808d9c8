// The API measuring itself: a real socket on 127.0.0.1, the allowed Host, and a write bucket of its own.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/harness";
import { openSelfTarget, ownHost, SELF_TARGET_HEADER, selfTargetKey, sendHttp, withSelfTarget } from "./self-target";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    chain: "none",
    env: { RATE_LIMIT_WRITES_PER_MINUTE: "2", ALLOWED_HOSTS: "127.0.0.1:3000,localhost:3000" },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, headers: Record<string, string>) =>
  sendHttp(url, { method: "POST", headers, timeoutMs: 5000 });

describe("self target", () => {
  it("answers over a real socket with the first allowed host", async () => {
    await withSelfTarget(t.app, t.deps.config.allowedHosts, async (target) => {
      expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(target.host).toBe("127.0.0.1:3000");
      const res = await target.send("/api/openapi.json", { maxBodyBytes: 8 * 1024 * 1024 });
      expect(res.status).toBe(200);
      expect((JSON.parse(res.body) as { openapi: string }).openapi).toBe("3.1.0");
      // Another Host is refused: the allow-list is met, not bypassed.
      expect((await target.send("/api/openapi.json", { headers: { host: "evil.example" } })).status).toBe(403);
    });
  });

  it("counts its writes in a bucket of its own, limited all the same, and forgets the token when closed", async () => {
    const target = await openSelfTarget(t.app, t.deps.config.allowedHosts);
    const logout = `${target.baseUrl}/api/auth/logout`;
    // A visitor (no token) spends the IP's two writes.
    for (let i = 0; i < 2; i++)
      expect((await request(t.app).post("/api/auth/logout").set("Host", "127.0.0.1:3000")).status).toBe(200);
    expect((await request(t.app).post("/api/auth/logout").set("Host", "127.0.0.1:3000")).status).toBe(429);
    // The self target still has its own two, then is limited too.
    expect((await post(logout, target.headers)).status).toBe(200);
    expect((await post(logout, target.headers)).status).toBe(200);
    expect((await post(logout, target.headers)).status).toBe(429);
    // A guessed token is the visitor's bucket (already spent).
    expect((await post(logout, { host: target.host, [SELF_TARGET_HEADER]: "guess" })).status).toBe(429);
    const token = target.headers[SELF_TARGET_HEADER]!;
    await target.close();
    expect(selfTargetKey({ headers: { [SELF_TARGET_HEADER]: token } } as never)).toBeNull();
  });

  it("uses 127.0.0.1 when every host is allowed", () => {
    expect(ownHost(["*"])).toBe("127.0.0.1");
    expect(ownHost(["example.test", "*"])).toBe("example.test");
  });
});

describe("self target with a bound of its own", () => {
  it("has that many writes in its bucket, and the app's limit elsewhere", async () => {
    const target = await openSelfTarget(t.app, t.deps.config.allowedHosts, { writesPerMinute: 4 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await target.send("/api/auth/logout", { method: "POST" })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await target.close();
    }
  });
});
