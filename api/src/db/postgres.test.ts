// The same schema, migrations and API on a real PostgreSQL server. Runs when TEST_DATABASE_URL names a
// server it may create databases on (.ci/run starts a throwaway PostgreSQL 15 for it); each run works in
// a database of its own, dropped afterwards.
import { randomBytes } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/harness";
import { openDatabase } from "./client";
import { mintHistoryResponse } from "../features/minting/minting.schemas";
import { unifiedStatusResponse } from "../features/unified/unified.schemas";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../testing/pg-server";

const serverUrl = testServerUrl;

describe.skipIf(!serverUrl)("PostgreSQL server via DATABASE_URL", () => {
  const dbName = `xqb_test_${randomBytes(4).toString("hex")}`;
  let t: TestApp;

  const urlOf = testDatabaseUrl;
  const connected = onTestDatabase;

  beforeAll(async () => {
    await connected(null, (c) => c.query(`CREATE DATABASE ${dbName}`));
    t = await startTestApp({ chain: "hardhat", env: { DATABASE_URL: urlOf(dbName) } });
  });

  afterAll(async () => {
    await t?.close();
    await connected(null, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  });

  it("migrates, mints live, stores the record and reports the postgres driver", async () => {
    const mint = await request(t.app)
      .post("/api/xqbme/mint-xqb")
      .send({ ethAmount: 0.01, stablecoinPair: "XQBUSD", network: "hardhat", quantumSecurity: false })
      .expect(200);
    expect(mint.body).toMatchObject({ source: "live", xqbAmount: 30, xqbusdAmount: 20 });

    const { mints } = mintHistoryResponse.parse((await request(t.app).get("/api/minting/history").expect(200)).body);
    expect(mints.map((m) => m.id)).toEqual([mint.body.id]);

    const status = unifiedStatusResponse.parse((await request(t.app).get("/api/unified/status").expect(200)).body);
    expect(status.database).toMatchObject({ ok: true, driver: "postgres" });
    expect(status.mints).toEqual({ live: 1, simulated: 0 });

    // The migration really ran on the server: the table and its live-transaction index exist there.
    const indexes = await connected(dbName, async (c) =>
      (await c.query("select indexname from pg_indexes where tablename = 'mints' order by 1")).rows.map(
        (r) => r.indexname,
      ),
    );
    expect(indexes).toEqual(["mints_created_at_id_idx", "mints_created_at_idx", "mints_live_tx_unique", "mints_pkey"]);
  });

  it("replicas starting together on a fresh database all migrate it (they take turns on an advisory lock)", async () => {
    const fresh = `${dbName}_race`;
    await connected(null, (c) => c.query(`CREATE DATABASE ${fresh}`));
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: urlOf(fresh), pgliteDir: "" })),
      );
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();
      // Without the lock all but one failed on "already exists" (the migrator reads, then creates).
      expect(opened.map((o) => (o.status === "fulfilled" ? "ok" : String(o.reason)))).toEqual(["ok", "ok", "ok", "ok"]);
      const applied = await connected(
        fresh,
        async (c) => (await c.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n,
      );
      const files = await connected(
        dbName,
        async (c) => (await c.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n,
      );
      expect(applied).toBe(files);
    } finally {
      await connected(null, (c) => c.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`));
    }
  });
});
