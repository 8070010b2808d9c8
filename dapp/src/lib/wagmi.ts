// The wallet's wagmi config. Imported only by lazy chunks (the app-bar wallet control, pages that use
// wagmi hooks): wagmi and viem stay out of the first load. One config per page load, created on first
// use with the chain URL the API names (GET /api/network), so a stack on another CHAIN_PORT reads its
// own chain rather than 127.0.0.1:8545.
import { createConfig, http, injected, type CreateConnectorFn } from "wagmi";
import { reconnect } from "wagmi/actions";
import { hardhat, sepolia } from "wagmi/chains";
import { fetchNetwork } from "./network/get-network";

/** viem's default is 10 s; said here so every chain read has a stated limit. */
const RPC_TIMEOUT_MS = 10_000;

export const chains = [hardhat, sepolia] as const;

/** The local chain with the URL the API gave (wallet_addEthereumChain and switchChain offer it to the wallet). */
function localChain(rpcUrl: string | undefined): typeof hardhat {
  if (!rpcUrl) return hardhat;
  // Same chain, another URL: the literal type of hardhat's default URL is all that differs.
  return { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } } as unknown as typeof hardhat;
}

export function createWagmiConfig(options: { connectors?: CreateConnectorFn[]; discover?: boolean; hardhatRpcUrl?: string } = {}) {
  return createConfig({
    chains: [localChain(options.hardhatRpcUrl), sepolia],
    connectors: options.connectors ?? [injected()],
    multiInjectedProviderDiscovery: options.discover ?? true,
    transports: {
      [hardhat.id]: http(options.hardhatRpcUrl, { timeout: RPC_TIMEOUT_MS }), // default http://127.0.0.1:8545
      [sepolia.id]: http(undefined, { timeout: RPC_TIMEOUT_MS }),
    },
  });
}

export type AppWagmiConfig = ReturnType<typeof createWagmiConfig>;

let shared: Promise<AppWagmiConfig> | null = null;

/**
 * The page's one config, made once: every WalletScope and the app-bar control provide this same object,
 * so they share the connection. It reconnects an already authorised wallet here, once, rather than in
 * each provider (a WagmiProvider that does not reconnect would clear the connection the other made).
 * Without an answer from the API it uses the default local URL.
 */
export function loadWagmiConfig(): Promise<AppWagmiConfig> {
  shared ??= fetchNetwork()
    .then((n) => n.rpcUrl ?? undefined, () => undefined)
    .then((hardhatRpcUrl) => {
      const config = createWagmiConfig({ hardhatRpcUrl });
      void reconnect(config).catch(() => {});
      return config;
    });
  return shared;
}

declare module "wagmi" {
  interface Register {
    config: AppWagmiConfig;
  }
}

/** The API's name for an EVM chain. */
export function networkOfChain(chainId: number | undefined): "hardhat" | "sepolia" | undefined {
  if (chainId === hardhat.id) return "hardhat";
  if (chainId === sepolia.id) return "sepolia";
  return undefined;
}
