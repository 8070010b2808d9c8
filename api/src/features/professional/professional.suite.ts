// The security suite as this feature sees it: the structural interface of the security router's exports
// (features never import each other; app.ts wires them), and what we keep of its report. Only the fields the
// shared contract names are read (summary.overallScore/passedTests/totalTests/criticalIssues, each result's
// testName/category/severity/status, ranAt).
import { SUITE_REUSE_MINUTES } from "./professional.constants";
import type { SecuritySuiteDigest, SecuritySuitePart } from "./professional.schemas";

export interface SecurityReportLike {
  summary: { overallScore: number; passedTests: number; totalTests: number; criticalIssues: number };
  detailedResults: { testName: string; category: string; severity: string; status: string }[];
  ranAt: string;
}

export interface SecuritySuite {
  /** The comprehensive run, stored as run by `ranBy` (rejects with a 429 while one is running). */
  runSuite(ranBy: string): Promise<SecurityReportLike>;
  /** The last comprehensive run stored, or null. */
  latest(): Promise<SecurityReportLike | null>;
}

function digest(r: SecurityReportLike, origin: SecuritySuiteDigest["origin"]): SecuritySuiteDigest {
  return {
    origin,
    ranAt: new Date(r.ranAt).toISOString(),
    overallScore: r.summary.overallScore,
    passedTests: r.summary.passedTests,
    totalTests: r.summary.totalTests,
    criticalIssues: r.summary.criticalIssues,
    results: r.detailedResults.map((d) => ({
      testName: d.testName,
      category: d.category,
      severity: d.severity,
      status: d.status,
    })),
  };
}

function describe(d: SecuritySuiteDigest): string {
  const failed = d.results.filter((r) => r.status === "FAIL");
  const warn = d.results.filter((r) => r.status === "WARNING").length;
  const how = d.origin === "fresh" ? "run now" : `the stored run of ${d.ranAt}`;
  return `${how}: score ${d.overallScore}, ${d.passedTests} of ${d.totalTests} checks pass, ${failed.length} fail, ${warn} warn, ${d.criticalIssues} critical${
    failed.length
      ? ` (failing: ${failed
          .slice(0, 5)
          .map((f) => f.testName)
          .join("; ")}${failed.length > 5 ? "; …" : ""})`
      : ""
  }`;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs the suite, or (reuseMinutes > 0) takes its latest run when that is newer than reuseMinutes; a run
 * refused because one is going on falls back to the latest stored run, saying so.
 */
export async function suitePart(
  suite: SecuritySuite | undefined,
  now: Date,
  ranBy: string,
  reuseMinutes = 0,
): Promise<SecuritySuitePart> {
  if (!suite)
    return {
      ran: false,
      detail: "the security suite is not wired into this API (app.ts passes the security router's exports)",
      report: null,
    };
  if (reuseMinutes > 0) {
    const last = await suite.latest();
    if (last && now.getTime() - new Date(last.ranAt).getTime() <= reuseMinutes * 60_000) {
      const d = digest(last, "reused");
      return { ran: true, detail: `${describe(d)} (newer than ${reuseMinutes} minutes, so not run again)`, report: d };
    }
  }
  try {
    const d = digest(await suite.runSuite(ranBy), "fresh");
    return { ran: true, detail: describe(d), report: d };
  } catch (err) {
    const last = await suite.latest().catch(() => null);
    if (last) {
      const d = digest(last, "reused");
      return { ran: true, detail: `could not run now (${message(err)}); ${describe(d)}`, report: d };
    }
    return { ran: false, detail: `the security suite could not run: ${message(err)}`, report: null };
  }
}

export { SUITE_REUSE_MINUTES };
