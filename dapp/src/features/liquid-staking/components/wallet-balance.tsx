import Typography from "@mui/material/Typography";
import { useBalance, useConnectors } from "wagmi";
import { ConnectMenu } from "../../../components/wallet/connect-menu";
import { formatEth } from "../../../lib/format";
import { LEVERAGE_CHAIN_ID } from "../hooks/use-leverage-writes";

/** The header's wallet-bound halves (lazy parts of wallet-header.tsx): the ETH balance, and the connect menu. */
export function WalletBalance({ address }: { address: `0x${string}` }) {
  const balance = useBalance({ address, chainId: LEVERAGE_CHAIN_ID });
  return (
    <Typography variant="body2" data-testid="ls-wallet-balance" color="text.secondary">
      {balance.data ? `${formatEth(balance.data.value, 4)} ETH` : "reading balance…"}
    </Typography>
  );
}

export function WalletConnect() {
  return <ConnectMenu connectors={useConnectors()} />;
}
