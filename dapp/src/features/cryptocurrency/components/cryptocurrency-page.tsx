import Box from "@mui/material/Box";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { AllCoinsTab } from "./all-coins-tab";
import { EcosystemOverview } from "./ecosystem-overview";

export const CRYPTO_TAB_IDS = ["all", "testing", "bulk", "analytics"] as const;
export type CryptoTabId = (typeof CRYPTO_TAB_IDS)[number];

// The forms (text fields, the amount rule), the bulk run and the analytics (with the charts) load when their tab
// is reached for; the first view is the overview and the coins.
const TransactionTab = lazyPart(() => import("./transaction-tab").then((m) => m.TransactionTab), {
  name: "Transaction Testing",
  fallback: <PartLoading minHeight={640} label="Loading Transaction Testing" />,
});
const BulkTab = lazyPart(() => import("./bulk-tab").then((m) => m.BulkTab), {
  name: "Bulk Testing",
  fallback: <PartLoading minHeight={560} label="Loading Bulk Testing" />,
});
const AnalyticsTab = lazyPart(() => import("./analytics-tab").then((m) => m.AnalyticsTab), {
  name: "Analytics",
  fallback: <PartLoading minHeight={1200} label="Loading Analytics" />,
});

/** /complete-cryptocurrency-dashboard: the 22 coins, each saying what it can do here, and their test transactions. */
export function CryptocurrencyPage() {
  const tabs: UrlTab<CryptoTabId>[] = [
    { id: "all", label: "All Cryptocurrencies", content: <AllCoinsTab /> },
    { id: "testing", label: "Transaction Testing", content: <TransactionTab />, preload: TransactionTab.preload },
    { id: "bulk", label: "Bulk Testing", content: <BulkTab />, preload: BulkTab.preload },
    { id: "analytics", label: "Analytics", content: <AnalyticsTab />, preload: AnalyticsTab.preload },
  ];
  return (
    <PageShell
      testId="cryptocurrency-page"
      title={paths.completeCryptocurrencyDashboard.title}
      subtitle="The 22 coins, each at the level it really has here: Live (a ledger we reach executes the test transaction), Signed offline (a real testnet transaction signed with the coin's own library, never broadcast) or Display only. Test one or many, and check any signed transaction yourself."
    >
      <EcosystemOverview />
      <Box sx={{ minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="all" label="Cryptocurrency integration" idPrefix="crypto" />
      </Box>
    </PageShell>
  );
}
