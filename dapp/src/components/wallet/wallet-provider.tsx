import { use, useContext, useEffect, type ReactNode } from "react";
import { WagmiContext } from "wagmi";
import { loadWagmiConfig } from "../../lib/wagmi";
import { mirrorWalletAccount } from "./mirror-wallet-account";

export { loadWagmiConfig };

/**
 * The page's one wagmi config as context. A plain context provider, not a WagmiProvider: several of them
 * share one config, and WagmiProvider's hydration would reconnect (or, told not to, clear the connection)
 * each time one mounts; the config reconnects once when it is made (lib/wagmi.ts). Under a provider that
 * is already there (tests pass their own config) it adds nothing.
 */
export default function WalletProvider({ children }: { children: ReactNode }) {
  const outer = useContext(WagmiContext);
  if (outer) return children;
  return <SharedConfig>{children}</SharedConfig>;
}

function SharedConfig({ children }: { children: ReactNode }) {
  const config = use(loadWagmiConfig());
  // The wagmi-free parts of the page (useWalletAccount) see this config's connection.
  useEffect(() => mirrorWalletAccount(config), [config]);
  return <WagmiContext.Provider value={config}>{children}</WagmiContext.Provider>;
}
