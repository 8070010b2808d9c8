// Steps 1-3 as only the browser sees them: which wallet was found (EIP-6963 through wagmi's discovery, an older
// window.ethereum, or the burner), the chain id the wallet reports (read with eth_chainId even before it connects),
// and the connected account. No guesses: a fact not read is missing.
import { useQuery } from "@tanstack/react-query";
import { useConnection, useConnectors, type Connector } from "wagmi";
import { usableWallets } from "../../../components/wallet/usable-wallets";
import { BURNER_CONNECTOR_ID } from "../../../lib/burner/burner-connector";
import type { WalletDiscovery } from "../constants";

export interface BrowserFacts {
  /** The wallet the checklist works with: the connected one, else the first one found. */
  connector: Connector | undefined;
  wallet: { discovery: WalletDiscovery; name: string } | null;
  walletsFound: number;
  /** The chain id the wallet reports now; undefined when it was not read. */
  walletChainId: number | undefined;
  address: `0x${string}` | undefined;
  refreshChain: () => void;
}

export function discoveryOf(connector: Connector): WalletDiscovery {
  if (connector.id === BURNER_CONNECTOR_ID) return "burner";
  return connector.id === "injected" ? "window.ethereum" : "eip6963";
}

export function useBrowserFacts(): BrowserFacts {
  const connection = useConnection();
  const wallets = usableWallets(useConnectors());
  const connector = connection.connector ?? wallets[0];
  // Before a connection the wallet still answers eth_chainId (no permission needed): step 2 can come before step 3.
  const unconnectedChain = useQuery({
    queryKey: ["onboarding", "wallet-chain", connector?.uid],
    queryFn: () => connector!.getChainId(),
    enabled: Boolean(connector) && !connection.address,
    retry: false,
  });
  return {
    connector,
    wallet: connector ? { discovery: discoveryOf(connector), name: connector.name } : null,
    walletsFound: wallets.length + (connection.connector && !wallets.includes(connection.connector) ? 1 : 0),
    walletChainId: connection.address ? connection.chainId : unconnectedChain.data,
    address: connection.address,
    refreshChain: () => void unconnectedChain.refetch(),
  };
}
