import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { paths } from "../../../config/paths";
import { useXrplNetwork } from "../../../lib/xrpl/xrpl-api";
import { useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";
import { xrplFeeText } from "../utils/fee-text";

// The form parts (MUI TextField and its menus) and the account's actions load after the first paint: the page shows the ledger first.
const WalletPanel = lazyPart(() => import("./wallet-panel").then((m) => m.WalletPanel), {
  name: "Wallet",
  fallback: <PartLoading minHeight={120} />,
});
const LookupPanel = lazyPart(() => import("./lookup-panel").then((m) => m.LookupPanel), {
  name: "Account lookup",
  fallback: <PartLoading minHeight={120} />,
});
const AccountSection = lazyPart(() => import("./account-section").then((m) => m.AccountSection), {
  name: "The account",
  fallback: <PartLoading minHeight={260} />,
});

// The network row's least height: the offline answer's (the badge, then the fee line), phone and from 600 px,
// measured, so the wallet below does not move when the answer comes.
const NETWORK_ROW_HEIGHT = { xs: 72, sm: 24 } as const;

/** /xrp-account-testing: a wallet made or imported in the browser, funded by the faucet, read from the ledger. */
export function XrpAccountPage() {
  const wallet = useXrplWallet();
  const network = useXrplNetwork();

  return (
    <PageShell
      testId="xrp-account-page"
      title={paths.xrpAccountTesting.title}
      subtitle="Make or import an XRPL testnet wallet in your browser (the seed never leaves it), fund it from the faucet and read it from the ledger; look up any account by its address or X-address."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="xrpl-network">
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, minHeight: NETWORK_ROW_HEIGHT }}
          aria-busy={!network.data}
        >
          <Typography variant="body2">XRPL testnet</Typography>
          {network.data ? (
            <SourceBadge source={network.data.source} reason={network.data.reason} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Reading the ledger…
            </Typography>
          )}
          {network.data?.ledger && (
            <Typography variant="body2" color="text.secondary" data-testid="xrpl-network-ledger">
              validated ledger {network.data.ledger.validatedLedger} · reserves {network.data.ledger.baseReserveXrp} XRP
              + {network.data.ledger.ownerReserveXrp} XRP per object
            </Typography>
          )}
          {network.data && (
            <Typography variant="body2" color="text.secondary" data-testid="xrpl-network-fee">
              {xrplFeeText(network.data.fee)}
            </Typography>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Wallet
        </Typography>
        <WalletPanel />
      </Paper>
      {wallet.address && <AccountSection address={wallet.address} />}
      <LookupPanel />
    </PageShell>
  );
}
