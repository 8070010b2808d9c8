// The drill on a real PostgreSQL server (TEST_DATABASE_URL; `.ci/run` starts one with scripts/pg-test-server.sh):
// pg_dump, pg_restore into a fresh xqb_dr_* database, compared, dropped. Each run uses a database of its own.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../../testing/pg-server";
import { openDatabase, type Database } from "../client";
import { rateLimits } from "../schema";
import { runDisasterRecoveryDrill } from "./drill";
import { libpqEnv } from "./postgres-engine";

describe("libpqEnv", () => {
  it("hands the connection to pg_dump through PG* variables (the password never in argv)", () => {
    const env = libpqEnv("postgres://dr%40user:s3cr%2Ft@db.example:6543/app?sslmode=require");
    expect(env).toMatchObject({
      PGHOST: "db.example",
      PGPORT: "6543",
      PGUSER: "dr@user",
      PGPASSWORD: "s3cr/t",
      PGDATABASE: "app",
      PGSSLMODE: "require",
    });
    expect(libpqEnv("postgres://u@127.0.0.1:5432/app", "xqb_dr_1").PGDATABASE).toBe("xqb_dr_1");
    expect(libpqEnv("postgres://u@127.0.0.1/app").PGPASSWORD).toBeUndefined();
  });
});

describe.skipIf(!testServerUrl)("runDisasterRecoveryDrill on PostgreSQL (pg_dump)", () => {
  const dbName = `xqb_test_dr_${randomBytes(4).toString("hex")}`;
  const dir = mkdtempSync(path.join(tmpdir(), "xqb-dr-pg-"));
  let database: Database;
  const restoredDatabases = () =>
    onTestDatabase(null, async (c) =>
      (await c.query("select datname from pg_database where datname like 'xqb_dr_%'")).rows.map(
        (r) => r.datname as string,
      ),
    );

  beforeAll(async () => {
    await onTestDatabase(null, (c) => c.query(`CREATE DATABASE ${dbName}`));
    database = await openDatabase({ databaseUrl: testDatabaseUrl(dbName), pgliteDir: "" });
    const later = new Date(Date.now() + 3600_000);
    await database.db
      .insert(rateLimits)
      .values(Array.from({ length: 50 }, (_, i) => ({ key: `ip:${i}`, hits: i, resetAt: later })));
  });
  afterAll(async () => {
    await database?.close();
    await onTestDatabase(null, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    rmSync(dir, { recursive: true, force: true });
  });

  const drill = (extra: Partial<Parameters<typeof runDisasterRecoveryDrill>[0]> = {}) =>
    runDisasterRecoveryDrill({
      database,
      config: { databaseUrl: testDatabaseUrl(dbName), pgliteDir: "" },
      backupDir: dir,
      chainId: 31337,
      skipChain: true,
      ...extra,
    });

  it("dumps, restores into a fresh database, finds every table equal and drops the copy", async () => {
    const before = await restoredDatabases();
    const r = await drill();
    expect(r.detail).toContain("snapshot");
    expect(r).toMatchObject({ passed: true, method: "pg_dump" });
    expect(r.backup.file).toMatch(/^backup-[0-9TZ-]+\.pgdump$/);
    expect(r.tables.find((t) => t.name === "public.rate_limits")).toMatchObject({
      rowsSource: 50,
      rowsRestored: 50,
      match: true,
    });
    expect(r.tables.find((t) => t.name === "drizzle.__drizzle_migrations")?.rowsSource).toBeGreaterThan(0);
    expect(r.rtoMs).toBeGreaterThan(0);
    expect(await restoredDatabases()).toEqual(before);
    console.log(`[dr] pg_dump backup ${r.backup.bytes} bytes, RTO ${r.rtoMs} ms: ${r.detail}`);
  });

  it("matches the dump exactly while the API keeps writing (the figures are read in pg_dump's snapshot)", async () => {
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) await database.db.insert(rateLimits).values({ key: `busy:${n++}`, hits: 1, resetAt: new Date() });
    })();
    const r = await drill();
    writing = false;
    await writer;
    expect(n).toBeGreaterThan(0);
    expect(r.passed).toBe(true);
  });

  it("detects a restored database that differs, and still drops it", async () => {
    const before = await restoredDatabases();
    const r = await drill({
      onRestored: async (run) => void (await run("delete from rate_limits where key = 'ip:7'")),
    });
    expect(r.passed).toBe(false);
    expect(r.tables.filter((t) => !t.match).map((t) => t.name)).toEqual(["public.rate_limits"]);
    expect(await restoredDatabases()).toEqual(before);
  });

  it("reports a server it cannot reach instead of throwing", async () => {
    const r = await drill({ config: { databaseUrl: "postgres://postgres@127.0.0.1:1/none", pgliteDir: "" } });
    expect(r).toMatchObject({ passed: false, method: "pg_dump" });
    expect(r.detail).toMatch(/^The backup failed \(pg_dump\): /);
  });
});
