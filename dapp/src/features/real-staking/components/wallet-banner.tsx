import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Address } from "viem";
import Link from "@mui/material/Link";
import { useBalance, useConnection, useConnectors } from "wagmi";
import { INSTALL_WALLET_URL, usableWallets } from "../../../components/wallet/connect-menu";
import { AddressView } from "../../../components/address-view";
import { notify } from "../../../components/toast";
import { formatEth, shortenHex } from "../../../lib/format";
import { STAKE_MESSAGES } from "../../../types/api";

/**
 * The spec's banner: asks to connect a wallet, or confirms it is connected with the shortened address (and
 * any label the API knows it by), and the balance in ETH with 4 decimals. The connect button is the app
 * bar's. "Wallet Connected!" is toasted when the user connects here (not on a silent reconnect).
 */
export function WalletBanner({ wallet }: { wallet: Address | undefined }) {
  const { status } = useConnection();
  const balance = useBalance({ address: wallet, query: { enabled: Boolean(wallet) } });
  const walletsFound = usableWallets(useConnectors()).length;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === "connecting" && status === "connected" && wallet) notify({ variant: "success", title: "Wallet Connected!", description: shortenHex(wallet) });
    previous.current = status;
  }, [status, wallet]);

  if (!wallet && walletsFound === 0) {
    return (
      <Alert severity="warning" data-testid="wallet-banner" data-connected="false" data-wallet-found="false">
        <AlertTitle>{STAKE_MESSAGES.noWallet.title}</AlertTitle>
        {STAKE_MESSAGES.noWallet.description}:{" "}
        <Link href={INSTALL_WALLET_URL} target="_blank" rel="noopener noreferrer">
          install a browser wallet
        </Link>
        . Protocols and practice dry runs work without one.
      </Alert>
    );
  }
  if (!wallet) {
    return (
      <Alert severity="info" data-testid="wallet-banner" data-connected="false">
        <AlertTitle>Connect your wallet</AlertTitle>
        Connect your wallet (the Connect Wallet button at the top) to test real ETH staking. Protocols and practice dry runs work without one.
      </Alert>
    );
  }
  return (
    <Alert severity="success" data-testid="wallet-banner" data-connected="true" sx={{ "& .MuiAlert-message": { minWidth: 0 } }}>
      <AlertTitle>Wallet connected</AlertTitle>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 0.5 }}>
        <AddressView address={wallet} />
        <Typography variant="body2" data-testid="banner-balance" sx={{ fontFamily: "monospace" }}>
          {balance.data ? `${formatEth(balance.data.value, 4)} ETH` : "balance …"}
        </Typography>
      </Box>
    </Alert>
  );
}
