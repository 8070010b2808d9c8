import { lazy, Suspense } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useBalance, useConnection, useConnectors } from "wagmi";
import { formatEth } from "../../lib/format";
import { AccountMenu } from "./account-menu";
import { ConnectMenu } from "./connect-menu";

// Sign-In with Ethereum only matters once a wallet is connected: its code loads then.
const SessionControl = lazy(() => import("../session/session-control"));

/** App-bar wallet control: "Connect Wallet" (the connect menu), or the ETH balance, the account menu and Sign-In with Ethereum. */
export function WalletButton({ openConnect = false }: { openConnect?: boolean }) {
  const { address, chainId } = useConnection();
  const connectors = useConnectors();
  const balance = useBalance({ address, query: { enabled: Boolean(address) } });

  if (!address) return <ConnectMenu connectors={connectors} openOnMount={openConnect} />;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      {balance.data ? (
        <Typography
          data-testid="wallet-eth-balance"
          variant="body2"
          sx={{ fontFamily: "monospace", display: { xs: "none", sm: "block" } }}
        >
          {formatEth(balance.data.value)} {balance.data.symbol}
        </Typography>
      ) : null}
      <AccountMenu address={address} />
      <Suspense fallback={null}>
        <SessionControl address={address} chainId={chainId} />
      </Suspense>
    </Stack>
  );
}
