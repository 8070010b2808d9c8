import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useBalance, useConnection, useConnectors } from "wagmi";
import { ConnectMenu } from "../../../components/wallet/connect-menu";
import { formatEth, shortenHex } from "../../../lib/format";
import { LEVERAGE_CHAIN_ID } from "../hooks/use-leverage-writes";

/** The spec's page header: the short address and the ETH balance to 4 decimals, or Connect Wallet. */
export function WalletHeader() {
  const { address } = useConnection();
  const connectors = useConnectors();
  const balance = useBalance({ address, chainId: LEVERAGE_CHAIN_ID, query: { enabled: Boolean(address) } });
  if (!address) {
    return (
      <Stack data-testid="ls-wallet-header" data-connected="false">
        <ConnectMenu connectors={connectors} />
      </Stack>
    );
  }
  return (
    <Stack data-testid="ls-wallet-header" data-connected="true" sx={{ alignItems: { sm: "flex-end" } }}>
      <Typography variant="body2" data-testid="ls-wallet-address" title={address} sx={{ fontFamily: "monospace" }}>
        {shortenHex(address)}
      </Typography>
      <Typography variant="body2" data-testid="ls-wallet-balance" color="text.secondary">
        {balance.data ? `${formatEth(balance.data.value, 4)} ETH` : "reading balance…"}
      </Typography>
    </Stack>
  );
}
