import { createConfig, http, injected, type CreateConnectorFn } from "wagmi";
import { hardhat, sepolia } from "wagmi/chains";

export const chains = [hardhat, sepolia] as const;

export function createWagmiConfig(options: { connectors?: CreateConnectorFn[]; discover?: boolean } = {}) {
  return createConfig({
    chains,
    connectors: options.connectors ?? [injected()],
    multiInjectedProviderDiscovery: options.discover ?? true,
    transports: {
      [hardhat.id]: http(), // http://127.0.0.1:8545
      [sepolia.id]: http(),
    },
  });
}

export type AppWagmiConfig = ReturnType<typeof createWagmiConfig>;

export const wagmiConfig: AppWagmiConfig = createWagmiConfig();

declare module "wagmi" {
  interface Register {
    config: typeof wagmiConfig;
  }
}

/** The API's name for an EVM chain. */
export function networkOfChain(chainId: number | undefined): "hardhat" | "sepolia" | undefined {
  if (chainId === hardhat.id) return "hardhat";
  if (chainId === sepolia.id) return "sepolia";
  return undefined;
}
