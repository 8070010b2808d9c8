import Box from "@mui/material/Box";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { RunAllBar } from "./run-all-bar";
import { RunsProvider } from "./runs-context";

export const REAL_TESTNET_TAB_IDS = ["stellar", "government", "multi-crypto", "results"] as const;
export type RealTestnetTabId = (typeof REAL_TESTNET_TAB_IDS)[number];

// Each tab's code (the forms, the tables, the results) loads after the page's first paint, or when its tab is
// reached for; the first view is the header and the Run All controls. Each placeholder is its tab's height before
// any run, measured at 390, 800 and 1000 px.
const StellarTestTab = lazyPart(() => import("./stellar-test-tab").then((m) => m.StellarTestTab), {
  name: "Stellar Test",
  fallback: <PartLoading minHeight={{ xs: 508, sm: 388, md: 304 }} label="Loading Stellar Test" />,
});
const GovernmentTab = lazyPart(() => import("./government-tab").then((m) => m.GovernmentTab), {
  name: "Government APIs",
  fallback: <PartLoading minHeight={{ xs: 238, sm: 178, md: 158 }} label="Loading Government APIs" />,
});
const MultiCryptoTab = lazyPart(() => import("./multi-crypto-tab").then((m) => m.MultiCryptoTab), {
  name: "Multi-Crypto",
  fallback: <PartLoading minHeight={{ xs: 1067, sm: 865, md: 803 }} label="Loading Multi-Crypto" />,
});
const ResultsTab = lazyPart(() => import("./results-tab").then((m) => m.ResultsTab), {
  name: "Results",
  fallback: <PartLoading minHeight={{ xs: 64, sm: 44 }} label="Loading Results" />,
});

/** /real-testnet-operations: real test transactions and official figures, each saying what it really was. */
export function RealTestnetPage() {
  const tabs: UrlTab<RealTestnetTabId>[] = [
    { id: "stellar", label: "Stellar Test", content: <StellarTestTab />, preload: StellarTestTab.preload },
    { id: "government", label: "Government APIs", content: <GovernmentTab />, preload: GovernmentTab.preload },
    { id: "multi-crypto", label: "Multi-Crypto", content: <MultiCryptoTab />, preload: MultiCryptoTab.preload },
    { id: "results", label: "Results", content: <ResultsTab />, preload: ResultsTab.preload },
  ];
  return (
    <RunsProvider>
      <PageShell
        testId="real-testnet-page"
        title={paths.realTestnetOperations.title}
        subtitle="Real testnet transactions and official figures, each saying what it was: Live (executed by the testnet, or read from the publisher now), Simulated (signed with a real key, never submitted, with the reason) or Snapshot (the bundled official file, with its date)."
      >
        <RunAllBar />
        <Box sx={{ minWidth: 0 }}>
          <UrlTabs tabs={tabs} defaultTab="stellar" label="Real testnet operations" idPrefix="real-testnet" />
        </Box>
      </PageShell>
    </RunsProvider>
  );
}
