import { screen, within } from "@testing-library/react";
import { json, stubFetch, type FakeRoute } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/test-utils";
import { PROFESSIONAL_KINDS } from "../constants";
import { samples } from "../testing/samples";
import { formatAge, formatBytes } from "../utils/format";
import { formatDuration, formatPercent, formatWhen, readinessTone } from "../utils/readiness";
import { ProfessionalPage } from "./professional-page";

// Every figure on the page against the API's recorded samples of real runs.
function setup(route: string, reportBody: unknown = samples.report) {
  const routes: Record<string, FakeRoute> = { "GET /api/professional/readiness-report": () => json(reportBody) };
  for (const k of PROFESSIONAL_KINDS) routes[`POST /api/professional/${k}`] = () => json(samples[k]);
  stubFetch(routes);
  return renderWithProviders(<ProfessionalPage />, { route });
}
const at = (tab: string) => `/professional-blockchain-development?tab=${tab}`;

describe("ProfessionalPage on the API's samples", () => {
  it("the readiness summary: overall readiness, its colour, the recommendation and reason, each assessment's score and time", async () => {
    setup(at("security-audit"));
    const r = samples.report;
    expect(await screen.findByTestId("overall-readiness")).toHaveTextContent(`${formatPercent(r.overallReadiness)}%`);
    expect(screen.getByTestId("overall-readiness")).toHaveAttribute("data-tone", readinessTone(r.overallReadiness));
    expect(screen.getByTestId("mainnet-recommendation")).toHaveTextContent(r.mainnetRecommendation);
    expect(screen.getByTestId("recommendation-reason")).toHaveTextContent(r.recommendationReason);
    for (const k of PROFESSIONAL_KINDS) {
      const a = r.assessments[k];
      expect(screen.getByTestId(`summary-${k}-score`)).toHaveTextContent(`${formatPercent(a.score)} / 100`);
      expect(screen.getByTestId(`summary-${k}`)).toHaveAttribute("data-status", a.status);
      expect(screen.getByTestId(`summary-${k}-when`)).toHaveTextContent(
        a.timestamp ? formatWhen(a.timestamp) : "never run",
      );
    }
  });

  it("a fresh database: every assessment 'never run', readiness 0 and red", async () => {
    setup(at("security-audit"), samples.emptyReport);
    expect(await screen.findByTestId("overall-readiness")).toHaveTextContent(
      `${formatPercent(samples.emptyReport.overallReadiness)}%`,
    );
    expect(screen.getByTestId("overall-readiness")).toHaveAttribute("data-tone", "error");
    for (const k of PROFESSIONAL_KINDS) expect(screen.getByTestId(`summary-${k}-when`)).toHaveTextContent("never run");
  });

  it("security audit: parts, solhint counts, the properties record and the dependency audit as sent", async () => {
    const { user } = setup(at("security-audit"));
    const s = samples["security-audit"];
    await user.click(await screen.findByTestId("run-security-audit"));
    const panel = await screen.findByTestId("result-security-audit");
    expect(within(panel).getByTestId("result-score")).toHaveTextContent(`${formatPercent(s.score)} / 100`);
    expect(
      within(panel)
        .getAllByTestId("score-part")
        .map((p) => p.getAttribute("data-status")),
    ).toEqual(s.parts.map((p) => p.status));
    if (s.detail.solhint.ran) {
      expect(within(panel).getByTestId("solhint-errors")).toHaveTextContent(String(s.detail.solhint.errors));
      expect(within(panel).getByTestId("solhint-warnings")).toHaveTextContent(String(s.detail.solhint.warnings));
    }
    expect(within(panel).getByTestId("properties-detail")).toHaveTextContent(s.detail.contractProperties.detail);
    expect(within(panel).getByTestId("dependency-detail")).toHaveTextContent(s.detail.dependencies.detail);
  });

  it("load testing: requests/s, p50/p95/p99, error rate and each threshold as sent; the history charted", async () => {
    const { user } = setup(at("load-testing"));
    const d = samples["load-testing"].detail;
    await user.click(await screen.findByTestId("run-load-testing"));
    const panel = await screen.findByTestId("result-load-testing");
    const n = (v: number | null) => (v === null ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: 2 }));
    expect(within(panel).getByTestId("load-requests-s")).toHaveTextContent(n(d.requests.perSecond));
    expect(within(panel).getByTestId("load-p50")).toHaveTextContent(`${n(d.latencyMs.p50)} ms`);
    expect(within(panel).getByTestId("load-p95")).toHaveTextContent(`${n(d.latencyMs.p95)} ms`);
    expect(within(panel).getByTestId("load-p99")).toHaveTextContent(`${n(d.latencyMs.p99)} ms`);
    expect(within(panel).getByTestId("load-error-rate")).toHaveTextContent(`${n(d.errorRatePercent)}%`);
    expect(
      within(panel)
        .getAllByTestId("threshold")
        .map((t) => t.getAttribute("data-passed")),
    ).toEqual(d.thresholds.map((t) => String(t.passed)));
    expect(within(screen.getByTestId("load-endpoints")).getAllByRole("listitem")).toHaveLength(d.endpoints.length);
    expect(await screen.findByTestId("load-history-chart", {}, { timeout: 10_000 })).toHaveAttribute(
      "data-runs",
      String(samples.report.history.length),
    );
  });

  it("compliance audit: every rule's measured value, source and verdict; the GENIUS Act rules met and not met", async () => {
    const { user } = setup(at("compliance-audit"));
    const rules = samples["compliance-audit"].detail.rules;
    await user.click(await screen.findByTestId("run-compliance-audit"));
    const panel = await screen.findByTestId("result-compliance-audit");
    const shown = within(panel).getAllByTestId("compliance-rule");
    expect(shown).toHaveLength(rules.length);
    rules.forEach((r, i) => {
      expect(within(shown[i]!).getByTestId("rule-measured")).toHaveTextContent(r.measured);
      expect(within(shown[i]!).getByTestId("rule-source")).toHaveTextContent(r.source);
      expect(shown[i]).toHaveAttribute("data-met", String(r.met));
    });
    const genius = rules.filter((r) => r.group.startsWith("GENIUS"));
    const verdict = within(panel)
      .getAllByTestId("compliance-verdict")
      .find((v) => v.getAttribute("data-group")!.startsWith("GENIUS"))!;
    expect(verdict).toHaveTextContent(`${genius.filter((r) => r.met).length} of ${genius.length} rules met.`);
    expect(within(verdict).getByTestId("verdict-not-met")).toHaveTextContent(genius.filter((r) => !r.met)[0]!.rule);
  });

  it("penetration testing and disaster recovery: checks with evidence; backup, tables, RTO, RPO as sent", async () => {
    const { user } = setup(at("penetration-testing"));
    const pen = samples["penetration-testing"].detail;
    await user.click(await screen.findByTestId("run-penetration-testing"));
    const penPanel = await screen.findByTestId("result-penetration-testing");
    expect(within(penPanel).getAllByTestId("pen-check")).toHaveLength(pen.checks.length);
    expect(within(penPanel).getAllByTestId("exchange")).toHaveLength(
      pen.checks.reduce((n, c) => n + c.evidence.length, 0),
    );
    await user.click(screen.getByRole("tab", { name: "Disaster Recovery" }));
    await user.click(await screen.findByTestId("run-disaster-recovery"));
    const dr = samples["disaster-recovery"].detail;
    const panel = await screen.findByTestId("result-disaster-recovery");
    expect(within(panel).getByTestId("dr-rto")).toHaveTextContent(formatDuration(dr.rtoMs));
    expect(within(panel).getByTestId("dr-rpo")).toHaveTextContent(formatAge(dr.rpoSeconds));
    expect(within(panel).getByTestId("dr-backup")).toHaveTextContent(formatBytes(dr.drill!.backup.bytes));
    expect(within(panel).getByTestId("dr-sha-256")).toHaveTextContent(dr.drill!.backup.sha256);
    const tables = within(panel).getAllByTestId("dr-table");
    expect(tables.map((t) => t.getAttribute("data-table"))).toEqual(dr.drill!.tables.map((t) => t.name));
    dr.drill!.tables.forEach((t, i) => expect(tables[i]).toHaveTextContent(`${t.rowsSource} / ${t.rowsRestored}`));
    expect(within(panel).getByTestId("dr-chain")).toHaveAttribute("data-ran", String(dr.drill!.chain.ran));
  });
});
