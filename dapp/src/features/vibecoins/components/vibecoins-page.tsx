import Paper from "@mui/material/Paper";
import Box from "@mui/material/Box";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { paths } from "../../../config/paths";
import { SuppliesPanel } from "./supplies-panel";

// Each section keeps at least the height of its loading placeholder (and a part without a wallet is no
// taller), so the parts arriving after the first paint do not push the page down (layout shift).
const SECTION_MIN = 168;
const section = { p: { xs: 1.5, sm: 2 }, minWidth: 0, minHeight: SECTION_MIN } as const;

// The supplies are the first load (reads, no wagmi). The reward (SIWE), the wallet burn (wagmi, the
// transaction flow) and the Stellar burn (its SDK loads on the first burn) load after the first paint,
// each failing in its own place; none loads zod (the amount rule is plain code).
const RewardCard = lazyPart(() => import("./reward-card").then((m) => m.RewardCard), {
  wallet: true,
  name: "The reward",
  fallback: <PartLoading minHeight={SECTION_MIN - 32} />,
});
const BurnCard = lazyPart(() => import("./burn-card").then((m) => m.BurnCard), {
  wallet: true,
  name: "The burn form",
  fallback: <PartLoading minHeight={SECTION_MIN - 32} />,
});
// The history (a list with hashes, copy buttons and explorer links) follows the wallet, so after the first paint too.
const HistoryList = lazyPart(() => import("./history-list").then((m) => m.HistoryList), {
  name: "The history",
  fallback: <PartLoading minHeight={SECTION_MIN - 32} />,
});
const StellarBurnCard = lazyPart(() => import("./stellar-burn-card").then((m) => m.StellarBurnCard), {
  name: "The Stellar burn",
  fallback: <PartLoading minHeight={SECTION_MIN - 32} />,
});

export function VibecoinsPage() {
  const { address, chainId } = useWalletAccount();
  return (
    <PageShell
      testId="vibecoins-page"
      title={paths.vibecoinsXqbMintBurn.title}
      subtitle="Mint VIBE as a reward and burn VIBE and XQB from your wallet; on Stellar, burn VIBE by paying it back to its issuer. Every supply is read from its ledger, before and after."
    >
      <SuppliesPanel />
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <Paper variant="outlined" sx={section}>
          <RewardCard wallet={address} chainId={chainId} />
        </Paper>
        <Paper variant="outlined" sx={section}>
          <BurnCard wallet={address} />
        </Paper>
        <Paper variant="outlined" sx={section}>
          <StellarBurnCard />
        </Paper>
        <Paper variant="outlined" sx={section}>
          <HistoryList wallet={address} />
        </Paper>
      </Box>
    </PageShell>
  );
}
