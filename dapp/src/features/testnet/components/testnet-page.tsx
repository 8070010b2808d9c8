import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell, UrlTabs, useTabParam, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { NO_ENDORSEMENT } from "../constants";
import { OverviewTab } from "./overview-tab";

export const TESTNET_TAB_IDS = ["overview", "testing", "metrics", "report"] as const;
export type TestnetTabId = (typeof TESTNET_TAB_IDS)[number];

// Overview is the first load; the other three tabs load once the page is idle (none needs a wallet: the
// API runs the tests with the local chain's dev keys, never a visitor's).
const TestingTab = lazyPart(() => import("./testing-tab").then((m) => m.TestingTab), { name: "Testing" });
const MetricsTab = lazyPart(() => import("./metrics-tab").then((m) => m.MetricsTab), { name: "Metrics" });
const FranklinReportTab = lazyPart(() => import("./franklin-report-tab").then((m) => m.FranklinReportTab), {
  name: "Franklin Report",
});

/** Spec part 2 §2: a back link to /, four tabs (Overview the default); the selection is ?tab= in the URL. */
export function TestnetPage() {
  const [, setTab] = useTabParam(TESTNET_TAB_IDS, "overview");
  const tabs: UrlTab<TestnetTabId>[] = [
    { id: "overview", label: "Overview", content: <OverviewTab onOpen={setTab} /> },
    { id: "testing", label: "Testing", content: <TestingTab />, preload: TestingTab.preload },
    { id: "metrics", label: "Metrics", content: <MetricsTab />, preload: MetricsTab.preload },
    { id: "report", label: "Franklin Report", content: <FranklinReportTab />, preload: FranklinReportTab.preload },
  ];
  return (
    <PageShell
      testId="testnet-page"
      title={paths.testnetPerfection.title}
      subtitle="Our testnet readiness checklist: every flag computed from the chain and the API's own measurements, every test run on the chain with its transactions."
    >
      {/* Said at first paint, on every tab: the constant is the same sentence the API's status and report carry. */}
      <Typography variant="body2" color="text.secondary" data-testid="no-endorsement">
        {NO_ENDORSEMENT}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Testnet perfection" idPrefix="tn" />
      </Paper>
    </PageShell>
  );
}
