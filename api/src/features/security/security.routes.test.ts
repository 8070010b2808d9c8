// The security routes on the real app: the comprehensive run on Hardhat's in-process chain (no FAIL on our own
// API; the one WARNING is the chain URL, which the harness points at a closed port), nothing outliving the run,
// one run at a time, no body or query, and the write rate limit.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { PAGE_DISCOVERY_LIMIT } from "./engine/passive";
import { createSecurityRepository } from "./security.repository";
import { SECURITY_CHECKS, securityLatestResponse, securityReport, securityTestResponse } from "./security.schemas";

const HOST = "127.0.0.1";
/**
 * The passive rules with nothing to judge on this API under test: it is plain http (Secure), and it serves no HTML
 * page here (the dapp is not built in the tests: GET / is a JSON 404).
 */
const OWN_API_NOT_APPLICABLE = ["passive-cookie-secure", "passive-html-nosniff", "passive-html-csp"];

describe("security routes on the real API (Hardhat's in-process chain)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ chain: "hardhat" });
  }, 120_000);
  afterAll(() => t?.close());

  it("GET /api/security/latest is null before the first run", async () => {
    const res = await request(t.app).get("/api/security/latest").set("host", HOST);
    expect(res.status).toBe(200);
    expect(securityLatestResponse.parse(res.body).report).toBeNull();
  });

  it("POST comprehensive-test: every check runs, none FAILs, the chain URL is a stated WARNING, nothing outlives the run, the report is stored with who ran it; a second run meanwhile is a 429", async () => {
    const repo = createSecurityRepository(t.deps.database.db);
    // The crowdfunding page's first read records the demo campaigns the deploy seeded (once, the same rows every
    // time): done here first, so the comparison below counts only what the probes leave.
    await request(t.app).get("/api/vibecoins/projects").set("host", HOST).expect(200);
    const before = await repo.countRows();
    const running = request(t.app).post("/api/security/comprehensive-test").set("host", HOST);
    const pending = running.then((r) => r);
    await new Promise((r) => setTimeout(r, 300));
    const second = await request(t.app).get("/api/security/xss-test").set("host", HOST);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/^the security suite \(comprehensive test\) is already running/),
    });
    expect(Number(second.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    const res = await pending;
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const report = securityReport.parse(res.body);
    // Every check is a result, but the passive rules that saw no answer of their kind (named, with why).
    const notApplicable = report.notApplicable.map((n) => n.id);
    console.log(`not applicable: ${report.notApplicable.map((n) => `${n.id} (${n.reason})`).join("; ")}`);
    expect(notApplicable).toEqual(OWN_API_NOT_APPLICABLE);
    expect(report.detailedResults.map((r) => r.id)).toEqual(
      SECURITY_CHECKS.map((c) => c.id).filter((id) => !notApplicable.includes(id)),
    );
    expect(report.detailedResults.filter((r) => r.status === "FAIL")).toEqual([]);
    const chain = report.detailedResults.find((r) => r.id === "csrf-chain-signing")!;
    expect(chain.status).toBe("WARNING");
    expect(chain.detail).toMatch(/^Not assessed: the local chain URL http:\/\/127\.0\.0\.1:1 did not answer/);
    expect(report.complianceStatus.nistFramework.assessed).toBe(false);
    // Bounded (25 s, 3,000 requests); every request is in the evidence.
    expect(report.durationMs).toBeLessThan(26_000);
    expect(report.requestsSent).toBeLessThanOrEqual(3000);
    // (all but the OpenAPI document's fetch; the cookie checks and the row count add entries of their own)
    // (the passive rules keep a few samples each; counted are the active checks' entries)
    expect(
      report.detailedResults.filter((r) => !r.id.startsWith("passive-")).reduce((n, r) => n + r.evidence.length, 0),
    ).toBeGreaterThanOrEqual(report.requestsSent - 1 - PAGE_DISCOVERY_LIMIT);

    // No record of the probes outlives the run: sessions logged out, nonces deleted, nothing else written.
    expect(await repo.countRows()).toEqual(before);
    const latest = securityLatestResponse.parse(
      (await request(t.app).get("/api/security/latest").set("host", HOST)).body,
    );
    expect(latest.report?.id).toBe(report.id);
    expect(latest.report?.ranAt).toBe(report.ranAt);
    // Who ran it, for every visitor to read: the open loopback presenter here (OPERATOR_ADDRESSES unset).
    expect(report.ranBy).toBe("open (local presenter)");
    expect(latest.report?.ranBy).toBe("open (local presenter)");
    // The light form for a page's first paint: the same report with only the evidence that holds a finding.
    const light = securityLatestResponse.parse(
      (await request(t.app).get("/api/security/latest?evidence=findings").set("host", HOST)).body,
    );
    expect(light.report?.summary).toEqual(report.summary);
    expect(light.report?.detailedResults.every((r) => r.evidence.every((e) => e.finding !== null))).toBe(true);

    if (report.stoppedBy) {
      // A loaded machine can make the run meet its 25 s bound: the checks it cut are WARNINGs that say so.
      expect(report.stoppedBy).toMatch(/time budget of 25000 ms reached/);
      for (const r of report.detailedResults.filter((x) => x.status === "WARNING" && x !== chain))
        expect(r.detail).toMatch(/not sent \(run budget\)/);
      return;
    }
    // Otherwise: every field of every operation probed, every operation reached or out of scope with its reason
    // (here: the operator GETs, which this open loopback server would run for real), only the chain URL not assessed.
    expect(report.coverage.fieldsProbed).toBe(report.coverage.fields);
    expect(report.coverage.operations).toBeGreaterThan(60);
    expect(report.coverage.unprobed.filter((u) => !u.outOfScope)).toEqual([]);
    expect(report.coverage.complete).toBe(true);
    expect(report.coverage.operationsReached + report.coverage.unprobed.length).toBe(report.coverage.operations);
    expect(report.coverage.unprobed.map((u) => u.operation)).toContain("GET /api/security/xss-test");
    for (const u of report.coverage.unprobed) expect(u.reason).toMatch(/^operator route left open by the target/);
    console.log(
      `coverage: ${report.coverage.operationsReached} of ${report.coverage.operations} operations reached, ${report.coverage.unprobed.length} out of scope (${report.coverage.unprobed.map((u) => u.operation).join(", ")}); ${report.requestsSent} requests in ${report.durationMs} ms`,
    );
    expect(report.detailedResults.filter((r) => r.status !== "PASS")).toEqual([chain]);
    const applicable = SECURITY_CHECKS.length - notApplicable.length;
    expect(report.summary).toMatchObject({
      failedTests: 0,
      warningTests: 1,
      passedTests: applicable - 1,
      totalTests: applicable,
      criticalIssues: 0,
      overallScore: 98,
      securityGrade: "A",
    });
    expect(report.governmentReadiness).toBe("DEPLOYMENT_READY");
    expect(report.governmentReadinessReason).toMatch(
      /every one of the \d+ operations was probed or named out of scope with its reason/,
    );
    expect(report.complianceStatus.overall.summary).toBe(`${applicable - 1} of ${applicable} mapped checks pass`);
  }, 60_000);
});

