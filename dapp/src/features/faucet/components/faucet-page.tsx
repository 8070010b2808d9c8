import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Notice } from "../../../components/notice";
import { PageShell, QueryState } from "../../../components/page-shell";
import { useSession } from "../../../components/session/get-session";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { paths } from "../../../config/paths";
import { FAUCET_ASSETS } from "../constants";
import type { FaucetStatusResponse } from "../api/contract";
import { useFaucetStatus } from "../api/get-status";
import { AssetCard } from "./asset-card";

// Connect + sign in is wagmi's: it loads after the first paint, beside the cards.
const SignInPart = lazyPart(() => import("./sign-in-part").then((m) => m.SignInPart), {
  wallet: true,
  name: "Wallet sign-in",
  fallback: <PartLoading minHeight={40} label="Loading the wallet" />,
});

// The Stellar and XRPL cards (text fields, the ledgers' browser libs) after the first paint too.
const LedgerFundCards = lazyPart(() => import("./ledger-fund-cards").then((m) => m.LedgerFundCards), {
  name: "Stellar and XRPL funding",
  fallback: <PartLoading minHeight={220} label="Loading Stellar and XRPL" />,
});

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } } as const;

function NetworkLine({ data }: { data: FaucetStatusResponse }) {
  const n = data.network;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" data-testid="faucet-network" data-kind={n.kind}>
        {n.kind === "local" ? "Local Hardhat chain" : `Public testnet: ${n.name}`} (chain {n.chainId}) · one claim per
        wallet and asset every {data.windowSeconds / 3600} hours, within the faucet&apos;s budget for all wallets
        together
        {data.faucetAccount ? ` · faucet account ${data.faucetAccount}` : ""}
      </Typography>
      {!n.live ? (
        <Notice severity="warning" data-testid="faucet-chain-down">
          The chain is not live{n.reason ? `: ${n.reason}` : ""}. Claims wait until it is.
        </Notice>
      ) : null}
    </Stack>
  );
}

/** /testnet-xqb-faucet: XQB, mock USDC and ETH on the local chain for the signed-in wallet; Stellar and XRPL funding of the user's own account. */
export function FaucetPage() {
  const wallet = useWalletAccount();
  const session = useSession();
  const sessionAddress = session.data?.address ?? null;
  // A session counts for the connected wallet only (as in the app bar).
  const signedIn =
    !!sessionAddress && !!wallet.address && sessionAddress.toLowerCase() === wallet.address.toLowerCase();
  const status = useFaucetStatus(sessionAddress);

  return (
    <PageShell
      testId="faucet-page"
      title={paths.testnetXqbFaucet.title}
      subtitle="Test tokens for your own wallet: XQB, mock USDC and ETH on the local chain, one claim per asset every 24 hours after you sign in; on Stellar and XRPL, funding of your own testnet account."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="faucet-sign-in">
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2">
              1. Connect your wallet · 2. Sign in
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="faucet-who"
              sx={{ overflowWrap: "anywhere" }}
            >
              {signedIn
                ? `Signed in as ${sessionAddress}: claims go to this wallet.`
                : wallet.address
                  ? "Sign in with your wallet (a signature, no transaction, no gas) so the faucet knows the claim is yours."
                  : "Connect a wallet, then sign in: the faucet sends only to the wallet that signed in."}
            </Typography>
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <SignInPart />
          </Box>
        </Stack>
      </Paper>

      <Box component="section" aria-labelledby="faucet-evm-heading">
        <Typography id="faucet-evm-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          EVM tokens
        </Typography>
        <QueryState
          query={status}
          what="the faucet"
          height={320}
          testId="faucet-status"
          isEmpty={(d) => d.assets.length === 0}
          empty={{ message: "This API offers no faucet assets." }}
          skeleton={
            <Box sx={grid}>
              {FAUCET_ASSETS.map((a) => (
                <Box key={a} sx={{ height: 300, borderRadius: 1, bgcolor: "action.hover" }} />
              ))}
            </Box>
          }
        >
          {(data) => (
            <Stack spacing={2}>
              <NetworkLine data={data} />
              <Box sx={grid}>
                {data.assets.map((a) => (
                  <AssetCard key={a.asset} status={a} signedIn={signedIn} />
                ))}
              </Box>
            </Stack>
          )}
        </QueryState>
      </Box>

      <Box component="section" aria-labelledby="faucet-ledgers-heading">
        <Typography id="faucet-ledgers-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          Stellar and XRPL
        </Typography>
        <LedgerFundCards />
      </Box>
    </PageShell>
  );
}
