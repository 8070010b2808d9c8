import { numberToHex, type EIP1193Provider } from "viem";
import type { Connector } from "wagmi";
import { LOCAL_CHAIN_ID } from "../../lib/local-chain";

/**
 * Asks the wallet to add the local Hardhat chain (EIP-3085 wallet_addEthereumChain) with the URL the API
 * gives: the chain guard's public port, which refuses signing methods from other sites.
 */
export async function addHardhatNetwork(connector: Connector, rpcUrl: string): Promise<void> {
  const provider = (await connector.getProvider()) as EIP1193Provider | undefined;
  if (!provider) throw new Error("The wallet is not available in this page any more");
  await provider.request({
    method: "wallet_addEthereumChain",
    params: [
      {
        chainId: numberToHex(LOCAL_CHAIN_ID),
        chainName: "Hardhat (local)",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [rpcUrl],
      },
    ],
  });
}
