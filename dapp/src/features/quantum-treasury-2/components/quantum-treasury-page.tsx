import { useState } from "react";
import Paper from "@mui/material/Paper";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { OverviewTab } from "./overview-tab";
import { DEFAULT_COLLATERAL_INPUTS, type CollateralInputs } from "../utils/collateral-inputs";

// Spec part 1 §2: five tabs, Treasury Overview the default; the selection is ?tab= in the URL.
export const QT_TAB_IDS = ["overview", "tokenomics", "collateral", "operations", "strategy"] as const;
export type QtTabId = (typeof QT_TAB_IDS)[number];

// The Overview and its readings are the first load; the other tabs load once the page is idle (the
// tokenomics chart brings MUI X Charts with it). The one wallet part, an owner's "Sign as owner" on a
// proposal in the Safe's queue (components/safe-sign), loads wagmi with it, on the Treasury Operations tab.
const TokenomicsTab = lazyPart(() => import("./tokenomics-tab").then((m) => m.TokenomicsTab), {
  name: "XQB Tokenomics",
});
const CollateralTab = lazyPart(() => import("./collateral-tab").then((m) => m.CollateralTab), {
  name: "USDC Collateral",
});
const OperationsTab = lazyPart(() => import("./operations-tab").then((m) => m.OperationsTab), {
  name: "Treasury Operations",
});
const StrategyTab = lazyPart(() => import("./strategy-tab").then((m) => m.StrategyTab), { name: "Launch Strategy" });

export function QuantumTreasuryPage() {
  const [inputs, setInputs] = useState<CollateralInputs>(DEFAULT_COLLATERAL_INPUTS);
  const tabs: UrlTab<QtTabId>[] = [
    { id: "overview", label: "Treasury Overview", content: <OverviewTab /> },
    { id: "tokenomics", label: "XQB Tokenomics", content: <TokenomicsTab />, preload: TokenomicsTab.preload },
    {
      id: "collateral",
      label: "USDC Collateral",
      content: <CollateralTab inputs={inputs} onChange={setInputs} />,
      preload: CollateralTab.preload,
    },
    {
      id: "operations",
      label: "Treasury Operations",
      content: (
        <OperationsTab
          collateral={inputs.collateral}
          onCollateral={(collateral) => setInputs((i) => ({ ...i, collateral }))}
        />
      ),
      preload: OperationsTab.preload,
    },
    { id: "strategy", label: "Launch Strategy", content: <StrategyTab />, preload: StrategyTab.preload },
  ];
  return (
    <PageShell
      testId="quantum-treasury-page"
      title="Quantum Operations"
      subtitle="The treasury's vault, tokens and 2-of-3 Safe, read from the chain. Each operation is a Safe transaction: proposed by a signed-in wallet, signed by two owners with their own wallets, executed. The plan's figures stand beside the readings, never in their place."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Quantum Treasury 2.0" idPrefix="qt" />
      </Paper>
    </PageShell>
  );
}
