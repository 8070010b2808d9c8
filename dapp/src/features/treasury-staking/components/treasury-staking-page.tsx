import { useState } from "react";
import Paper from "@mui/material/Paper";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell, UrlTabs, useTabParam, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { CurveDayStrip } from "./curve-day-strip";
import { OpportunitiesTab } from "./opportunities-tab";

// The spec's four tabs (part 2 §2), in its order; the selection is ?tab= in the URL.
export const TREASURY_TAB_IDS = ["opportunities", "bonds", "positions", "analytics"] as const;
export type TreasuryTabId = (typeof TREASURY_TAB_IDS)[number];

// Arbitrage Opportunities and the curve-day strip are the first load; the other tabs (the table, the curve
// chart with MUI X Charts, the positions and the analytics) load once the page is idle.
const BondsTab = lazyPart(() => import("./bonds-tab").then((m) => m.BondsTab), { name: "Treasury Bonds" });
const PositionsTab = lazyPart(() => import("./positions-tab").then((m) => m.PositionsTab), { name: "My Positions" });
const AnalyticsTab = lazyPart(() => import("./analytics-tab").then((m) => m.AnalyticsTab), { name: "Analytics" });

/** /treasury-staking: yield-curve trades on the Treasury's official par curve, held as paper positions. */
export function TreasuryStakingPage() {
  const [, setTab] = useTabParam(TREASURY_TAB_IDS, "opportunities");
  // The opportunity picked on the first tab; the Create Staking Position form opens for it.
  const [selected, setSelected] = useState<string | null>(null);
  const tabs = [
    {
      id: "opportunities",
      label: "Arbitrage Opportunities",
      content: <OpportunitiesTab selected={selected} onSelect={setSelected} onCreated={() => setSelected(null)} />,
    },
    { id: "bonds", label: "Treasury Bonds", content: <BondsTab />, preload: BondsTab.preload },
    {
      id: "positions",
      label: "My Positions",
      content: <PositionsTab onBrowse={() => setTab("opportunities")} />,
      preload: PositionsTab.preload,
    },
    { id: "analytics", label: "Analytics", content: <AnalyticsTab />, preload: AnalyticsTab.preload },
  ] as const satisfies readonly UrlTab<TreasuryTabId>[];
  return (
    <PageShell
      testId="treasury-staking-page"
      title={paths.treasuryStaking.title}
      subtitle="Yield-curve trades on U.S. Treasury bonds, priced from the Treasury's official daily par yield curve. Positions are paper positions on that data: no funds move."
    >
      <CurveDayStrip />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="opportunities" label="Treasury staking" idPrefix="ts" />
      </Paper>
    </PageShell>
  );
}
