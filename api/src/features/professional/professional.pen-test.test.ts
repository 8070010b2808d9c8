// The penetration test's own checks against the real app (no chain needed), with a stand-in security suite:
// it runs nothing and answers a fixed report (the security feature's suite has its own tests), so what is
// checked here is how the suite's result is taken (fresh, reused when recent, the latest when a run is
// refused) and that each check finds what it should: the rate limit on and off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSelfTarget } from "../../http/self-target";
import { startTestApp, type TestApp } from "../../testing/harness";
import { runPenetrationTest } from "./professional.pen-test";
import type { SecurityReportLike, SecuritySuite } from "./professional.suite";
import { writeSample } from "./testing/write-sample";

const report = (ranAt: Date, status: "PASS" | "FAIL" = "PASS"): SecurityReportLike => ({
  summary: {
    overallScore: status === "PASS" ? 100 : 80,
    passedTests: status === "PASS" ? 2 : 1,
    totalTests: 2,
    criticalIssues: status === "PASS" ? 0 : 1,
  },
  detailedResults: [
    { testName: "Stand-in: reflected XSS", category: "XSS", severity: "OK", status: "PASS" },
    {
      testName: "Stand-in: SQL error text",
      category: "INJECTION",
      severity: status === "PASS" ? "OK" : "CRITICAL",
      status,
    },
  ],
  ranAt: ranAt.toISOString(),
});

/** Runs nothing: answers fixed reports and counts calls. */
function standIn(
  opts: { latest?: SecurityReportLike | null; refuse?: boolean } = {},
): SecuritySuite & { runs: number } {
  const s = {
    runs: 0,
    async runSuite() {
      s.runs++;
      if (opts.refuse) throw new Error("A security suite run is already going on");
      return report(new Date(), "FAIL");
    },
    async latest() {
      return opts.latest ?? null;
    },
  };
  return s;
}

describe("penetration testing against this API", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ chain: "none", env: { RATE_LIMIT_WRITES_PER_MINUTE: "5" } });
  }, 60_000);
  afterAll(() => limited?.close());
  /** `limit` is what the check is told the app enforces: 0 is an app configured without a limit (nothing is sent). */
  const opts = (
    t: TestApp,
    security: SecuritySuite,
    now = new Date(),
    limit = t.deps.config.rateLimitWritesPerMinute,
  ) => ({
    selfTarget: <T>(fn: (target: Parameters<Parameters<typeof withSelfTarget>[2]>[0]) => Promise<T>) =>
      withSelfTarget(t.app, t.deps.config.allowedHosts, fn),
    security,
    ranBy: "open (local presenter)",
    rateLimitWritesPerMinute: limit,
    jsonBodyLimit: t.deps.config.jsonBodyLimit,
    now,
  });

  it("finds the rate limit (5): writes 1-5 pass, the 6th is 429 with Retry-After; every other check passes; a fresh suite run with a FAIL fails the test", async () => {
    const suite = standIn();
    const r = await runPenetrationTest(opts(limited, suite));
    writeSample("penetration-testing.detail", r);
    expect(suite.runs).toBe(1);
    expect(r.detail.suite).toMatchObject({ ran: true, report: { origin: "fresh", overallScore: 80 } });
    const rate = r.detail.checks.find((c) => c.id === "rate-limit")!;
    expect(rate).toMatchObject({
      passed: true,
      detail: expect.stringMatching(
        /writes 1-5 went through to the route \(405\), write 6 answered 429 with Retry-After \d+/,
      ),
    });
    // Evidence: the first two writes and the last ones, the refusal last.
    expect(rate.evidence.map((e) => e.status)).toEqual([405, 405, 405, 429]);
    expect(r.detail.checks.filter((c) => !c.passed)).toEqual([]);
    // Half from the suite (80 x 0.5), half from the six checks.
    expect(r.score).toBe(90);
    expect(r.passed).toBe(false);
    expect(r.parts[0]).toMatchObject({ id: "security-suite", status: "fail", points: 40, maxPoints: 50 });
  });

  it("with the limit off (0) the rate-limit check fails and says so; a suite run of 3 minutes ago is reused, not run again", async () => {
    const now = new Date();
    const suite = standIn({ latest: report(new Date(now.getTime() - 3 * 60_000)) });
    const r = await runPenetrationTest(opts(limited, suite, now, 0));
    expect(suite.runs).toBe(0);
    expect(r.detail.suite.report?.origin).toBe("reused");
    expect(r.detail.suite.detail).toMatch(/newer than 10 minutes, so not run again/);
    expect(r.detail.checks.find((c) => c.id === "rate-limit")).toMatchObject({
      passed: false,
      detail: expect.stringMatching(/is off \(RATE_LIMIT_WRITES_PER_MINUTE=0\)/),
    });
    expect(r.score).toBe(Math.round((50 + (50 * 5) / 6) * 10) / 10);
    expect(r.passed).toBe(false);
  });

  it("a suite that refuses to run (one already going) falls back to its latest run, saying so", async () => {
    const suite = standIn({ refuse: true, latest: report(new Date(Date.now() - 60 * 60_000)) });
    const r = await runPenetrationTest(opts(limited, suite));
    expect(suite.runs).toBe(1);
    expect(r.detail.suite).toMatchObject({
      ran: true,
      report: { origin: "reused" },
      detail: expect.stringMatching(/^could not run now \(A security suite run is already going on\)/),
    });
  });
});
