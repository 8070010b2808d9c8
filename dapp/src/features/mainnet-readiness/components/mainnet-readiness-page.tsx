import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, QueryState, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { useMainnetReadinessStatus } from "../api/get-status";
import { ItemsList } from "./items-list";
import { ScorePanel } from "./score-panel";
import { useDownloadReport } from "./use-download-report";

export const MAINNET_TAB_IDS = ["blockers", "roles", "history"] as const;
export type MainnetTabId = (typeof MAINNET_TAB_IDS)[number];

// Heights measured on the stack (390 px and 1350 px wide): the placeholders keep them, so nothing below moves
// when the status arrives (CLS).
const SCORE_HEIGHT = { xs: 280, sm: 148 };
const ITEMS_HEIGHT = { xs: 2600, sm: 1290 };

// The table and the chart (with @mui/x-charts) load after the first paint, at the heights they take.
const RoleHoldersTable = lazyPart(() => import("./role-holders-table").then((m) => m.RoleHoldersTable), {
  name: "The role holders",
  fallback: <PartLoading minHeight={{ xs: 2640, sm: 1930 }} label="Loading the role holders" />,
});
const HistoryChart = lazyPart(() => import("./history-chart").then((m) => m.HistoryChart), {
  name: "The readiness history",
  fallback: <PartLoading minHeight={{ xs: 390, sm: 350 }} label="Loading the readiness history" />,
});

/** Score and rule at the top, then what stands in the way (failing first), who holds which right, and the score's history. */
export function MainnetReadinessPage() {
  const status = useMainnetReadinessStatus();
  const report = useDownloadReport();
  const tabs: UrlTab<MainnetTabId>[] = [
    {
      id: "blockers",
      label: "Blockers",
      content: (
        <Box sx={{ minHeight: ITEMS_HEIGHT }}>
          <QueryState query={status} what="the readiness items" height={ITEMS_HEIGHT.sm} testId="items">
            {(s) => <ItemsList items={s.items} />}
          </QueryState>
        </Box>
      ),
    },
    {
      id: "roles",
      label: "Role Holders",
      content: (
        <QueryState query={status} what="the role holders" height={600} testId="roles">
          {(s) => <RoleHoldersTable holders={s.roleHolders} safe={s.chain.safe} />}
        </QueryState>
      ),
      preload: RoleHoldersTable.preload,
    },
    { id: "history", label: "History", content: <HistoryChart />, preload: HistoryChart.preload },
  ];
  return (
    <PageShell
      testId="mainnet-readiness-page"
      title={paths.mainnetReadinessDashboard.title}
      subtitle="What stands between this testnet and a mainnet launch: every item computed from the chain, the recorded runs and the configuration, failing first."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <Box sx={{ minHeight: SCORE_HEIGHT }}>
          <QueryState query={status} what="the readiness score" height={SCORE_HEIGHT.sm} testId="score">
            {(s) => <ScorePanel status={s} downloading={report.downloading} onDownload={report.download} />}
          </QueryState>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="blockers" label="Mainnet readiness" idPrefix="mr" />
      </Paper>
    </PageShell>
  );
}
