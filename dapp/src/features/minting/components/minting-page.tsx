import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import { PageShell, UrlTabs } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { EthMintTab } from "./eth-mint-tab";
import { InfoCards } from "./info-cards";
import { MintResultsList } from "./mint-results-list";
import { NetworkStatusCards } from "./network-status-cards";
import { StellarMintTab } from "./stellar-mint-tab";
import { XrpVolumeTab } from "./xrp-volume-tab";

// The spec's three tabs (part 1 §2), default ETH; the selection is ?tab= in the URL.
const TABS = [
  { id: "eth", label: "ETH to XQB", content: <EthMintTab /> },
  { id: "xlm", label: "XLM to VibeCoins", content: <StellarMintTab /> },
  { id: "xrp", label: "XRP volume", content: <XrpVolumeTab /> },
] as const;

export function MintingPage() {
  return (
    <PageShell
      testId="minting-page"
      title={paths.multiBlockchainMinting.title}
      subtitle="Mint on three testnets. Every result says whether it was submitted to the ledger (Live) or signed offline and never submitted (Simulated), and why."
      back={{ to: paths.unifiedPlatform.path, label: paths.unifiedPlatform.title }}
    >
      <NetworkStatusCards />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <UrlTabs tabs={TABS} defaultTab="eth" label="Minting actions" idPrefix="mint" />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
          <MintResultsList />
        </Grid>
      </Grid>
      {/* The spec's four info cards appear once the status has loaded: below the forms and results, so their
          arrival moves nothing the user is looking at (layout shift). */}
      <InfoCards />
    </PageShell>
  );
}
