// With the node unreachable: readings are never invented (503 with the ledger named), the capacity formula
// still answers and says the vault's check could not run, and no operation is attempted.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { qtCapacityResponse } from "./quantum-treasury-2.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "none" });
});
afterAll(() => t?.close());

describe("quantum-treasury-2 with the chain down", () => {
  it("answers 503 for readings and operations, never made-up figures", async () => {
    for (const path of ["metrics", "tokenomics", "implementation-plan"]) {
      const res = await request(t.app).get(`/api/quantum-treasury-2/${path}`).expect(503);
      expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
    }
    const { cookie } = await signedInCookie(t.deps.database.db);
    const res = await request(t.app)
      .post("/api/quantum-treasury-2/execute")
      .set("cookie", cookie)
      .send({ operation: "mint_xqb", amount: 1 })
      .expect(503);
    expect(res.body.code).toBe("LEDGER_UNAVAILABLE");
  });
  it("still computes the spec's capacity formula, saying the vault's check could not run", async () => {
    const c = qtCapacityResponse.parse(
      (await request(t.app).get("/api/quantum-treasury-2/capacity?collateral=300&ratio=150").expect(200)).body,
    );
    expect(c).toMatchObject({
      capacity: "200",
      excessCollateral: "100",
      vaultCapacity: null,
      agree: null,
      source: "simulated",
    });
    expect(c.reason).toMatch(/capacityAt could not be read/);
  });
});
