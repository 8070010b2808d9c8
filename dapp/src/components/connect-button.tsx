import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useBalance, useConnect, useConnection, useConnectors, useDisconnect } from "wagmi";
import { describeError } from "../lib/api-client";
import { formatEth, shortenHex } from "../lib/format";
import { notify } from "./toast";

/** App-bar wallet control: "Connect Wallet", or the short address and ETH balance (click to disconnect). */
export function ConnectButton() {
  const { address, chain, status } = useConnection();
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
        title={`${address}${chain ? ` on ${chain.name}` : " on an unsupported chain"} — click to disconnect`}
        onClick={() => disconnect.mutate()}
      >
        {shortenHex(address)}
      </Button>
    </Stack>
  );
}
