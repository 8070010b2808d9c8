import Paper from "@mui/material/Paper";
import { Skeleton } from "../../../components/skeleton";
import Stack from "@mui/material/Stack";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, QueryState, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { PROFESSIONAL_LABELS, type ProfessionalKind } from "../constants";
import { useReadinessReport } from "../api/get-readiness-report";
import { CompleteAssessment } from "./complete-assessment";
import { ReadinessSummary } from "./readiness-summary";

export const PROFESSIONAL_TAB_IDS = [
  "security-audit",
  "load-testing",
  "compliance-audit",
  "penetration-testing",
  "disaster-recovery",
  "results",
] as const;
export type ProfessionalTabId = (typeof PROFESSIONAL_TAB_IDS)[number];

// Every tab is a lazy part: the first load is the readiness summary and the complete-assessment control;
// each tab's code (and the charts with the load-testing tab) loads once the page is idle.
const tabFallback = <PartLoading minHeight={{ xs: 200, sm: 160 }} label="Loading the assessment" />;
const TABS = {
  "security-audit": lazyPart(() => import("./security-audit-tab").then((m) => m.SecurityAuditTab), {
    name: PROFESSIONAL_LABELS["security-audit"],
    fallback: tabFallback,
  }),
  "load-testing": lazyPart(() => import("./load-testing-tab").then((m) => m.LoadTestingTab), {
    name: PROFESSIONAL_LABELS["load-testing"],
    fallback: tabFallback,
  }),
  "compliance-audit": lazyPart(() => import("./compliance-audit-tab").then((m) => m.ComplianceAuditTab), {
    name: PROFESSIONAL_LABELS["compliance-audit"],
    fallback: tabFallback,
  }),
  "penetration-testing": lazyPart(() => import("./penetration-testing-tab").then((m) => m.PenetrationTestingTab), {
    name: PROFESSIONAL_LABELS["penetration-testing"],
    fallback: tabFallback,
  }),
  "disaster-recovery": lazyPart(() => import("./disaster-recovery-tab").then((m) => m.DisasterRecoveryTab), {
    name: PROFESSIONAL_LABELS["disaster-recovery"],
    fallback: tabFallback,
  }),
} satisfies Record<ProfessionalKind, unknown>;
const DetailedResultsTab = lazyPart(() => import("./detailed-results-tab").then((m) => m.DetailedResultsTab), {
  name: "Detailed Results",
  fallback: tabFallback,
});

/**
 * Spec part 1 "Professional testing page": 'Run Complete Assessment', a tab per assessment and Detailed
 * Results, the overall readiness percent and the mainnet recommendation, each computed by the API from
 * real runs (the rules shown with them).
 */
export function ProfessionalPage() {
  const report = useReadinessReport();
  const tabs: UrlTab<ProfessionalTabId>[] = [
    ...(Object.entries(TABS) as [ProfessionalKind, (typeof TABS)[ProfessionalKind]][]).map(([id, Tab]) => ({
      id,
      label: PROFESSIONAL_LABELS[id],
      content: <Tab />,
      preload: Tab.preload,
    })),
    { id: "results", label: "Detailed Results", content: <DetailedResultsTab />, preload: DetailedResultsTab.preload },
  ];
  return (
    <PageShell
      testId="professional-page"
      title={paths.professionalDevelopment.title}
      subtitle="Our readiness for a mainnet launch, measured: each assessment runs for real against this API, its database and the chain, and shows what it found, failures included."
    >
      <Stack spacing={2}>
        <QueryState
          query={report}
          what="the readiness report"
          height={READINESS_HEIGHT.md}
          skeleton={<Skeleton variant="rounded" sx={{ height: READINESS_HEIGHT }} />}
          testId="readiness"
        >
          {(r) => <ReadinessSummary report={r} />}
        </QueryState>
        <CompleteAssessment />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="security-audit" label="Assessments" idPrefix="pro" />
      </Paper>
    </PageShell>
  );
}

/**
 * The summary's measured height (a fresh database: five "never run" rows), kept while the report loads so
 * nothing below moves when it arrives: 1060 px at 390 px wide (rows and rules wrap), 610 px at 768 px, 550 px from 900 px up.
 */
const READINESS_HEIGHT = { xs: 1060, sm: 610, md: 550 };
