import { lazy, Suspense } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useBalance, useConnect, useConnection, useConnectors, useDisconnect } from "wagmi";
import { describeError } from "../lib/api-client";
import { formatEth, shortenHex } from "../lib/format";
import { notify } from "./toast";

// Sign-In with Ethereum only matters once a wallet is connected: its code (and zod, which parses the API's
// answers) loads then, not with the first page.
const SessionControl = lazy(() => import("../features/auth/components/session-control"));

/**
 * App-bar wallet control: "Connect Wallet", or the ETH balance, the short address (click to disconnect,
 * which also signs out) and the Sign-In with Ethereum control.
 */
export function ConnectButton() {
  const { address, chain, chainId, status } = useConnection();
  const queryClient = useQueryClient();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const balance = useBalance({ address, query: { enabled: Boolean(address) } });

  if (!address) {
    const connector = connectors[0];
    return (
      <Button
        data-testid="connect-wallet-button"
        color="inherit"
        variant="outlined"
        disabled={!connector || connect.isPending || status === "reconnecting"}
        onClick={() =>
          connector &&
          connect.mutate(
            { connector },
            { onError: (error) => notify({ variant: "error", title: "Wallet connection failed", description: describeError(error) }) },
          )
        }
      >
        {connect.isPending ? "Connecting…" : "Connect Wallet"}
      </Button>
    );
  }

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
      {/* A plain title, not an MUI Tooltip: Popper would add ~20 KB gzip to every page's first load. */}
      <Button
        data-testid="wallet-address"
        color="inherit"
        variant="outlined"
        title={`${address}${chain ? ` on ${chain.name}` : " on an unsupported chain"} — click to disconnect (and sign out)`}
        onClick={() => {
          disconnect.mutate();
          // A session acts for the wallet on the server: leaving with the wallet ends it too.
          void import("../features/auth/api/sign-out").then(({ signOutIfSignedIn }) => signOutIfSignedIn(queryClient)).catch(() => {});
        }}
      >
        {shortenHex(address)}
      </Button>
      <Suspense fallback={null}>
        <SessionControl address={address} chainId={chainId} />
      </Suspense>
    </Stack>
  );
}
