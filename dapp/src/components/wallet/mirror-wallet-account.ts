import type { Config } from "wagmi";
import { getConnection, watchConnection, watchConnectors } from "wagmi/actions";
import { usableWallets } from "./usable-wallets";
import { setWalletAccount } from "./wallet-account";

/**
 * Keeps the wagmi-free wallet store (wallet-account.ts) equal to `config`'s connection and connectors, so
 * a page's read-only parts know the wallet without loading wagmi. Returns the unsubscribe.
 */
export function mirrorWalletAccount(config: Config): () => void {
  const write = () => {
    const connection = getConnection(config);
    setWalletAccount({
      status: connection.status,
      address: connection.address,
      chainId: connection.chainId,
      walletsFound: usableWallets(config.connectors).length,
    });
  };
  write();
  const stopConnection = watchConnection(config, { onChange: write });
  const stopConnectors = watchConnectors(config, { onChange: write });
  return () => {
    stopConnection();
    stopConnectors();
  };
}
