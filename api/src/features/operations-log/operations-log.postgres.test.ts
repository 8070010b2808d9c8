// The operations log on PostgreSQL (DATABASE_URL): the view migrates there as on PGlite, filters and pages the same
// rows, and its CSV carries the same text. Runs when TEST_DATABASE_URL names a server it may create databases on
// (scripts/pg-test-server.sh), in a database of its own dropped afterwards.
import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../../testing/pg-server";
import { operationsResponse } from "./operations-log.schemas";
import { ALICE, MEMO, SIMULATED_REASON, seedOperations, type Seeded } from "./testing/seed";

describe.skipIf(!testServerUrl)("the operations log on PostgreSQL", () => {
  const dbName = `xqb_oplog_${randomBytes(4).toString("hex")}`;
  const admin = (sql: string) => onTestDatabase(null, (c) => c.query(sql));
  let t: TestApp;
  let seeded: Seeded;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    t = await startTestApp({ chain: "none", env: { DATABASE_URL: testDatabaseUrl(dbName) } });
    seeded = await seedOperations(t.deps.database.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const list = async (query: string) =>
    operationsResponse.parse((await request(t.app).get(`/api/operations-log${query}`).expect(200)).body);

  it("lists, filters and pages the seeded rows as on PGlite", async () => {
    const all = await list("?limit=100");
    expect(all.total).toBe(seeded.total);
    expect(Object.fromEntries(all.options.features.map((o) => [o.value, o.count]))).toEqual(seeded.byFeature);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      ids.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(all.rows.map((r) => r.id));
    const mine = await list(`?wallet=${ALICE.toUpperCase().replace("0X", "0x")}&source=live&limit=100`);
    expect(mine.rows.length).toBe(mine.total);
    expect(mine.rows.every((r) => r.wallet?.toLowerCase() === ALICE.toLowerCase() && r.source === "live")).toBe(true);
  });

  it("exports the same text: a memo and a reason with a comma and a quote survive", async () => {
    const res = await request(t.app).get("/api/operations-log.csv").expect(200);
    const records = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(seeded.total);
    expect(records.find((r) => r.kind === "bridge delivery")!.detail).toContain(`memo "${MEMO}"`);
    expect(records.find((r) => r.kind === "VIBE mint")!.reason).toBe(SIMULATED_REASON);
  });
});
