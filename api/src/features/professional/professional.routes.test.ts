// The professional readiness API against the real app: Hardhat's in-process chain with the suite deployed,
// PGlite in memory. Every assessment runs for real (the load test bounded to 2 s, the dependency audit
// against a closed port so the test never reaches the internet); the security suite is not wired in this
// app (its parts say so: professional.pen-test.test.ts runs with a stand-in suite).
import hre from "hardhat";
import request from "supertest";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abiOf } from "../../ledgers/evm/contracts";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import {
  ADVISORIES_UNREACHABLE,
  PROFESSIONAL_KINDS,
  complianceAuditResult,
  loadTestingResult,
  penetrationTestingResult,
  readinessReport,
  securityAuditResult,
  disasterRecoveryResult,
} from "./professional.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat", env: { NPM_AUDIT_REGISTRY: CLOSED_HTTP, LOAD_TEST_SECONDS: "2", RATE_LIMIT_WRITES_PER_MINUTE: "25" } });
}, 120_000);
afterAll(() => t?.close());

const report = async () => readinessReport.parse((await request(t.app).get("/api/professional/readiness-report").expect(200)).body);

describe("professional readiness", () => {
  it("before any run: every assessment 'not run' counting 0, overall 0, red, NOT_READY, with the rules", async () => {
    const r = await report();
    expect(r.overallReadiness).toBe(0);
    expect(r.colour).toBe("red");
    expect(r.badge).toBe("destructive");
    expect(r.mainnetRecommendation).toBe("NOT_READY");
    expect(r.recommendationReason).toMatch(/not run: Security Audit, Load Testing, Compliance Audit, Penetration Testing, Disaster Recovery/);
    for (const k of PROFESSIONAL_KINDS) expect(r.assessments[k]).toMatchObject({ status: "not run", score: 0, timestamp: null });
    expect(r.rule).toMatch(/mean of the five/);
    expect(r.industryStandards.map((s) => s.name).join(" ")).toMatch(/OWASP API Security Top 10.*ASVS.*k6.*GENIUS/);
    expect(r.history).toEqual([]);
  });

  it("POSTs refuse a body (400) and a wrong method (405)", async () => {
    const res = await request(t.app).post("/api/professional/compliance-audit").send({ target: "http://example.com" }).expect(400);
    expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "", message: "this endpoint takes no body" }] });
    await request(t.app).get("/api/professional/load-testing").expect(405);
  });

  it("compliance audit: the reserve figures equal what the chain says after a deposit and a mint; GENIUS rules met and not met with sources", async () => {
    const [, , , wallet] = await hre.viem.getWalletClients();
    const pub = await hre.viem.getPublicClient();
    const vault = { address: t.deps.evm.node.address("TreasuryVault"), abi: abiOf("TreasuryVault") } as const;
    await pub.waitForTransactionReceipt({ hash: await wallet!.writeContract({ ...vault, functionName: "depositEth", value: parseEther("2") }) });
    const max = (await pub.readContract({ ...vault, functionName: "positionOf", args: [wallet!.account.address] })).maxMintable;
    await pub.waitForTransactionReceipt({ hash: await wallet!.writeContract({ ...vault, functionName: "mintXqbusd", args: [max / 2n] }) });

    const started = Date.now();
    const body = complianceAuditResult.parse((await request(t.app).post("/api/professional/compliance-audit").expect(200)).body);
    const [eth, usdc, supply, value] = await Promise.all([
      pub.readContract({ ...vault, functionName: "totalEthCollateral" }),
      pub.readContract({ ...vault, functionName: "totalUsdcCollateral" }),
      pub.readContract({ ...vault, functionName: "xqbusdSupply" }),
      pub.readContract({ ...vault, functionName: "totalCollateralValue" }),
    ]);
    const res = body.detail.reserves;
    expect(res.source).toBe("live");
    expect(res.ethCollateralWei).toBe(eth.toString());
    expect(res.usdcCollateral).toBe(usdc.toString());
    expect(res.xqbusdSupply).toBe(supply.toString());
    expect(Number(res.collateralValueUsd)).toBeCloseTo(Number(value) / 1e18, 1);
    expect(res.reserveRatioPercent).toBeCloseTo(Number((value * 10_000n) / supply) / 100, 1);
    expect(res.ethSharePercent! + res.usdcSharePercent!).toBeCloseTo(100, 0);
    const rule = (id: string) => body.detail.rules.find((r) => r.id === id)!;
    expect(rule("genius-reserves-1to1")).toMatchObject({ met: true, source: expect.stringMatching(/S\. 1582.*§4\(a\)\(1\)\(A\)/) });
    expect(rule("genius-permitted-assets")).toMatchObject({ met: false, measured: expect.stringMatching(/^ETH [\d.]+%, USDC [\d.]+%/) });
    expect(rule("genius-monthly-disclosure").met).toBe(false);
    expect(rule("genius-redemption-policy").met).toBe(false);
    expect(rule("genius-no-rehypothecation").met).toBe(true);
    expect(rule("contract-min-ratio-150")).toMatchObject({ met: true, measured: "MIN_COLLATERAL_RATIO_BPS = 15000 (150%)" });
    expect(rule("contract-liquidation-130").met).toBe(true);
    expect(rule("contract-supply-is-debt").met).toBe(true);
    expect(rule("contract-every-xqbusd-backed").met).toBe(true);
    const met = body.detail.rules.filter((r) => r.met).length;
    expect(body.score).toBe(Math.round((1000 * met) / body.detail.rules.length) / 10);
    expect(body.passed).toBe(false);
    expect(body.success).toBe(true);
    expect(new Date(body.ranAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("load testing: bounded to ~2 s against this API's own read endpoints, thresholds evaluated, stored in the history", async () => {
    const started = Date.now();
    const body = loadTestingResult.parse((await request(t.app).post("/api/professional/load-testing").expect(200)).body);
    expect(Date.now() - started).toBeLessThan(8_000);
    const d = body.detail;
    expect(d.durationSeconds).toBe(2);
    expect(d.endpoints).toContain("/api/testnet/status");
    expect(d.endpoints.some((e) => e.includes(":") || e.startsWith("/api/professional/"))).toBe(false);
    expect(d.target).toMatch(/^this API at http:\/\/127\.0\.0\.1:\d+/);
    expect(d.requests.total).toBeGreaterThan(10);
    expect(d.requests.total).toBe(Object.values(d.statusCodes).reduce((a, b) => a + b, 0) + d.errors.socketErrors + d.errors.timeouts);
    expect(d.latencyMs.p95).toBeGreaterThan(0);
    expect(d.latencyMs.p95!).toBeLessThanOrEqual(d.latencyMs.p99!);
    const [failed, p95] = d.thresholds;
    expect(failed).toMatchObject({ id: "http_req_failed", expression: "rate<0.01", measured: d.errorRatePercent, passed: d.errorRatePercent < 1 });
    expect(p95).toMatchObject({ id: "http_req_duration", expression: "p(95)<250", measured: d.latencyMs.p95, passed: d.latencyMs.p95! < 250 });
    expect(body.passed).toBe(failed!.passed && p95!.passed);
    const r = await report();
    expect(r.history).toEqual([{ id: body.id, ranAt: body.ranAt, requestsPerSecond: d.requests.perSecond, p95Ms: d.latencyMs.p95, errorRatePercent: d.errorRatePercent, passed: body.passed }]);
  });

  it("security audit: solhint ran, the property record read, the advisory service unreachable is said and not a pass, the suite not wired", async () => {
    const body = securityAuditResult.parse((await request(t.app).post("/api/professional/security-audit").expect(200)).body);
    const d = body.detail;
    expect(d.solhint).toMatchObject({ ran: true, command: "npx solhint --formatter json 'contracts/**/*.sol'" });
    expect(d.solhint.files).toBeGreaterThan(10);
    expect(d.dependencies).toMatchObject({ audited: false, vulnerabilities: null, registry: "http://127.0.0.1:1" });
    expect(d.dependencies.detail).toContain(ADVISORIES_UNREACHABLE);
    expect(d.suite).toMatchObject({ ran: false, report: null });
    // This checkout's own record (data/reports/, gitignored): read as it is, or "never recorded".
    expect(d.contractProperties.detail).toMatch(/^(never recorded on this machine|passed: |failed: )/);
    const part = (id: string) => body.parts.find((p) => p.id === id)!;
    expect(part("dependencies")).toMatchObject({ status: "not-run", points: 0 });
    expect(part("security-suite")).toMatchObject({ status: "not-run", points: 0 });
    expect(part("solhint").status).toBe(d.solhint.errors > 0 ? "fail" : d.solhint.warnings > 0 ? "warning" : "pass");
    expect(body.score).toBe(body.parts.reduce((s, p) => s + p.points, 0));
    expect(body.passed).toBe(false);
  }, 90_000);

  it("penetration testing: the app's rate limit (25) found, headers, Host allow-list, 405, 413 and CORS checked with evidence", async () => {
    const body = penetrationTestingResult.parse((await request(t.app).post("/api/professional/penetration-testing").expect(200)).body);
    const check = (id: string) => body.detail.checks.find((c) => c.id === id)!;
    expect(check("rate-limit")).toMatchObject({ passed: true, detail: expect.stringMatching(/writes 1-25 went through .* write 26 answered 429 with Retry-After \d+/) });
    expect(check("rate-limit").evidence.at(-1)).toMatchObject({ status: 429, responseHeaders: { "retry-after": expect.any(String) } });
    expect(check("security-headers").passed).toBe(true);
    expect(check("host-allow-list")).toMatchObject({ passed: true, evidence: [{ status: 403, requestHeaders: { host: "attacker.example" } }] });
    expect(check("wrong-method")).toMatchObject({ passed: true, evidence: [{ status: 405 }] });
    expect(check("body-limit")).toMatchObject({ passed: true, evidence: [{ status: 413 }] });
    expect(check("cors").passed).toBe(true);
    // The self-target token never leaves the server.
    expect(JSON.stringify(body)).not.toMatch(/x-self-target/i);
    expect(body.detail.suite.ran).toBe(false);
    expect(body.score).toBe(50);
    expect(body.passed).toBe(false);
  });

  it("disaster recovery without the drill wired says so and scores 0", async () => {
    const body = disasterRecoveryResult.parse((await request(t.app).post("/api/professional/disaster-recovery").expect(200)).body);
    expect(body.detail.drill).toBeNull();
    expect(body.score).toBe(0);
  });

  it("the readiness report: the mean of the latest scores, a timestamp per test = when it ran, NOT_READY with the failures named", async () => {
    const r = await report();
    const scores = PROFESSIONAL_KINDS.map((k) => r.assessments[k].score);
    expect(r.overallReadiness).toBe(Math.round((scores.reduce((a, b) => a + b, 0) / 5) * 10) / 10);
    for (const k of PROFESSIONAL_KINDS) expect(r.assessments[k].timestamp).not.toBeNull();
    expect(r.assessments["compliance-audit"].complianceScore).toBe(r.assessments["compliance-audit"].score);
    expect(r.assessments["penetration-testing"].overallSecurity).toBe(50);
    expect(r.mainnetRecommendation).toBe("NOT_READY");
    expect(r.recommendationReason).toMatch(/failed: .*Compliance Audit/);
  });
});
