import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { shortenHex } from "../../../lib/format";

// The balance (wagmi's useBalance) and the connect menu need the wallet code; they load after the first
// paint, in placeholders of their own size, so the header does not move when they arrive.
const balanceFallback = (
  <Typography variant="body2" data-testid="ls-wallet-balance" color="text.secondary">
    reading balance…
  </Typography>
);
const WalletBalance = lazyPart(() => import("./wallet-balance").then((m) => m.WalletBalance), {
  wallet: true,
  fallback: balanceFallback,
  name: "The balance",
});
const connectFallback = (
  <Button variant="outlined" disabled sx={{ whiteSpace: "nowrap" }}>
    Connect Wallet
  </Button>
);
const WalletConnect = lazyPart(() => import("./wallet-balance").then((m) => m.WalletConnect), {
  wallet: true,
  fallback: connectFallback,
  name: "Connect Wallet",
});

/** The spec's page header: the short address and the ETH balance to 4 decimals, or Connect Wallet. */
export function WalletHeader() {
  const { address, status } = useWalletAccount();
  if (status === "loading" || status === "reconnecting") {
    // The app bar's wallet control starts the wallet code once the page is idle; until it says who is
    // connected, hold the place rather than load the wallet code during the page's first paint.
    return (
      <Stack data-testid="ls-wallet-header" data-connected="unknown">
        {connectFallback}
      </Stack>
    );
  }
  if (!address) {
    return (
      <Stack data-testid="ls-wallet-header" data-connected="false">
        <WalletConnect />
      </Stack>
    );
  }
  return (
    <Stack data-testid="ls-wallet-header" data-connected="true" sx={{ alignItems: { sm: "flex-end" } }}>
      <Typography variant="body2" data-testid="ls-wallet-address" title={address} sx={{ fontFamily: "monospace" }}>
        {shortenHex(address)}
      </Typography>
      <WalletBalance address={address} />
    </Stack>
  );
}
