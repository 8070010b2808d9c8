import Box from "@mui/material/Box";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { StatusCards } from "./status-cards";

export const DASHBOARD_TAB_IDS = ["overview", "government", "testing", "compliance"] as const;
export type DashboardTabId = (typeof DASHBOARD_TAB_IDS)[number];

// The tables, the form and the figures load after the first paint (the status cards are the first view); each
// placeholder is its tab's height with the recorded answers, measured at 390, 800 and 1000 px.
const OverviewTab = lazyPart(() => import("./dashboard-overview-tab").then((m) => m.DashboardOverviewTab), {
  name: "Overview",
  fallback: <PartLoading minHeight={{ xs: 4270, sm: 2060, md: 1632 }} label="Loading Overview" />,
});
const GovernmentTab = lazyPart(() => import("./dashboard-government-tab").then((m) => m.DashboardGovernmentTab), {
  name: "Government APIs",
  fallback: <PartLoading minHeight={{ xs: 2653, sm: 1664, md: 1517 }} label="Loading Government APIs" />,
});
const TestingTab = lazyPart(() => import("./dashboard-testing-tab").then((m) => m.DashboardTestingTab), {
  name: "Blockchain Testing",
  fallback: <PartLoading minHeight={{ xs: 4050, sm: 2032, md: 1608 }} label="Loading Blockchain Testing" />,
});
const ComplianceTab = lazyPart(() => import("./compliance-tab").then((m) => m.DashboardComplianceTab), {
  name: "Compliance",
  fallback: <PartLoading minHeight={{ xs: 2455, sm: 1694, md: 1353 }} label="Loading Compliance" />,
});

/** /authentic-testnet-dashboard: status computed from the API's answers, each saying how. */
export function AuthenticDashboardPage() {
  const tabs: UrlTab<DashboardTabId>[] = [
    { id: "overview", label: "Overview", content: <OverviewTab />, preload: OverviewTab.preload },
    { id: "government", label: "Government APIs", content: <GovernmentTab />, preload: GovernmentTab.preload },
    { id: "testing", label: "Blockchain Testing", content: <TestingTab />, preload: TestingTab.preload },
    { id: "compliance", label: "Compliance", content: <ComplianceTab />, preload: ComplianceTab.preload },
  ];
  return (
    <PageShell
      testId="authentic-dashboard-page"
      title={paths.authenticTestnetDashboard.title}
      subtitle="What this testnet deployment really does, computed from the API's answers: official figures live or from the bundled files, testnets at their real levels, the Treasury's health probed now, and compliance by stated rules."
    >
      <StatusCards />
      <Box sx={{ minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Authentic testnet dashboard" idPrefix="dashboard" />
      </Box>
    </PageShell>
  );
}
