import { lazyPart } from "../../../components/lazy-part";
import { PageShell, type UrlTab } from "../../../components/page-shell";
import { OverviewTab } from "./overview-tab";
import { SettingsTab } from "./settings-tab";

export const UNIFIED_TAB_IDS = ["overview", "operations", "monitoring", "settings"] as const;
export type UnifiedTabId = (typeof UNIFIED_TAB_IDS)[number];

// Overview (the default) is the first load; operations and monitoring load when the visitor reaches for them.
const OperationsTab = lazyPart(() => import("./operations-tab").then((m) => m.OperationsTab), { name: "Operations" });
const MonitoringTab = lazyPart(() => import("./monitoring-tab").then((m) => m.MonitoringTab), { name: "Monitoring" });

const TABS: UrlTab<UnifiedTabId>[] = [
  { id: "overview", label: "Overview", content: <OverviewTab /> },
  { id: "operations", label: "Operations", content: <OperationsTab />, preload: OperationsTab.preload },
  { id: "monitoring", label: "Monitoring", content: <MonitoringTab />, preload: MonitoringTab.preload },
  { id: "settings", label: "Settings", content: <SettingsTab /> },
];

/** /unified-platform (spec part 1 §2): the Presidential Dashboard, back link to /, four tabs with overview the default. */
export function UnifiedPage() {
  return (
    <PageShell
      testId="unified-page"
      title="Presidential Dashboard"
      subtitle="The platforms this product consolidates, what each really is here, and the operations that check them: every status and figure read from the running system."
      tabs={{ items: TABS, defaultTab: "overview", label: "Presidential Dashboard" }}
    />
  );
}
