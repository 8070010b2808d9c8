import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell, QueryState, UrlTabs, useTabParam, type UrlTab } from "../../../components/page-shell";
import { useIsolatorStatus } from "../api/get-status";
import { OverviewTab } from "./overview-tab";
import { SummaryCards } from "./summary-cards";

// Spec part 2 §2: six tabs, Overview the default; the selection is ?tab= in the URL.
export const ISOLATOR_TAB_IDS = ["overview", "isolations", "files", "government", "threats", "report"] as const;
export type IsolatorTabId = (typeof ISOLATOR_TAB_IDS)[number];

// The summary and the Overview are the first load; every other tab (its forms bring zod with them) loads once
// the page is idle. Nothing here encrypts: the server seals and opens the files, the browser sends and saves bytes.
const IsolationsTab = lazyPart(() => import("./isolations-tab").then((m) => m.IsolationsTab), { name: "Isolations" });
const FilesTab = lazyPart(() => import("./files-tab").then((m) => m.FilesTab), { name: "VibeCoins Files" });
const GovernmentTab = lazyPart(() => import("./government-tab").then((m) => m.GovernmentTab), { name: "Government" });
const ThreatTab = lazyPart(() => import("./threat-tab").then((m) => m.ThreatTab), { name: "Threat Testing" });
const ReportTab = lazyPart(() => import("./report-tab").then((m) => m.ReportTab), { name: "Full Report" });

/** The summary cards' height, measured at 390, 600, 900 and 1280 px (two rows of two, then one row of four): kept while the status loads, so the tabs do not move. */
const SUMMARY_HEIGHT = { xs: 297, sm: 268, md: 166, lg: 146 };

/** /q-blockchain-isolator-dashboard: post-quantum file isolation, every figure computed by the API from the stored envelopes. */
export function QIsolatorPage() {
  const status = useIsolatorStatus();
  const [, setTab] = useTabParam(ISOLATOR_TAB_IDS, "overview");
  const tabs: UrlTab<IsolatorTabId>[] = [
    { id: "overview", label: "Overview", content: <OverviewTab onCreate={() => setTab("isolations")} /> },
    { id: "isolations", label: "Isolations", content: <IsolationsTab />, preload: IsolationsTab.preload },
    {
      id: "files",
      label: "VibeCoins Files",
      content: <FilesTab onUpload={() => setTab("isolations")} />,
      preload: FilesTab.preload,
    },
    { id: "government", label: "Government", content: <GovernmentTab />, preload: GovernmentTab.preload },
    { id: "threats", label: "Threat Testing", content: <ThreatTab />, preload: ThreatTab.preload },
    { id: "report", label: "Full Report", content: <ReportTab />, preload: ReportTab.preload },
  ];
  return (
    <PageShell
      testId="q-isolator-page"
      title="Q Blockchain Isolator"
      subtitle="Government-grade quantum isolation technology with the VibeCoins crypto-domain integration: files sealed with the NIST post-quantum standards (ML-KEM, ML-DSA), stored content-addressed, and attacked for real."
    >
      <Box sx={{ minHeight: SUMMARY_HEIGHT }}>
        <QueryState query={status} what="the isolation status" height={SUMMARY_HEIGHT.lg} testId="summary">
          {(s) => <SummaryCards status={s} />}
        </QueryState>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Q Blockchain Isolator" idPrefix="qi" />
      </Paper>
    </PageShell>
  );
}