describe("security routes: the individual tests and their input", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ chain: "none" });
  }, 60_000);
  afterAll(() => t?.close());

  it("each individual test answers its category's checks only", async () => {
    for (const [kind, category] of [
      ["authentication", "AUTHENTICATION"],
      ["injection", "INJECTION"],
      ["xss", "XSS"],
    ] as const) {
      const res = await request(t.app).get(`/api/security/${kind}-test`).set("host", HOST);
      expect(res.status).toBe(200);
      const body = securityTestResponse.parse(res.body);
      expect(body.category).toBe(category);
      expect([...body.results.map((r) => r.id), ...body.notApplicable.map((n) => n.id)].sort()).toEqual(
        SECURITY_CHECKS.filter((c) => c.category === category)
          .map((c) => c.id)
          .sort(),
      );
      expect(
        body.results.every((r) => r.status === "PASS"),
        JSON.stringify(body.results.map((r) => [r.id, r.status, r.detail])),
      ).toBe(true);
      expect(body.stoppedBy).toBeNull();
    }
    // A GET any page can make a browser send: the same test again at once is refused, not run (no amplifier).
    const again = await request(t.app).get("/api/security/xss-test").set("host", HOST);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("RATE_LIMITED");
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000);

  it("refuses a body, a query and another site's page", async () => {
    const withBody = await request(t.app)
      .post("/api/security/comprehensive-test")
      .set("host", HOST)
      .send({ target: "http://example.com" });
    expect(withBody.status).toBe(400);
    expect(withBody.body.issues[0].message).toMatch(/takes no body/);
    const withQuery = await request(t.app)
      .get("/api/security/injection-test?target=http://example.com")
      .set("host", HOST);
    expect(withQuery.status).toBe(400);
    expect(withQuery.body.issues[0].path).toBe("target");
    const crossSite = await request(t.app)
      .post("/api/security/comprehensive-test")
      .set("host", HOST)
      .set("origin", "https://evil.example");
    expect(crossSite.status).toBe(403);
  });
});

describe("security routes under a write rate limit of 40 a minute", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ chain: "none", env: { RATE_LIMIT_WRITES_PER_MINUTE: "40" } });
  }, 60_000);
  afterAll(() => t?.close());

  it("the CSRF test sends every probe (its bucket is its request budget, not the visitors' 40) and leaves the visitor's writes alone", async () => {
    const res = await request(t.app).get("/api/security/csrf-test").set("host", HOST);
    expect(res.status).toBe(200);
    const body = securityTestResponse.parse(res.body);
    expect(body.results.filter((r) => r.status === "FAIL")).toEqual([]);
    expect(body.coverage.writeProbesNotSent).toBe(0);
    expect(body.results.find((r) => r.id === "csrf-content-type")!.status).toBe("PASS");
    // The run's hundreds of writes did not come out of the visitor's 40 (same 127.0.0.1).
    expect((await request(t.app).post("/api/auth/logout").set("host", HOST)).status).toBe(200);
  }, 30_000);

  it("is rate-limited like every write (the visitor's bucket)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++)
      statuses.push(
        (await request(t.app).post("/api/security/comprehensive-test").set("host", HOST).send({ x: 1 })).status,
      );
    expect(statuses).toContain(429);
  });
});
