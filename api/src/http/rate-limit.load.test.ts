// The default write limit under a burst: one client fires 200 live mints as fast as it can (parallel
// batches over real sockets) at the real app on Hardhat's in-process chain with RATE_LIMIT_WRITES_PER_MINUTE=60.
// Exactly 60 are minted live, the other 140 are 429 RATE_LIMITED with Retry-After, none is a 5xx, and
// exactly 60 records are stored. Once with PGlite (express-rate-limit's memory store) and, when
// TEST_DATABASE_URL names a PostgreSQL server, once with the rate_limits table replicas share (the same
// count out of 50 concurrent upserts at a time).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/harness";

const ETH_BODY = { ethAmount: 0.001, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false };
const LIMIT = 60;
const TOTAL = 200;
const BATCH = 50;
const serverUrl = process.env.TEST_DATABASE_URL;

/** The app on a real socket of 127.0.0.1 (one client address for every request). */
async function listen(t: TestApp): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function burst(base: string, label: string): Promise<void> {
  const answers: { status: number; retryAfter: string | null; body: Record<string, unknown> }[] = [];
  const t0 = performance.now();
  for (let sent = 0; sent < TOTAL; sent += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, TOTAL - sent) }, async () => {
        const res = await fetch(`${base}/api/xqbme/mint-xqb`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(ETH_BODY),
        });
        return {
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
          body: (await res.json()) as Record<string, unknown>,
        };
      }),
    );
    answers.push(...batch);
  }
  const ms = performance.now() - t0;
  // The window is a minute: the burst must fit in it for the count to mean anything.
  expect(ms).toBeLessThan(50_000);

  expect(answers.filter((a) => a.status >= 500).map((a) => [a.status, a.body.code])).toEqual([]);
  const ok = answers.filter((a) => a.status === 200);
  const limited = answers.filter((a) => a.status === 429);
  expect(ok).toHaveLength(LIMIT);
  expect(ok.every((a) => a.body.source === "live")).toBe(true);
  expect(new Set(ok.map((a) => a.body.transactionHash)).size).toBe(LIMIT);
  expect(limited).toHaveLength(TOTAL - LIMIT);
  for (const a of limited) {
    expect(a.body.code).toBe("RATE_LIMITED");
    expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    expect(a.body.retryAfterSeconds).toBe(Number(a.retryAfter));
  }

  // Only the allowed ones were minted and stored.
  const status = (await (await fetch(`${base}/api/unified/status`)).json()) as {
    mints: { live: number; simulated: number };
  };
  expect(status.mints).toEqual({ live: LIMIT, simulated: 0 });
  console.log(
    `${label}: ${TOTAL} writes in ${Math.round(ms)} ms: ${ok.length} live, ${limited.length} rate-limited, 0 >= 500`,
  );
}

describe("write rate limit under a burst (default 60 a minute)", () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await startTestApp({ chain: "hardhat", env: { RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT) } });
    app = await listen(t);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it(
    `${TOTAL} rapid mints from one client: exactly ${LIMIT} live, the rest 429 with Retry-After, no 5xx`,
    () => burst(app.base, "memory store"),
    120_000,
  );
});

describe.skipIf(!serverUrl)("write rate limit under a burst, counted in PostgreSQL (the store replicas share)", () => {
  const dbName = `xqb_ratelimit_${randomBytes(4).toString("hex")}`;
  let t: TestApp;
  let app: Awaited<ReturnType<typeof listen>>;
  const urlOf = (database: string) => Object.assign(new URL(serverUrl!), { pathname: `/${database}` }).toString();
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    t = await startTestApp({
      chain: "hardhat",
      env: { RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT), DATABASE_URL: urlOf(dbName) },
    });
    app = await listen(t);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it(
    `${TOTAL} rapid mints from one client: exactly ${LIMIT} live, the rest 429 with Retry-After, no 5xx`,
    () => burst(app.base, "PostgreSQL store"),
    120_000,
  );
});
