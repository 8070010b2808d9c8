// The summary is the rule in SECURITY_SCORING_RULE applied to the results, nothing else.
import { describe, expect, it } from "vitest";
import { SECURITY_CHECKS, type SecurityCheckId } from "../security.constants";
import type { SecurityResult } from "../security.schemas";
import { complianceOf, summarize } from "./scoring";

function result(id: SecurityCheckId, status: SecurityResult["status"]): SecurityResult {
  const def = SECURITY_CHECKS.find((c) => c.id === id)!;
  return {
    id,
    testName: def.testName,
    description: def.description,
    category: def.category,
    severity: status === "FAIL" ? def.severity : status === "WARNING" ? "LOW" : "OK",
    status,
    complianceFramework: [...def.owasp.map((o) => `OWASP ${o}`), ...def.asvs.map((a) => `ASVS ${a}`)],
    detail: "",
    recommendation: status === "PASS" ? null : def.remedy,
    probesSent: 1,
    findings: status === "FAIL" ? 1 : 0,
    evidence: [],
  };
}
const FULL = { operations: 10, complete: true, unprobed: [] };
const all = (overrides: Partial<Record<SecurityCheckId, SecurityResult["status"]>> = {}) =>
  SECURITY_CHECKS.map((c) => result(c.id, overrides[c.id] ?? "PASS"));

describe("the scoring rule", () => {
  it("all PASS with every operation covered: 100, A, DEPLOYMENT_READY", () => {
    expect(summarize(all(), FULL)).toMatchObject({
      summary: {
        overallScore: 100,
        securityGrade: "A",
        passedTests: SECURITY_CHECKS.length,
        failedTests: 0,
        criticalIssues: 0,
      },
      governmentReadiness: "DEPLOYMENT_READY",
    });
    const scoped = summarize(all(), {
      operations: 10,
      complete: true,
      unprobed: [{ operation: "GET /api/x-test", outOfScope: true, reason: "operator route left open" }],
    });
    expect(scoped.governmentReadiness).toBe("DEPLOYMENT_READY");
    expect(scoped.reason).toMatch(
      /every one of the 10 operations was probed or named out of scope with its reason \(1\)/,
    );
  });

  it("the verdict states its coverage: an operation not reached (nor out of scope) is REVIEW_REQUIRED at best, named", () => {
    const partial = summarize(all(), {
      operations: 98,
      complete: false,
      unprobed: [
        { operation: "GET /api/a", outOfScope: false, reason: "not reached: time budget" },
        { operation: "POST /api/b", outOfScope: true, reason: "open operator route" },
      ],
    });
    expect(partial.summary.overallScore).toBe(100);
    expect(partial.governmentReadiness).toBe("REVIEW_REQUIRED");
    expect(partial.reason).toBe(
      "not every operation was covered: 1 of 98 not reached (GET /api/a), none named out of scope",
    );
    // No coverage at all (an older caller): never DEPLOYMENT_READY.
    expect(summarize(all()).governmentReadiness).toBe("REVIEW_REQUIRED");
    // A severe FAIL still says NOT_READY, whatever the coverage.
    expect(summarize(all({ "inj-sql": "FAIL" }), FULL).governmentReadiness).toBe("NOT_READY");
  });

  it("a WARNING costs 2; five of them fall below 90: REVIEW_REQUIRED", () => {
    const five = summarize(
      all({
        "inj-sql": "WARNING",
        "inj-nosql": "WARNING",
        "xss-reflected": "WARNING",
        "inj-path-traversal": "WARNING",
        "csrf-content-type": "WARNING",
      }),
      FULL,
    );
    expect(five.summary).toMatchObject({ overallScore: 90, securityGrade: "A", warningTests: 5 });
    expect(five.governmentReadiness).toBe("DEPLOYMENT_READY");
    const six = summarize(
      all({
        "inj-sql": "WARNING",
        "inj-nosql": "WARNING",
        "xss-reflected": "WARNING",
        "inj-path-traversal": "WARNING",
        "csrf-content-type": "WARNING",
        "xss-csp": "WARNING",
      }),
    );
    expect(six.summary.overallScore).toBe(88);
    expect(six.governmentReadiness).toBe("REVIEW_REQUIRED");
  });

  it("a MEDIUM FAIL: 92, A, but REVIEW_REQUIRED (something failed)", () => {
    expect(summarize(all({ "xss-csp": "FAIL" }), FULL)).toMatchObject({
      summary: { overallScore: 92, securityGrade: "A", failedTests: 1, criticalIssues: 0 },
      governmentReadiness: "REVIEW_REQUIRED",
    });
  });

  it("a CRITICAL FAIL: 75 but grade F, one critical issue, NOT_READY", () => {
    const s = summarize(all({ "inj-sql": "FAIL" }));
    expect(s).toMatchObject({
      summary: { overallScore: 75, securityGrade: "F", criticalIssues: 1 },
      governmentReadiness: "NOT_READY",
    });
    expect(s.summary.recommendations[0]).toMatch(/^CRITICAL — SQL injection: Use parameterized queries/);
  });

  it("never below 0", () => {
    expect(summarize(SECURITY_CHECKS.map((c) => result(c.id, "FAIL"))).summary.overallScore).toBe(0);
  });

  it("maps each check to its OWASP items and says n of m pass; unmapped items are not assessed, no certification claimed", () => {
    const c = complianceOf(all({ "auth-siwe-wrong-signature": "FAIL" }));
    const api2 = c.owaspApiTop10.find((o) => o.id === "API2:2023")!;
    expect(api2.summary).toBe(`${api2.total - 1} of ${api2.total} mapped checks pass`);
    expect(c.owaspApiTop10.find((o) => o.id === "API7:2023")!.summary).toBe(
      "no check of this suite maps here: not assessed",
    );
    expect(c.overall.summary).toBe(`${SECURITY_CHECKS.length - 1} of ${SECURITY_CHECKS.length} mapped checks pass`);
    // A passive rule left out as not applicable (no HTML seen) is out of its items' totals, not a failure.
    const withoutHtml = all({}).filter((r) => r.id !== "passive-html-csp");
    const csp = complianceOf(withoutHtml).asvs.find((a) => a.id === "V14.4.3")!;
    expect(csp).toMatchObject({ checks: ["xss-csp"], passed: 1, total: 1 });
    expect(c.nistFramework.assessed).toBe(false);
    expect(c.certifications).toMatch(/^None\./);
  });
});
