import { useState, type ReactNode } from "react";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { LocalChainTime } from "../../../components/local-chain-time";
import { PageShell, UrlTabs, useTabParam } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { DEFAULT_LEVERAGE_RATIO, type StrategyId } from "../../../types/api";
import { useStrategies } from "../api/get-strategies";
import { useLiquidTokens } from "../api/get-tokens";
import { CreateLeverageTab, type CreateForm } from "./create-leverage-tab";
import { OverviewTab } from "./overview-tab";
import { PositionsTab } from "./positions-tab";
import { StrategiesTab } from "./strategies-tab";
import { TokensTab } from "./tokens-tab";
import { WalletHeader } from "./wallet-header";

const TAB_IDS = ["overview", "tokens", "strategies", "create", "positions"] as const;
type TabId = (typeof TAB_IDS)[number];

/** Spec part 2 §2: five tabs, Overview the default; the selection is ?tab= in the URL. */
export function LiquidStakingPage() {
  const [, setTab] = useTabParam(TAB_IDS, "overview");
  // The form lives here: Use This Strategy (Strategies tab) fills it and jumps to Create Leverage.
  const [form, setForm] = useState<CreateForm>({ strategy: "", amount: "", ratio: DEFAULT_LEVERAGE_RATIO });
  const tokens = useLiquidTokens();
  const strategies = useStrategies();
  const loading = tokens.isPending || strategies.isPending;
  const use = (strategy: StrategyId) => {
    setForm((f) => ({ ...f, strategy }));
    setTab("create");
  };
  const tabs: { id: TabId; label: string; content: ReactNode }[] = [
    { id: "overview", label: "Overview", content: <OverviewTab /> },
    { id: "tokens", label: "Liquid Tokens", content: <TokensTab /> },
    { id: "strategies", label: "Strategies", content: <StrategiesTab onUse={use} /> },
    { id: "create", label: "Create Leverage", content: <CreateLeverageTab form={form} onChange={setForm} onCreated={() => setTab("positions")} /> },
    { id: "positions", label: "My Positions", content: <PositionsTab onCreate={() => setTab("create")} /> },
  ];
  return (
    <PageShell
      testId="liquid-staking-page"
      title={paths.liquidStakingLeverage.title}
      subtitle="Stake ETH for a liquid token, post it as collateral, borrow and stake again, in one transaction from your wallet. Every figure is read from the chain (Live) or says why not."
      back={{ to: paths.home.path, label: paths.home.title }}
      actions={<WalletHeader />}
    >
      {loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status" data-testid="ls-loading">
          <CircularProgress size={20} />
          <Typography variant="body2">Reading tokens and strategies from the chain…</Typography>
        </Stack>
      ) : null}
      <LocalChainTime />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="overview" label="Liquid staking leverage" idPrefix="ls" />
      </Paper>
    </PageShell>
  );
}
