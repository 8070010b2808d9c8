// The suite on PostgreSQL (DATABASE_URL): the row counter reads the server's catalogue, the rate limit lives
// in the database (its table is not counted), and a run leaves no record: its sessions logged out and its
// nonces deleted. Runs when TEST_DATABASE_URL names a server it may create databases on (see
// db/postgres.test.ts), in a database of its own dropped afterwards.
import { randomBytes } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../../testing/pg-server";
import { createSecurityRepository } from "./security.repository";
import { securityTestResponse } from "./security.schemas";

describe.skipIf(!testServerUrl)("the security suite on PostgreSQL", () => {
  const dbName = `xqb_security_${randomBytes(4).toString("hex")}`;
  let t: TestApp;
  const admin = (sql: string) => onTestDatabase(null, (c) => c.query(sql));

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    t = await startTestApp({
      chain: "none",
      env: { DATABASE_URL: testDatabaseUrl(dbName), RATE_LIMIT_WRITES_PER_MINUTE: "1000" },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it("the authentication test passes and leaves every counted table as it was", async () => {
    const repo = createSecurityRepository(t.deps.database.db);
    const before = await repo.countRows();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["auth_nonces", "sessions", "mints"]));
    expect(Object.keys(before)).not.toContain("rate_limits");
    const res = await request(t.app).get("/api/security/authentication-test").set("host", "127.0.0.1");
    expect(res.status).toBe(200);
    const body = securityTestResponse.parse(res.body);
    expect(body.results.map((r) => [r.id, r.status])).toEqual(body.results.map((r) => [r.id, "PASS"]));
    expect(await repo.countRows()).toEqual(before);
  }, 60_000);
});
