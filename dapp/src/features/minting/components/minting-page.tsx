import Paper from "@mui/material/Paper";
import { Columns } from "../../../components/columns";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, UrlTabs } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { EthMintIntro } from "./eth-mint-intro";
import { MintResultsList } from "./mint-results-list";
import { NetworkStatusCards } from "./network-status-cards";

// The forms are lazy parts: each brings zod (the API's own schemas check as the user types), and the ETH
// form wagmi and viem (it signs with the wallet). The page's first load is the status, the tab bar and
// the results; the ETH form's code is asked for at once (it is the default tab), the others once idle.
// The ETH form's height below its intro, measured at 1280 and 390 px (137 px); the other two are close.
const formLoading = <PartLoading minHeight={137} label="Loading the form" />;
const EthMintTab = lazyPart(() => import("./eth-mint-tab").then((m) => m.EthMintTab), {
  wallet: true,
  fallback: formLoading,
  name: "The ETH form",
});
const StellarMintTab = lazyPart(() => import("./stellar-mint-tab").then((m) => m.StellarMintTab), {
  fallback: formLoading,
  name: "The XLM form",
});
// The info cards are below the forms and the results, shown once the status has loaded: not first paint.
const InfoCards = lazyPart(() => import("./info-cards").then((m) => m.InfoCards), {
  fallback: null,
  name: "The info cards",
});
const XrpVolumeTab = lazyPart(() => import("./xrp-volume-tab").then((m) => m.XrpVolumeTab), {
  fallback: formLoading,
  name: "The XRP form",
});

// The spec's three tabs (part 1 §2), default ETH; the selection is ?tab= in the URL.
const TABS = [
  {
    id: "eth",
    label: "ETH to XQB",
    content: (
      <>
        <EthMintIntro />
        <EthMintTab />
      </>
    ),
    preload: EthMintTab.preload,
  },
  { id: "xlm", label: "XLM to VibeCoins", content: <StellarMintTab />, preload: StellarMintTab.preload },
  { id: "xrp", label: "XRP volume", content: <XrpVolumeTab />, preload: XrpVolumeTab.preload },
] as const;

export function MintingPage() {
  return (
    <PageShell
      testId="minting-page"
      title={paths.multiBlockchainMinting.title}
      subtitle="Mint on three testnets. Every result says whether it was submitted to the ledger (Live) or signed offline and never submitted (Simulated), and why."
    >
      <NetworkStatusCards />
      <Columns columns={{ xs: 1, md: "minmax(0, 7fr) minmax(0, 5fr)" }} gap={3} sx={{ alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <UrlTabs tabs={TABS} defaultTab="eth" label="Minting actions" idPrefix="mint" />
        </Paper>
        <div>
          <MintResultsList />
        </div>
      </Columns>
      {/* The spec's four info cards appear once the status has loaded: below the forms and results, so their
          arrival moves nothing the user is looking at (layout shift). */}
      <InfoCards />
    </PageShell>
  );
}
