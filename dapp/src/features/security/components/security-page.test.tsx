import { screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { SECURITY_SCORING_RULE } from "../../../../../api/src/features/security/security.schemas";
import { allFlawsReport, individual, latest, sampleReport, vulnerableReport } from "../testing/fixtures";
import { SecurityPage } from "./security-page";

const PAGE = "/government-security-dashboard";

function setup(routes: Record<string, FakeRoute> = {}, route = PAGE) {
  const api = stubFetch({ "GET /api/security/latest": () => json(latest(vulnerableReport)), ...routes });
  return { ...api, ...renderWithProviders(<SecurityPage />, { route }) };
}

const toasts = () => within(screen.getByTestId("toast-area"));
/** A run button once the access rule has been read (it waits disabled until then). */
const ready = async (testId: string) => {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};
const report = vulnerableReport;
const s = report.summary;

describe("SecurityPage", () => {
  it("before any run: says so, shows the API's scoring rule, and offers the five runs", async () => {
    setup({ "GET /api/security/latest": () => json(latest(null)) });
    expect(await screen.findByTestId("report-empty")).toHaveTextContent("No run yet.");
    expect(screen.getByTestId("last-run-none")).toHaveTextContent("No comprehensive run stored yet.");
    await waitFor(() => expect(screen.getByTestId("about-scoring-rule")).toHaveTextContent(SECURITY_SCORING_RULE));
    expect(screen.queryByRole("tab")).toBeNull(); // the tabs come after a comprehensive run
    expect(screen.getByTestId("run-comprehensive")).toHaveTextContent("Run Comprehensive Test");
    expect(
      ["authentication", "injection", "xss", "csrf"].map((k) => screen.getByTestId(`run-${k}`).textContent),
    ).toEqual(["Run Authentication Test", "Run Injection Test", "Run XSS Test", "Run CSRF Test"]);
  });

  it("a visitor (OPERATOR_ADDRESSES set): the stored report with who ran it; the five run buttons off, saying why", async () => {
    const { requests } = setup({
      "GET /api/auth/access": () =>
        json({ mode: "listed", openReason: null, address: null, operator: false, operatorBy: null, operatorCount: 1 }),
      "GET /api/security/latest": () =>
        json(latest({ ...report, ranBy: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" })),
    });
    expect(await screen.findByTestId("last-run")).toHaveTextContent(
      "by operator 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    );
    await waitFor(() =>
      expect(screen.getByTestId("access-note")).toHaveTextContent("Sign in as an operator to run this"),
    );
    for (const k of ["comprehensive", "authentication", "injection", "xss", "csrf"])
      expect(screen.getByTestId(`run-${k}`)).toBeDisabled();
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("the verdict states its coverage: each operation not probed with its reason", async () => {
    const covered = {
      ...report,
      coverage: {
        ...report.coverage,
        operations: 3,
        operationsReached: 1,
        complete: false,
        unprobed: [
          {
            operation: "GET /api/security/xss-test",
            outOfScope: true,
            reason: "operator route left open by the target",
          },
          { operation: "GET /api/a", outOfScope: false, reason: "not reached: time budget of 25000 ms reached" },
        ],
      },
    };
    setup({ "GET /api/security/latest": () => json(latest(covered)) });
    expect(await screen.findByTestId("coverage-line", {}, { timeout: 5000 })).toHaveTextContent(
      "Coverage: 1 of 3 operations reached; 1 out of scope with a reason, 1 not reached: the verdict cannot vouch for those.",
    );
    expect(screen.getAllByTestId("unprobed").map((u) => [u.textContent, u.getAttribute("data-out-of-scope")])).toEqual([
      ["GET /api/security/xss-test: operator route left open by the target", "true"],
      ["GET /api/a: not reached: time budget of 25000 ms reached", "false"],
    ]);
  });

  it("the stored report: the spec's four tabs, and the summary's figures are the report's", async () => {
    setup();
    expect(await screen.findByTestId("overall-score-value")).toHaveTextContent(`${s.overallScore} / 100`);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Summary",
      "Results",
      "Compliance Status",
      "Recommendations",
    ]);
    expect(screen.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
    // 29 is below 75: red, by the spec's 90 / 75 rule
    expect(screen.getByTestId("overall-score")).toHaveAttribute("data-tone", "error");
    expect(screen.getByTestId("security-grade")).toHaveTextContent(`Grade ${s.securityGrade}`);
    expect(screen.getByTestId("government-readiness")).toHaveTextContent(report.governmentReadiness);
    expect(screen.getByTestId("readiness-reason")).toHaveTextContent(report.governmentReadinessReason);
    expect(screen.getByTestId("passed-tests")).toHaveTextContent(String(s.passedTests));
    expect(screen.getByTestId("failed-tests")).toHaveTextContent(String(s.failedTests));
    expect(screen.getByTestId("warning-tests")).toHaveTextContent(String(s.warningTests));
    expect(screen.getByTestId("total-tests")).toHaveTextContent(String(s.totalTests));
    expect(screen.getByTestId("critical-issues")).toHaveTextContent(String(s.criticalIssues));
    expect(screen.getByTestId("scoring-rule")).toHaveTextContent(report.scoringRule);
    // each category's counts add up to the report's totals
    const rows = screen.getAllByTestId("category-row");
    const fails = rows.map((r) => Number(within(r).getAllByRole("cell")[1]!.textContent));
    expect(fails.reduce((a, b) => a + b, 0)).toBe(s.failedTests);
    // the header: when, against what, how much of the OpenAPI document
    const last = screen.getByTestId("last-run");
    expect(last).toHaveTextContent(report.target);
    expect(last).toHaveTextContent(`${report.requestsSent} requests`);
    expect(last).toHaveTextContent(
      `${report.coverage.operationsReached} of ${report.coverage.operations} operations from the OpenAPI document reached`,
    );
    expect(screen.getByTestId("coverage-line")).toHaveTextContent(
      `Coverage: ${report.coverage.operationsReached} of ${report.coverage.operations} operations reached`,
    );
  });

  it("Results: the passive rules with nothing of their kind to judge are named apart, with why", async () => {
    const reason = "no HTML answer was seen (GET /, the redirects and links followed, every probe's answer)";
    setup(
      {
        "GET /api/security/latest": () =>
          json(
            latest({
              ...report,
              notApplicable: [{ id: "passive-html-csp", testName: "HTML answers carry a CSP", reason }],
            }),
          ),
      },
      `${PAGE}?tab=results`,
    );
    expect(await screen.findByTestId("results-not-applicable", {}, { timeout: 5000 })).toHaveTextContent(
      `Not applicable (not assessed, not scored): HTML answers carry a CSP: ${reason}.`,
    );
  });

  it("Results: FAILs first with their evidence shown, and the filters by status and category", async () => {
    const { user } = setup({}, `${PAGE}?tab=results`);
    const cards = await screen.findAllByTestId("result", {}, { timeout: 5000 });
    expect(cards).toHaveLength(report.detailedResults.length);
    const statuses = cards.map((c) => c.getAttribute("data-status"));
    expect(statuses.slice(0, s.failedTests).every((x) => x === "FAIL")).toBe(true);
    expect(statuses.slice(s.failedTests).includes("FAIL")).toBe(false);
    // the most severe FAIL first: the CRITICAL SQL injection, with the request that showed it and its answer
    const sql = cards[0]!;
    expect(sql).toHaveAttribute("data-check", "inj-sql");
    expect(within(sql).getByTestId("severity-chip")).toHaveTextContent("CRITICAL");
    expect(within(sql).getByTestId("status-chip")).toHaveTextContent("FAIL");
    expect(within(sql).getByTestId("category-chip")).toHaveTextContent("INJECTION");
    expect(within(sql).getByTestId("result-compliance")).toHaveTextContent("ASVS V5.3.4");
    const finding = within(sql).getAllByTestId("evidence-item")[0]!;
    expect(finding).toHaveAttribute("data-finding", "true");
    expect(within(finding).getByTestId("evidence-finding")).toHaveTextContent("database or stack text in the answer");
    expect(within(finding).getByTestId("evidence-request")).toHaveTextContent("GET /api/items?q=");
    expect(within(finding).getByTestId("evidence-response")).toHaveTextContent("HTTP 400");
    expect(within(finding).getByTestId("evidence-response")).toHaveTextContent("syntax error at or near");
    expect(within(finding).getByRole("button", { name: "Copy this request and its answer" })).toBeInTheDocument();
    // a PASS keeps its evidence behind a button, and opens it on request
    const pass = cards.find((c) => c.getAttribute("data-status") === "PASS")!;
    expect(within(pass).queryByTestId("evidence")).toBeNull();
    await user.click(within(pass).getByTestId("evidence-toggle"));
    expect(within(pass).getByTestId("evidence")).toBeInTheDocument();

    await user.click(screen.getByTestId("filter-status-FAIL"));
    expect(screen.getAllByTestId("result").map((c) => c.getAttribute("data-status"))).toEqual(
      Array(s.failedTests).fill("FAIL"),
    );
    expect(screen.getByTestId("results-shown")).toHaveTextContent(
      `${s.failedTests} of ${report.detailedResults.length} checks shown`,
    );
    await user.click(screen.getByTestId("filter-category-CSRF"));
    expect(screen.getAllByTestId("result").map((c) => c.getAttribute("data-check"))).toEqual(["csrf-origin"]);
    await user.click(screen.getByTestId("filter-status-ALL"));
    expect(screen.getAllByTestId("result").every((c) => c.getAttribute("data-category") === "CSRF")).toBe(true);
  });

  it("Compliance Status: n of m mapped checks pass per OWASP item, the unassessed ones said so, no certification claimed", async () => {
    setup({}, `${PAGE}?tab=compliance`);
    expect(await screen.findByTestId("compliance-overall", {}, { timeout: 5000 })).toHaveTextContent(
      report.complianceStatus.overall.summary,
    );
    const owasp = screen.getAllByTestId("owasp-item");
    expect(owasp).toHaveLength(10);
    const api2 = owasp.find((o) => o.getAttribute("data-item") === "API2:2023")!;
    expect(within(api2).getByTestId("owasp-item-summary")).toHaveTextContent("5 of 6 mapped checks pass");
    expect(api2).toHaveTextContent("Session cookie flags");
    expect(owasp.find((o) => o.getAttribute("data-item") === "API7:2023")).toHaveTextContent("not assessed");
    expect(screen.getAllByTestId("asvs-item").length).toBe(report.complianceStatus.asvs.length);
    expect(screen.getByTestId("no-certification")).toHaveTextContent(
      "Certifications held or claimed: " + report.complianceStatus.certifications,
    );
  });

  it("Recommendations: the report's list, and each failing check's remedy", async () => {
    setup({}, `${PAGE}?tab=recommendations`);
    const items = await screen.findAllByTestId("recommendation", {}, { timeout: 5000 });
    expect(items.map((i) => i.textContent)).toEqual(s.recommendations);
    expect(screen.getAllByTestId("recommendation-check")).toHaveLength(s.failedTests);
  });

  it("Run Comprehensive Test: buttons wait with the elapsed time, then '{label} Complete' and the new report", async () => {
    const answer = deferred();
    const { user, requests } = setup({
      "GET /api/security/latest": () => json(latest(null)),
      "POST /api/security/comprehensive-test": () => answer.promise,
    });
    await screen.findByTestId("report-empty");
    await user.click(await ready("run-comprehensive"));
    expect(screen.getByTestId("run-comprehensive")).toBeDisabled();
    expect(screen.getByTestId("run-comprehensive")).toHaveTextContent("Running…");
    for (const k of ["authentication", "injection", "xss", "csrf"])
      expect(screen.getByTestId(`run-${k}`)).toBeDisabled();
    expect(screen.getByTestId("run-progress")).toHaveTextContent("Running the Comprehensive Test");
    expect(screen.getByTestId("run-elapsed")).toHaveTextContent(/^\d+ s$/);
    answer.resolve(json(report));
    expect(await toasts().findByText("Comprehensive Test Complete")).toBeInTheDocument();
    const description = toasts().getByTestId("toast-description");
    expect(description).toHaveTextContent(`Score ${s.overallScore} (grade ${s.securityGrade})`);
    expect(description).toHaveTextContent("16 passed · 5 failed · 0 warnings");
    expect(description).toHaveTextContent("Failed: Session cookie flags; SQL injection");
    expect(await screen.findByTestId("overall-score-value")).toHaveTextContent(`${s.overallScore} / 100`);
    expect(requests.find((r) => r.method === "POST")?.body).toBeUndefined(); // no body: no request chooses a target
    await waitFor(() => expect(screen.getByTestId("run-comprehensive")).toBeEnabled());
  });

  it("'{label} Failed' with the server's text, and 409 / 429 in plain words", async () => {
    let answer: () => Response = () =>
      json({ code: "LEDGER_UNAVAILABLE", error: "The self target could not start" }, 503);
    const { user } = setup({ "POST /api/security/comprehensive-test": () => answer() });
    await screen.findByTestId("overall-score-value");
    await user.click(await ready("run-comprehensive"));
    expect(await toasts().findByText("Comprehensive Test Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("The self target could not start");

    answer = () =>
      json(
        {
          code: "RATE_LIMITED",
          error:
            "the security suite (comprehensive test) is already running (started 2026-11-24T10:00:00.000Z); one run at a time: try again when it has finished",
          retryAfterSeconds: 20,
          details: { running: "the security suite (comprehensive test)", since: "2026-11-24T10:00:00.000Z" },
        },
        429,
      );
    await waitFor(() => expect(screen.getByTestId("run-comprehensive")).toBeEnabled());
    await user.click(screen.getByTestId("run-comprehensive"));
    await waitFor(() =>
      expect(screen.getByTestId("run-error")).toHaveTextContent(
        "Comprehensive Test Failed: A security run is already going (one at a time): wait for it to finish, then run again. The API said: the security suite (comprehensive test) is already running",
      ),
    );

    answer = () =>
      new Response(JSON.stringify({ code: "RATE_LIMITED", error: "Too many requests" }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "12" },
      });
    await waitFor(() => expect(screen.getByTestId("run-comprehensive")).toBeEnabled());
    await user.click(screen.getByTestId("run-comprehensive"));
    await waitFor(() => expect(screen.getByTestId("run-error")).toHaveAttribute("data-status", "429"));
    expect(screen.getByTestId("run-error")).toHaveTextContent("Try again in 12 s.");
  });

  it("'Unknown error' when the server gives no text", async () => {
    const { user } = setup({ "GET /api/security/xss-test": () => new Response("", { status: 502, statusText: "" }) });
    await user.click(await ready("run-xss"));
    expect(await toasts().findByText("XSS Test Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("Unknown error (HTTP 502)");
  });

  it("an individual test (CSRF): its category and results in their own area, FAILs first, and its toast", async () => {
    const { user, requests } = setup({ "GET /api/security/csrf-test": () => json(individual(report, "csrf")) });
    await screen.findByTestId("overall-score-value");
    expect(screen.queryByTestId("individual-results")).toBeNull();
    await user.click(await ready("run-csrf"));
    expect(await toasts().findByText("CSRF Test Complete")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent("Failed: Cross-site Origin refused");
    const area = await screen.findByTestId("individual-csrf", {}, { timeout: 5000 });
    expect(area).toHaveAttribute("data-category", "CSRF");
    expect(within(area).getByTestId("individual-csrf-category")).toHaveTextContent("CSRF");
    expect(within(area).getByTestId("individual-csrf-counts")).toHaveTextContent("4 passed · 1 failed · 0 warnings");
    const cards = within(area).getAllByTestId("result");
    expect(cards.map((c) => c.getAttribute("data-check"))[0]).toBe("csrf-origin");
    expect(within(cards[0]!).getAllByTestId("evidence-finding").length).toBeGreaterThan(0);
    expect(requests.some((r) => r.method === "GET" && r.url.pathname === "/api/security/csrf-test")).toBe(true);
    // the comprehensive report is not replaced by an individual run
    expect(screen.getByTestId("overall-score-value")).toHaveTextContent(`${s.overallScore} / 100`);
  });

  it("the API's sample report (a run against this API): its figures, yellow by the 75 rule, WARNINGs before PASSes", async () => {
    const r = sampleReport;
    const { user } = setup({ "GET /api/security/latest": () => json(latest(r)) });
    expect(await screen.findByTestId("overall-score-value")).toHaveTextContent(`${r.summary.overallScore} / 100`);
    expect(screen.getByTestId("overall-score")).toHaveAttribute(
      "data-tone",
      r.summary.overallScore >= 90 ? "success" : r.summary.overallScore >= 75 ? "warning" : "error",
    );
    expect(screen.getByTestId("passed-tests")).toHaveTextContent(String(r.summary.passedTests));
    expect(screen.getByTestId("failed-tests")).toHaveTextContent(String(r.summary.failedTests));
    expect(screen.getByTestId("warning-tests")).toHaveTextContent(String(r.summary.warningTests));
    expect(screen.getByTestId("critical-issues")).toHaveTextContent(String(r.summary.criticalIssues));
    expect(screen.getByTestId("government-readiness")).toHaveTextContent(r.governmentReadiness);
    expect(screen.getByTestId("last-run")).toHaveTextContent(r.target);
    await user.click(screen.getByRole("tab", { name: "Results" }));
    const cards = await screen.findAllByTestId("result", {}, { timeout: 5000 });
    const order = cards.map((c) => c.getAttribute("data-status"));
    const rank = { FAIL: 0, WARNING: 1, PASS: 2 } as const;
    expect(order).toEqual([...order].sort((a, b) => rank[a as keyof typeof rank] - rank[b as keyof typeof rank]));
    expect(order.filter((x) => x === "WARNING")).toHaveLength(r.summary.warningTests);
  });

  it("the API's vulnerable-server sample: every check FAILs, score 0, red, and each FAIL shows the request that found it", async () => {
    const r = allFlawsReport;
    setup({ "GET /api/security/latest": () => json(latest(r)) }, `${PAGE}?tab=results`);
    const cards = await screen.findAllByTestId("result", {}, { timeout: 5000 });
    expect(cards).toHaveLength(r.summary.totalTests);
    expect(cards.every((c) => c.getAttribute("data-status") === "FAIL")).toBe(true);
    for (const c of cards) expect(within(c).getAllByTestId("evidence-finding").length).toBeGreaterThan(0);
  });

  it("the first read asks for the findings only; a check's full evidence is read when asked for", async () => {
    const r = vulnerableReport;
    const light = {
      ...r,
      detailedResults: r.detailedResults.map((x) => ({ ...x, evidence: x.evidence.filter((e) => e.finding !== null) })),
    };
    const { user, requests } = setup(
      {
        "GET /api/security/latest": (req) =>
          json(latest(req.url.searchParams.get("evidence") === "findings" ? light : r)),
      },
      `${PAGE}?tab=results`,
    );
    const reads = () => requests.filter((q) => q.url.pathname === "/api/security/latest").map((q) => q.url.search);
    const cards = await screen.findAllByTestId("result", {}, { timeout: 5000 });
    // a FAIL shows its findings at once; the rest of its requests on request
    const sql = cards.find((c) => c.getAttribute("data-check") === "inj-sql")!;
    const findings = light.detailedResults.find((x) => x.id === "inj-sql")!.evidence.length;
    expect(within(sql).getAllByTestId("evidence-item")).toHaveLength(findings);
    expect(reads()).toEqual(["?evidence=findings"]);
    await user.click(within(sql).getByTestId("evidence-read-all"));
    await waitFor(() => expect(within(sql).getAllByTestId("evidence-item").length).toBeGreaterThan(findings));
    expect(reads()).toEqual(["?evidence=findings", ""]);
    // a PASS (no finding, so nothing in the light read) shows every request from the full report
    const pass = cards.find((c) => c.getAttribute("data-check") === "auth-session-required")!;
    await user.click(within(pass).getByTestId("evidence-toggle"));
    const sent = r.detailedResults.find((x) => x.id === "auth-session-required")!.evidence.length;
    await waitFor(() => expect(within(pass).getAllByTestId("evidence-item")).toHaveLength(sent));
  });
});
