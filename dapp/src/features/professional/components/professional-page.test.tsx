import { screen, waitFor, within } from "@testing-library/react";
import { deferred, json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import {
  PROFESSIONAL_KINDS,
  READINESS_RULE,
  RECOMMENDATION_RULE,
  type AssessmentResult,
} from "../../../../../api/src/features/professional/professional.schemas";
import {
  complianceAudit,
  disasterRecovery,
  loadTesting,
  loadTestingInconclusive,
  OPERATOR,
  penetrationTesting,
  report,
  RESULTS,
  securityAudit,
} from "../testing/fixtures";
import { formatWhen } from "../utils/readiness";
import { ProfessionalPage } from "./professional-page";
import { professionalContract } from "../api/contract";

function setup(routes: Record<string, FakeRoute> = {}, route = "/professional-blockchain-development") {
  const api = stubFetch({ "GET /api/professional/readiness-report": () => json(report()), ...routes });
  return { ...api, ...renderWithProviders(<ProfessionalPage />, { route }) };
}

const toasts = () => within(screen.getByTestId("toast-area"));
/** A run button once the access rule has been read (it waits disabled until then). */
const ready = async (testId: string) => {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};
const reportReads = (requests: { method: string; url: URL }[]) =>
  requests.filter((r) => r.method === "GET" && r.url.pathname === professionalContract.readinessReport.path).length;
const posts = (requests: { method: string; url: URL; body: unknown }[]) => requests.filter((r) => r.method === "POST");

describe("ProfessionalPage", () => {
  it("a visitor (OPERATOR_ADDRESSES set) reads each latest run with who ran it and when; every Run button is off and says why", async () => {
    const { requests } = setup(
      {
        "GET /api/auth/access": () =>
          json({
            mode: "listed",
            openReason: null,
            address: null,
            operator: false,
            operatorBy: null,
            operatorCount: 1,
          }),
        "GET /api/professional/readiness-report": () => json(report({ "compliance-audit": complianceAudit })),
      },
      "/professional-blockchain-development?tab=compliance-audit",
    );
    expect(await screen.findByTestId("latest-ran-by")).toHaveTextContent(`by operator ${OPERATOR}`);
    await waitFor(() =>
      expect(screen.getAllByTestId("access-note").map((n) => n.textContent)).toEqual([
        "Sign in as an operator to run this",
        "Sign in as an operator to run this",
      ]),
    );
    expect(screen.getByTestId("run-compliance-audit")).toBeDisabled();
    expect(screen.getByTestId("run-complete-assessment")).toBeDisabled();
    expect(posts(requests)).toEqual([]);
  });

  it("shows the spec's button and tabs, the readiness the API computed, its rules, and 'never run' for assessments not run", async () => {
    setup({
      "GET /api/professional/readiness-report": () =>
        json(report({ "load-testing": loadTesting, "disaster-recovery": disasterRecovery })),
    });
    expect(screen.getByTestId("back-link")).toHaveAttribute("href", "/");
    await waitFor(() => expect(screen.getByRole("button", { name: "Run Complete Assessment" })).toBeEnabled());
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Security Audit",
      "Load Testing",
      "Compliance Audit",
      "Penetration Testing",
      "Disaster Recovery",
      "Detailed Results",
    ]);
    // (50 + 100) / 5 = 30: red, NOT_READY, as the report says
    expect(await screen.findByTestId("overall-readiness")).toHaveTextContent("30%");
    expect(screen.getByTestId("overall-readiness")).toHaveAttribute("data-tone", "error");
    expect(screen.getByTestId("mainnet-recommendation")).toHaveTextContent("NOT_READY");
    expect(screen.getByTestId("readiness-rule")).toHaveTextContent(READINESS_RULE);
    expect(screen.getByTestId("recommendation-rule")).toHaveTextContent(RECOMMENDATION_RULE);
    expect(screen.getByTestId("summary-security-audit-when")).toHaveTextContent("never run");
    expect(screen.getByTestId("summary-security-audit-status")).toHaveTextContent("Not run");
    expect(screen.getByTestId("summary-load-testing-status")).toHaveTextContent("Failed");
    expect(screen.getByTestId("summary-load-testing-score")).toHaveTextContent("50 / 100");
    expect(screen.getByTestId("summary-load-testing-when")).toHaveTextContent(formatWhen(loadTesting.ranAt));
    expect(screen.getByTestId("summary-disaster-recovery-status")).toHaveTextContent("Passed");
    expect(screen.getByTestId("summary-disaster-recovery-when")).toHaveTextContent("took 1.2 s");
  });

  it.each([
    [95, "success", "READY_FOR_EXTERNAL_AUDIT"],
    [90, "success", "READY_FOR_EXTERNAL_AUDIT"],
    [89.9, "warning", "CONDITIONAL"],
    [75, "warning", "CONDITIONAL"],
    [74.9, "error", "NOT_READY"],
  ] as const)("colours %s%% %s (green >= 90, yellow >= 75, red below)", async (overallReadiness, tone, rec) => {
    setup({
      "GET /api/professional/readiness-report": () =>
        json(report({}, { overallReadiness, mainnetRecommendation: rec })),
    });
    expect(await screen.findByTestId("overall-readiness")).toHaveAttribute("data-tone", tone);
    expect(screen.getByTestId("overall-readiness")).toHaveTextContent(`${overallReadiness}%`);
    expect(screen.getByTestId("mainnet-recommendation")).toHaveTextContent(rec);
  });

  it("runs the compliance audit from its tab: no body, '{label} Complete' with the server's message, the rules and the GENIUS Act verdict, the report read again", async () => {
    const answer = deferred();
    const { user, requests } = setup(
      { "POST /api/professional/compliance-audit": () => answer.promise },
      "/professional-blockchain-development?tab=compliance-audit",
    );
    const run = await ready("run-compliance-audit");
    expect(await screen.findByTestId("no-result")).toHaveTextContent("Compliance Audit has never run on this server");
    const before = reportReads(requests);
    await user.click(run);
    expect(run).toBeDisabled();
    expect(run).toHaveTextContent(/Running… \d+ s/);
    expect(screen.getByTestId("run-complete-assessment")).toBeDisabled();
    answer.resolve(json(complianceAudit));
    expect(await toasts().findByText("Compliance Audit Complete")).toBeInTheDocument();
    expect(toasts().getByText(complianceAudit.message)).toBeInTheDocument();
    expect(posts(requests)[0]?.body).toBeUndefined();
    const panel = await screen.findByTestId("result-compliance-audit");
    expect(within(panel).getByTestId("result-score")).toHaveTextContent("60 / 100");
    expect(within(panel).getByTestId("result-verdict")).toHaveTextContent("Failed");
    expect(within(panel).getByTestId("result-ran-by")).toHaveTextContent(`by operator ${OPERATOR}`);
    const rules = within(panel).getAllByTestId("compliance-rule");
    expect(rules).toHaveLength(complianceAudit.detail.rules.length);
    complianceAudit.detail.rules.forEach((r, i) => {
      expect(within(rules[i]!).getByTestId("rule-measured")).toHaveTextContent(r.measured);
      expect(within(rules[i]!).getByTestId("rule-source")).toHaveTextContent(r.source);
      expect(within(rules[i]!).getByTestId("rule-met")).toHaveTextContent(r.met ? "Met" : "Not met");
    });
    const genius = within(panel)
      .getAllByTestId("compliance-verdict")
      .find((v) => v.getAttribute("data-group") === "GENIUS Act §4")!;
    expect(genius).toHaveTextContent("GENIUS Act §4: 1 of 3 rules met.");
    expect(within(genius).getByTestId("verdict-met")).toHaveTextContent("Met: Reserves at least 1:1.");
    expect(within(genius).getByTestId("verdict-not-met")).toHaveTextContent(
      "Not met: Reserves only in permitted assets; Monthly public disclosure examined by an accountant.",
    );
    expect(within(panel).getByTestId("reserves-reserve-ratio")).toHaveTextContent("183.33%");
    expect(within(panel).getByTestId("reserves-eth-held")).toHaveTextContent("1.5 ETH ($4500.00, 81.82%)");
    expect(within(panel).getByTestId("reserves-xqbusd-supply")).toHaveTextContent("3,000");
    await waitFor(() => expect(reportReads(requests)).toBeGreaterThan(before));
    await waitFor(() => expect(run).toBeEnabled());
  });

  it("load testing: the measured figures and thresholds as sent, the endpoints hit, and the runs charted", async () => {
    const { user } = setup(
      { "POST /api/professional/load-testing": () => json(loadTesting) },
      "/professional-blockchain-development?tab=load-testing",
    );
    await user.click(await ready("run-load-testing"));
    const panel = await screen.findByTestId("result-load-testing");
    expect(within(panel).getByTestId("load-requests-s")).toHaveTextContent("864.2");
    expect(within(panel).getByTestId("load-p50")).toHaveTextContent("8.25 ms");
    expect(within(panel).getByTestId("load-p95")).toHaveTextContent("312.5 ms");
    expect(within(panel).getByTestId("load-p99")).toHaveTextContent("401.75 ms");
    expect(within(panel).getByTestId("load-error-rate")).toHaveTextContent("0%");
    const thresholds = within(panel).getAllByTestId("threshold");
    expect(thresholds.map((t) => [t.getAttribute("data-threshold"), t.getAttribute("data-passed")])).toEqual([
      ["http_req_failed", "true"],
      ["http_req_duration", "false"],
    ]);
    expect(thresholds[1]).toHaveTextContent("p(95)<250");
    expect(thresholds[1]).toHaveTextContent("measured 312.5 ms");
    expect(
      within(screen.getByTestId("load-endpoints"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(loadTesting.detail.endpoints);
    expect(await screen.findByTestId("load-history-chart", {}, { timeout: 10_000 })).toHaveAttribute("data-runs", "2");
  });

  it("load testing within the margin: INCONCLUSIVE (within 10% of the target), not a pass, with the run's conditions", async () => {
    const { user } = setup(
      {
        "POST /api/professional/load-testing": () => json(loadTestingInconclusive),
        "GET /api/professional/readiness-report": () => json(report({ "load-testing": loadTestingInconclusive })),
      },
      "/professional-blockchain-development?tab=load-testing",
    );
    // The summary says what the run found: neither passed nor failed.
    expect(await screen.findByTestId("summary-load-testing-status")).toHaveTextContent("Inconclusive");
    await user.click(await ready("run-load-testing"));
    const panel = await screen.findByTestId("result-load-testing");
    expect(within(panel).getByTestId("load-verdict")).toHaveAttribute("data-verdict", "INCONCLUSIVE");
    expect(within(panel).getByTestId("load-verdict-text")).toHaveTextContent("INCONCLUSIVE (within 10% of the target)");
    expect(within(panel).getByTestId("load-verdict")).toHaveTextContent("PASS at or below 225 ms");
    const p95 = within(panel).getAllByTestId("threshold")[1]!;
    expect(p95).toHaveAttribute("data-verdict", "INCONCLUSIVE");
    expect(p95).toHaveTextContent("Inconclusive");
    expect(p95).not.toHaveTextContent("Pass");
    expect(within(panel).getByTestId("load-conditions-requests")).toHaveTextContent("4,321");
    expect(within(panel).getByTestId("load-conditions-concurrency")).toHaveTextContent("10 connections");
    expect(within(panel).getByTestId("load-conditions-duration")).toHaveTextContent("5.07 s measured (5 s asked)");
    expect(within(panel).getByTestId("load-conditions-cpus")).toHaveTextContent("2");
    expect(within(panel).getByTestId("load-conditions-load-average-at-start")).toHaveTextContent("1.52 / 0.98 / 0.61");
    expect(within(panel).getByTestId("load-conditions-node")).toHaveTextContent("v20.20.0");
    expect(within(panel).getByTestId("load-conditions-where")).toHaveTextContent(/in-process.*shared machine/);
  });

  it("Run Complete Assessment says how long from the latest runs' measured durations, never a fixed promise", async () => {
    setup({
      "GET /api/professional/readiness-report": () =>
        json(report({ "load-testing": loadTestingInconclusive, "disaster-recovery": disasterRecovery })),
    });
    const estimate = await screen.findByTestId("complete-assessment-estimate");
    // 5.321 s + 1.234 s measured; three never ran here, so no total is promised for them.
    await waitFor(() =>
      expect(estimate).toHaveTextContent(
        "their latest runs here took 6.6 s, plus Security Audit, Compliance Audit, Penetration Testing, never run here",
      ),
    );
    expect(estimate).not.toHaveTextContent("about a minute");
  });

  it("security audit: the suite's failures, solhint, 'never recorded' properties and an unreachable advisory service said plainly", async () => {
    const { user } = setup({ "POST /api/professional/security-audit": () => json(securityAudit) });
    await user.click(await ready("run-security-audit"));
    const panel = await screen.findByTestId("result-security-audit");
    expect(within(panel).getByTestId("suite-score")).toHaveTextContent("91.7 / 100");
    expect(within(panel).getByTestId("suite-tests-passed")).toHaveTextContent("11 of 12");
    expect(within(panel).getAllByTestId("suite-test")[0]).toHaveAttribute("data-status", "FAIL"); // failures first
    expect(within(panel).getByTestId("solhint-errors")).toHaveTextContent("0");
    expect(within(panel).getByTestId("solhint-warnings")).toHaveTextContent("2");
    expect(within(panel).getByTestId("properties-detail")).toHaveTextContent("never recorded on this machine");
    expect(within(panel).getByTestId("dependency-detail")).toHaveTextContent(
      "advisory service unreachable: dependencies not audited",
    );
    expect(
      within(panel)
        .getAllByTestId("score-part")
        .map((p) => p.getAttribute("data-status")),
    ).toEqual(["pass", "pass", "not-run", "not-run"]);
    // a run that found failures is a result: '{label} Complete', not green
    expect(await toasts().findByText("Security Audit Complete")).toBeInTheDocument();
    expect(toasts().getByTestId("toast")).toHaveAttribute("data-variant", "warning");
  });

  it("penetration testing and disaster recovery: each check with its evidence; backup, tables, RTO and RPO", async () => {
    const { user } = setup(
      {
        "POST /api/professional/penetration-testing": () => json(penetrationTesting),
        "POST /api/professional/disaster-recovery": () => json(disasterRecovery),
      },
      "/professional-blockchain-development?tab=penetration-testing",
    );
    await user.click(await ready("run-penetration-testing"));
    const pen = await screen.findByTestId("result-penetration-testing");
    const checks = within(pen).getAllByTestId("pen-check");
    expect(checks[0]).toHaveAttribute("data-passed", "false"); // failures first
    expect(checks[0]).toHaveTextContent("61 writes, no 429");
    expect(within(checks[1]!).getByTestId("exchange")).toHaveTextContent("HOST_NOT_ALLOWED");
    await user.click(screen.getByRole("tab", { name: "Disaster Recovery" }));
    await user.click(await ready("run-disaster-recovery"));
    const dr = await screen.findByTestId("result-disaster-recovery");
    expect(within(dr).getByTestId("dr-rto")).toHaveTextContent("1.9 s");
    expect(within(dr).getByTestId("dr-rpo")).toHaveTextContent("12 min (age of the last verified backup)");
    expect(within(dr).getByTestId("dr-backup")).toHaveTextContent("1.5 MB");
    expect(within(dr).getByTestId("dr-sha-256")).toHaveTextContent("ab".repeat(32));
    expect(
      within(dr)
        .getAllByTestId("dr-table")
        .map((t) => t.getAttribute("data-match")),
    ).toEqual(["true", "true"]);
    expect(within(dr).getByTestId("dr-contract")).toHaveTextContent("Same address");
  });

  it("says a run already going on and the write limit plainly (both 429s): '{label} Failed' with the reason", async () => {
    let n = 0;
    const { user } = setup(
      {
        "POST /api/professional/load-testing": () =>
          ++n === 1
            ? json(
                {
                  code: "RATE_LIMITED",
                  error:
                    "Load Testing is already running (started 2026-11-24T10:00:00.000Z); one run at a time: try again when it has finished",
                  retryAfterSeconds: 8,
                  details: { running: "Load Testing", since: "2026-11-24T10:00:00.000Z" },
                },
                429,
              )
            : new Response(JSON.stringify({ code: "RATE_LIMITED", error: "Too many requests" }), {
                status: 429,
                headers: { "Content-Type": "application/json", "Retry-After": "30" },
              }),
      },
      "/professional-blockchain-development?tab=load-testing",
    );
    await user.click(await ready("run-load-testing"));
    expect(await toasts().findByText("Load Testing Failed")).toBeInTheDocument();
    expect(toasts().getByTestId("toast-description")).toHaveTextContent(
      "Already running: Load Testing is already running (started 2026-11-24T10:00:00.000Z); one run at a time: try again when it has finished (retry in 8 s)",
    );
    expect(screen.getByTestId("run-error")).toHaveTextContent("Load Testing Failed: Already running");
    await waitFor(() => expect(screen.getByTestId("run-load-testing")).toBeEnabled());
    await user.click(screen.getByTestId("run-load-testing"));
    await waitFor(() =>
      expect(screen.getByTestId("run-error")).toHaveTextContent("Too many requests, try again in 30 s"),
    );
  });

  it("treats a false success flag as an error: '{label} Failed' with the server's error text, or 'Unknown error'", async () => {
    const { user } = setup({
      "POST /api/professional/security-audit": () => json({ success: false, error: "solhint crashed" }),
      "POST /api/professional/load-testing": () => json({ success: false }),
    });
    await user.click(await ready("run-security-audit"));
    expect(await toasts().findByText("Security Audit Failed")).toBeInTheDocument();
    expect(toasts().getByText("solhint crashed")).toBeInTheDocument();
    expect(screen.queryByTestId("result-security-audit")).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Load Testing" }));
    await waitFor(() => expect(screen.getByTestId("run-load-testing")).toBeEnabled());
    await user.click(screen.getByTestId("run-load-testing"));
    expect(await toasts().findByText("Load Testing Failed")).toBeInTheDocument();
    expect(toasts().getByText("Unknown error")).toBeInTheDocument();
  });

  it("Run Complete Assessment: the five POSTs in order; step 3 fails, the rest still run, the failure shown; then the report is read again", async () => {
    const gate = deferred();
    const order: string[] = [];
    const routes = Object.fromEntries(
      PROFESSIONAL_KINDS.map((k) => [
        `POST /api/professional/${k}`,
        async () => {
          order.push(k);
          if (k === "security-audit") await gate.promise;
          if (k === "compliance-audit")
            return json({ code: "LEDGER_UNAVAILABLE", error: "The local chain is not reachable" }, 503);
          return json(RESULTS[k] as AssessmentResult);
        },
      ]),
    ) as Record<string, FakeRoute>;
    let after = false;
    const { user, requests } = setup({
      ...routes,
      "GET /api/professional/readiness-report": () =>
        json(after ? report({ ...RESULTS, "compliance-audit": undefined }) : report()),
    });
    await screen.findByTestId("overall-readiness");
    const button = await ready("run-complete-assessment");
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Running the assessment…");
    expect(await screen.findByTestId("progress-security-audit")).toHaveAttribute("data-state", "running");
    expect(screen.getByTestId("progress-security-audit-word")).toHaveTextContent(/Running… \d+ s/);
    expect(screen.getByTestId("progress-load-testing")).toHaveAttribute("data-state", "waiting");
    expect(await screen.findByTestId("run-security-audit")).toBeDisabled(); // every Run button waits
    after = true;
    gate.resolve(json(securityAudit));
    expect(await toasts().findByText("Compliance Audit Failed")).toBeInTheDocument();
    await waitFor(
      () => expect(screen.getByTestId("progress-disaster-recovery")).toHaveAttribute("data-state", "done"),
      { timeout: 10_000 },
    );
    expect(order).toEqual([...PROFESSIONAL_KINDS]);
    expect(posts(requests).every((r) => r.body === undefined)).toBe(true);
    expect(screen.getByTestId("progress-compliance-audit")).toHaveAttribute("data-state", "failed");
    expect(screen.getByTestId("progress-compliance-audit-error")).toHaveTextContent("The local chain is not reachable");
    expect(screen.getByTestId("progress-security-audit-word")).toHaveTextContent("Ran, with failures · score 62.9");
    expect(screen.getByTestId("progress-disaster-recovery-word")).toHaveTextContent("Passed · score 100");
    expect(await toasts().findByText("Complete Assessment Failed")).toBeInTheDocument();
    expect(
      toasts().getByText(
        /4 of 5 assessments ran · did not run: Compliance Audit · found failures: Security Audit, Load Testing, Penetration Testing · overall readiness 56.7%/,
      ),
    ).toBeInTheDocument();
    // the report read again: the summary shows the new runs
    await waitFor(() => expect(screen.getByTestId("overall-readiness")).toHaveTextContent("56.7%"));
    expect(screen.getByTestId("assessment-elapsed")).toHaveTextContent("4 ran, 1 did not run");
    await waitFor(() => expect(button).toBeEnabled());
    // each result is kept for its tab and the raw JSON tab
    await user.click(screen.getByRole("tab", { name: "Detailed Results" }));
    expect(await screen.findByTestId("raw-disaster-recovery")).toHaveAttribute("data-present", "true");
    expect(screen.getByTestId("raw-compliance-audit")).toHaveAttribute("data-present", "false");
    expect(
      within(screen.getByTestId("raw-load-testing")).getByRole("button", {
        name: /Copy the Load Testing result as JSON/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("raw-load-testing")).toHaveTextContent(`"p95": 312.5`);
  });
});
