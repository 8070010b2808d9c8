import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Notice } from "../../../components/notice";
import { QueryState, UrlTabs, type UrlTab } from "../../../components/page-shell";
import type { SecurityLatestResponse, SecurityReport } from "../api/contract";
import type { useLatestSecurityReport } from "../api/get-latest";

export const SECURITY_TAB_IDS = ["summary", "results", "compliance", "recommendations"] as const;
export type SecurityTabId = (typeof SECURITY_TAB_IDS)[number];

// Every tab loads after the first paint (the page's first load is at its 150 KB budget): the summary at once,
// the others (evidence, copy buttons, filters) once the page is idle.
const tabLoading = (label: string) => <PartLoading minHeight={{ xs: 900, sm: 700 }} label={label} />;
const SummaryTab = lazyPart(() => import("./summary-tab").then((m) => m.SummaryTab), {
  name: "The summary",
  fallback: tabLoading("Loading the summary"),
});
const ResultsTab = lazyPart(() => import("./results-tab").then((m) => m.ResultsTab), {
  name: "The results",
  fallback: tabLoading("Loading the results"),
});
const ComplianceTab = lazyPart(() => import("./compliance-tab").then((m) => m.ComplianceTab), {
  name: "The compliance status",
  fallback: tabLoading("Loading the compliance status"),
});
const RecommendationsTab = lazyPart(() => import("./recommendations-tab").then((m) => m.RecommendationsTab), {
  name: "The recommendations",
  fallback: <PartLoading minHeight={300} />,
});

function ReportTabs({ report }: { report: SecurityReport }) {
  const tabs: UrlTab<SecurityTabId>[] = [
    { id: "summary", label: "Summary", content: <SummaryTab report={report} />, preload: SummaryTab.preload },
    {
      id: "results",
      label: "Results",
      content: (
        <ResultsTab results={report.detailedResults} ranAt={report.ranAt} notApplicable={report.notApplicable} />
      ),
      preload: ResultsTab.preload,
    },
    {
      id: "compliance",
      label: "Compliance Status",
      content: <ComplianceTab report={report} />,
      preload: ComplianceTab.preload,
    },
    {
      id: "recommendations",
      label: "Recommendations",
      content: <RecommendationsTab report={report} />,
      preload: RecommendationsTab.preload,
    },
  ];
  return (
    <>
      {report.stoppedBy ? (
        <Notice severity="warning" role="status" data-testid="report-stopped" sx={{ mb: 1 }}>
          This run stopped early: {report.stoppedBy}. Checks it did not reach say so in their results.
        </Notice>
      ) : null}
      <UrlTabs tabs={tabs} defaultTab="summary" label="Comprehensive report" idPrefix="sec" />
    </>
  );
}

/** After a comprehensive run (this visit's, or the last one stored), the spec's four tabs; before any, the empty state. */
export function ReportSection({ latest }: { latest: ReturnType<typeof useLatestSecurityReport> }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="report-section">
      <Typography variant="h6" component="h2" gutterBottom>
        Comprehensive report
      </Typography>
      <QueryState<SecurityLatestResponse>
        query={latest}
        what="the last security report"
        height={700}
        testId="report"
        isEmpty={(d) => d.report === null}
        empty={{
          message:
            "No run yet. Run Comprehensive Test to probe this API: the report is stored and shown here, on every visit, until the next run.",
        }}
      >
        {(d) => <ReportTabs report={d.report!} />}
      </QueryState>
    </Paper>
  );
}
