import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Address } from "viem";
import Link from "@mui/material/Link";
import { AddressView } from "../../../components/address-view";
import { INSTALL_WALLET_URL } from "../../../components/wallet/usable-wallets";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { truncateDecimals } from "../../../lib/format";
import { STAKE_MESSAGES } from "../constants";
import { useProtocols } from "../api/get-protocols";
import { Notice, NoticeTitle } from "../../../components/notice";

/**
 * The spec's banner: asks to connect a wallet, or confirms it is connected with the shortened address (and
 * any label the API knows it by), and the balance in ETH with 4 decimals (read by the API at the block of
 * the protocols, like "Available for Testing"). The connect button, and its "Wallet Connected!" toast, are
 * the app bar's. No wagmi: the banner is in the page's first load.
 */
export function WalletBanner({ wallet }: { wallet: Address | undefined }) {
  const { status, walletsFound } = useWalletAccount();
  const protocols = useProtocols(wallet);
  const balance = protocols.data?.userBalance;

  if (!wallet && (status === "loading" || status === "reconnecting")) {
    // Holds the banner's place while the wallet code starts and reconnects, so no warning flashes.
    return (
      <Notice severity="info" data-testid="wallet-banner" data-connected="unknown" role="status">
        <NoticeTitle>Checking for a wallet…</NoticeTitle>
        Protocols and practice dry runs work without one.
      </Notice>
    );
  }
  if (!wallet && walletsFound === 0) {
    return (
      <Notice severity="warning" data-testid="wallet-banner" data-connected="false" data-wallet-found="false">
        <NoticeTitle>{STAKE_MESSAGES.noWallet.title}</NoticeTitle>
        {STAKE_MESSAGES.noWallet.description}:{" "}
        <Link href={INSTALL_WALLET_URL} target="_blank" rel="noopener noreferrer">
          install a browser wallet
        </Link>
        . Protocols and practice dry runs work without one.
      </Notice>
    );
  }
  if (!wallet) {
    return (
      <Notice severity="info" data-testid="wallet-banner" data-connected="false">
        <NoticeTitle>Connect your wallet</NoticeTitle>
        Connect your wallet (the Connect Wallet button at the top) to test real ETH staking. Protocols and practice dry
        runs work without one.
      </Notice>
    );
  }
  return (
    <Notice severity="success" data-testid="wallet-banner" data-connected="true">
      <NoticeTitle>Wallet connected</NoticeTitle>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 0.5 }}>
        <AddressView address={wallet} />
        <Typography variant="body2" data-testid="banner-balance" sx={{ fontFamily: "monospace" }}>
          {balance != null ? `${truncateDecimals(balance, 4)} ETH` : "balance …"}
        </Typography>
      </Box>
    </Notice>
  );
}
