import { useState } from "react";
import Paper from "@mui/material/Paper";
import { lazyPart } from "../../../components/lazy-part";
import { LocalChainTime } from "../../../components/local-chain-time";
import { PageShell, UrlTabs, useTabParam, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { DEFAULT_LEVERAGE_RATIO, type StrategyId } from "../constants";
import type { CreateForm } from "./create-leverage-tab";
import { OverviewTab } from "./overview-tab";
import { WalletHeader } from "./wallet-header";

const TAB_IDS = ["overview", "tokens", "strategies", "create", "positions"] as const;
type TabId = (typeof TAB_IDS)[number];

// Overview is the first load; the other tabs load once the page is idle, the two that sign with the wallet
// together with wagmi and viem (and Create Leverage's chart with MUI X Charts, when it first draws).
const TokensTab = lazyPart(() => import("./tokens-tab").then((m) => m.TokensTab), { name: "Liquid Tokens" });
const StrategiesTab = lazyPart(() => import("./strategies-tab").then((m) => m.StrategiesTab), { name: "Strategies" });
const CreateLeverageTab = lazyPart(() => import("./create-leverage-tab").then((m) => m.CreateLeverageTab), {
  wallet: true,
  name: "Create Leverage",
});
const PositionsTab = lazyPart(() => import("./positions-tab").then((m) => m.PositionsTab), {
  wallet: true,
  name: "My Positions",
});

/** Spec part 2 §2: five tabs, Overview the default; the selection is ?tab= in the URL. */
export function LiquidStakingPage() {
  const [, setTab] = useTabParam(TAB_IDS, "overview");
  // The form lives here: Use This Strategy (Strategies tab) fills it and jumps to Create Leverage.
  const [form, setForm] = useState<CreateForm>({ strategy: "", amount: "", ratio: DEFAULT_LEVERAGE_RATIO });
  const use = (strategy: StrategyId) => {
    setForm((f) => ({ ...f, strategy }));
    setTab("create");
  };
  const tabs: UrlTab<TabId>[] = [
    { id: "overview", label: "Overview", content: <OverviewTab /> },
    { id: "tokens", label: "Liquid Tokens", content: <TokensTab />, preload: TokensTab.preload },
    { id: "strategies", label: "Strategies", content: <StrategiesTab onUse={use} />, preload: StrategiesTab.preload },
    {
      id: "create",
      label: "Create Leverage",
      content: <CreateLeverageTab form={form} onChange={setForm} onCreated={() => setTab("positions")} />,
      preload: CreateLeverageTab.preload,
    },
    {
      id: "positions",
      label: "My Positions",
      content: <PositionsTab onCreate={() => setTab("create")} />,
      preload: PositionsTab.preload,
    },
  ];
  return (
    <PageShell
      testId="liquid-staking-page"
      title={paths.liquidStakingLeverage.title}
      subtitle="Stake ETH for a liquid token, post it as collateral, borrow and stake again, in one transaction from your wallet. Every figure is read from the chain (Live) or says why not."
      actions={<WalletHeader />}
    >
      <LocalChainTime />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Liquid staking leverage" idPrefix="ls" />
      </Paper>
    </PageShell>
  );
}
