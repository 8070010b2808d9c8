// The wallet's wagmi config. Imported only by lazy chunks (the app-bar wallet control, pages that use
// wagmi hooks): wagmi and viem stay out of the first load. One config per page load, created on first
// use with the chain URL the API names (GET /api/network), so a stack on another CHAIN_PORT reads its
// own chain: the build names no port (lib/local-chain.ts).
import { custom } from "viem";
import { createConfig, http, injected, type CreateConnectorFn } from "wagmi";
import { reconnect } from "wagmi/actions";
import { sepolia } from "wagmi/chains";
import { burnerConnector } from "./burner/burner-connector";
import { burnerInUse } from "./burner/burner-storage";
import { LOCAL_CHAIN_ID, localChain, type LocalChain } from "./local-chain";
import { fetchNetwork } from "./network/get-network";

/** viem's default is 10 s; said here so every chain read has a stated limit. */
const RPC_TIMEOUT_MS = 10_000;

export const chains = [localChain(undefined), sepolia] as const satisfies readonly [LocalChain, typeof sepolia];

/**
 * The local chain's transport when the API named no URL (it runs on Sepolia, or GET /api/network failed):
 * every read says why, rather than guessing a port.
 */
const noLocalUrl = custom({
  request: () => Promise.reject(new Error("The local chain's URL is not known: GET /api/network gave none")),
});

export function createWagmiConfig(
  options: { connectors?: CreateConnectorFn[]; discover?: boolean; hardhatRpcUrl?: string } = {},
) {
  return createConfig({
    chains: [localChain(options.hardhatRpcUrl), sepolia],
    connectors: options.connectors ?? [injected()],
    multiInjectedProviderDiscovery: options.discover ?? true,
    transports: {
      [LOCAL_CHAIN_ID]: options.hardhatRpcUrl ? http(options.hardhatRpcUrl, { timeout: RPC_TIMEOUT_MS }) : noLocalUrl,
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
 * Without an answer from the API the local chain has no URL (its reads fail saying so).
 */
export function loadWagmiConfig(): Promise<AppWagmiConfig> {
  shared ??= fetchNetwork()
    .then(
      (n) => n.rpcUrl ?? undefined,
      () => undefined,
    )
    .then((hardhatRpcUrl) => {
      // A burner taken in this tab (local chain only) reconnects after a reload like any authorised wallet.
      const connectors = hardhatRpcUrl && burnerInUse() ? [injected(), burnerConnector()] : undefined;
      const config = createWagmiConfig({ hardhatRpcUrl, connectors });
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
  if (chainId === LOCAL_CHAIN_ID) return "hardhat";
  if (chainId === sepolia.id) return "sepolia";
  return undefined;
}
