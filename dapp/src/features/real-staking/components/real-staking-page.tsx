import { useState } from "react";
import Paper from "@mui/material/Paper";
import { lazyPart } from "../../../components/lazy-part";
import { LocalChainTime } from "../../../components/local-chain-time";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { PageShell, UrlTabs, useTabParam, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import type { StakingPoolName } from "../api/contract";
import { ProtocolsTab } from "./protocols-tab";
import { SummaryCards } from "./summary-cards";
import { WalletBanner } from "./wallet-banner";

// The spec's four tabs (part 2 §2), Real Protocols first; the selection is ?tab= in the URL.
export const STAKING_TAB_IDS = ["protocols", "create", "stakes", "practice"] as const;
export type StakingTabId = (typeof STAKING_TAB_IDS)[number];

// Real Protocols and the figures above it are the first load; the other tabs load once the page is idle,
// the two that sign with the wallet together with wagmi and viem.
const CreateTestTab = lazyPart(() => import("./create-test-tab").then((m) => m.CreateTestTab), {
  wallet: true,
  name: "Create Test",
});
const MyStakesTab = lazyPart(() => import("./my-stakes-tab").then((m) => m.MyStakesTab), {
  wallet: true,
  name: "My Test Stakes",
});
const PracticeTab = lazyPart(() => import("./practice-tab").then((m) => m.PracticeTab), { name: "Practice Mode" });

export function RealStakingPage() {
  const { address } = useWalletAccount();
  const [, setTab] = useTabParam(STAKING_TAB_IDS, "protocols");
  // The protocol picked on the Real Protocols tab ("Test Stake") or in the Create Test dropdown.
  const [selected, setSelected] = useState<StakingPoolName | "">("");

  const tabs = [
    {
      id: "protocols",
      label: "Real Protocols",
      content: (
        <ProtocolsTab
          wallet={address}
          onTest={(token) => {
            setSelected(token);
            setTab("create");
          }}
        />
      ),
    },
    {
      id: "create",
      label: "Create Test",
      content: (
        <CreateTestTab
          wallet={address}
          protocol={selected}
          onProtocol={setSelected}
          onCreated={() => setTab("stakes")}
        />
      ),
      preload: CreateTestTab.preload,
    },
    {
      id: "stakes",
      label: "My Test Stakes",
      content: <MyStakesTab wallet={address} onCreate={() => setTab("create")} />,
      preload: MyStakesTab.preload,
    },
    { id: "practice", label: "Practice Mode", content: <PracticeTab wallet={address} />, preload: PracticeTab.preload },
  ] as const satisfies readonly UrlTab<StakingTabId>[];

  return (
    <PageShell
      testId="real-staking-page"
      title={paths.realEthStakingTest.title}
      subtitle="Connect your wallet and try staking with real protocols using small amounts. Every figure is read from the staking pools on chain or from the event index."
    >
      <WalletBanner wallet={address} />
      <SummaryCards wallet={address} />
      <LocalChainTime />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="protocols" label="Real ETH staking" idPrefix="staking" />
      </Paper>
    </PageShell>
  );
}
