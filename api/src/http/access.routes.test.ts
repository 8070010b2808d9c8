// Generated from the route table (GET /api/openapi.json): every route's declared access rule holds against the
// real app with OPERATOR_ADDRESSES set. Without a session a wallet or operator route answers 401; with a session
// that is not an operator's, an operator route answers 403; neither changes a row or the chain. A route added
// later is covered without editing this file, and one that declares no rule does not compile.
import { sql } from "drizzle-orm";
import hre from "hardhat";
import request from "supertest";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARDHAT_DEV_KEY_0 } from "../config";
import { startTestApp, type TestApp } from "../testing/harness";
import { signedInCookie } from "../testing/sessions";
import { apiError } from "./error-body";

const OPERATOR = privateKeyToAccount(HARDHAT_DEV_KEY_0).address;

type Op = {
  "x-access"?: string;
  security?: unknown[];
  "x-error-codes"?: string[];
  requestBody?: { content?: Record<string, unknown> };
};
type Doc = { paths: Record<string, Record<string, Op>>; components?: { securitySchemes?: Record<string, unknown> } };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp({
    chain: "hardhat",
    env: { OPERATOR_ADDRESSES: OPERATOR, RATE_LIMIT_WRITES_PER_MINUTE: "0", RATE_LIMIT_IP_CEILING_PER_MINUTE: "0" },
  });
  doc = (await request(t.app).get("/api/openapi.json").expect(200)).body as Doc;
}, 120_000);
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method as "get" | "post",
      path,
      op,
      url: path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === "kind" ? "security-audit" : "1")),
    })),
  );

/** Every table's row count, and the chain's head: what a refused call must leave as it was. */
async function state() {
  const tables = (await t.deps.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', 'sessions')`,
  )) as unknown as { rows: { tablename: string }[] };
  const counts: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const res = (await t.deps.database.db.execute(
      sql.raw(`select count(*)::int as n from "${tablename}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[tablename] = res.rows[0]!.n;
  }
  const block = await (await hre.viem.getPublicClient()).getBlock({ blockTag: "latest" });
  return { counts, head: { number: block.number, hash: block.hash, timestamp: block.timestamp } };
}

/** A request of the route's own kind (a JSON body, or a multipart form for an upload), so only the access rule can refuse it. */
function send(method: "get" | "post", url: string, op: Op, cookie?: string) {
  const multipart = Boolean(op.requestBody?.content?.["multipart/form-data"]);
  const req =
    method === "get"
      ? request(t.app).get(url)
      : multipart
        ? request(t.app).post(url).field("probe", "1")
        : request(t.app).post(url).set("content-type", "application/json").send("{}");
  return cookie ? req.set("cookie", cookie) : req;
}

describe("every route's access rule, generated from the route table", () => {
  it("every operation declares its rule and its security requirement", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(80);
    for (const { method, path, op } of ops) {
      expect(["visitor", "wallet", "operator"], `${method} ${path}`).toContain(op["x-access"]);
      expect(op.security, `${method} ${path}`).toEqual(
        op["x-access"] === "visitor" ? [] : [{ siweSession: op["x-access"] === "operator" ? ["operator"] : [] }],
      );
      if (op["x-access"] !== "visitor") expect(op["x-error-codes"], `${method} ${path}`).toContain("UNAUTHENTICATED");
      if (op["x-access"] === "operator") expect(op["x-error-codes"], `${method} ${path}`).toContain("FORBIDDEN");
    }
    expect(doc.components?.securitySchemes?.siweSession).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "xqb_session",
    });
  });

  it("what changes what every visitor shares is an operator's", () => {
    const operator = new Set(
      operations()
        .filter((o) => o.op["x-access"] === "operator")
        .map((o) => `${o.method} ${o.path}`),
    );
    for (const shared of [
      "post /api/local-chain/advance-time",
      "post /api/testnet/perfect",
      "post /api/testnet/test-treasury",
      "post /api/testnet/test-multisig",
      "post /api/security/comprehensive-test",
      "post /api/q-isolator/simulate-threat",
      "post /api/bridge/batch",
      "post /api/treasury-staking/replay/advance",
    ]) {
      expect(operator, shared).toContain(shared);
    }
    // Every professional assessment (the DR drill among them) and every security-suite run.
    const runs = operations()
      .filter((o) => o.method !== "get" || o.path.endsWith("-test"))
      .filter((o) => /^\/api\/(professional|security)\//.test(o.path));
    expect(runs.length).toBeGreaterThanOrEqual(9);
    for (const run of runs) expect(run.op["x-access"], `${run.method} ${run.path}`).toBe("operator");
  });

  it("without a session, every wallet and operator route answers 401 and changes nothing", async () => {
    const guarded = operations().filter((o) => o.op["x-access"] !== "visitor");
    expect(guarded.length).toBeGreaterThan(10);
    const before = await state();
    for (const { method, path, url, op } of guarded) {
      const res = await send(method, url, op);
      expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBe(401);
      expect(apiError.parse(res.body).code).toBe("UNAUTHENTICATED");
    }
    expect(await state()).toEqual(before);
  });

  it("with a session that is not an operator's, every operator route answers 403 and changes nothing", async () => {
    const { cookie } = await signedInCookie(t.deps.database.db);
    const operatorOnly = operations().filter((o) => o.op["x-access"] === "operator");
    const before = await state();
    for (const { method, path, url, op } of operatorOnly) {
      const res = await send(method, url, op, cookie);
      expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBe(403);
      expect(apiError.parse(res.body)).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await state()).toEqual(before);
  });

  it("the operator's session passes the rule (the route's own checks answer next)", async () => {
    const { cookie } = await signedInCookie(t.deps.database.db, OPERATOR);
    // A body the route refuses: past the access rule, nothing runs.
    const res = await request(t.app)
      .post("/api/local-chain/advance-time")
      .set("cookie", cookie)
      .set("content-type", "application/json")
      .send({ days: -1 });
    expect(res.status).toBe(400);
    const access = await request(t.app).get("/api/auth/access").set("cookie", cookie).expect(200);
    expect(access.body).toMatchObject({
      mode: "listed",
      operator: true,
      operatorBy: "listed",
      address: OPERATOR,
      openReason: null,
      operatorCount: 1,
    });
    const visitor = await request(t.app).get("/api/auth/access").expect(200);
    expect(visitor.body).toMatchObject({ mode: "listed", operator: false, operatorBy: null, address: null });
  });

  it("a path parameter that is not valid percent-encoding is a 400, never a 500", async () => {
    for (const url of [
      "/api/bridge/transfers/%ff%fe",
      "/api/bridge/transfers/%",
      "/ipfs/%",
      "/api/q-isolator/files/%E0%A4%A",
    ]) {
      const res = await request(t.app).get(url);
      expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(apiError.parse(res.body).code).toBe("INVALID_INPUT");
    }
  });
});
