// The local Hardhat chain (31337) without a URL of its own. wagmi's built-in `hardhat` chain carries
// http://127.0.0.1:8545, which would be baked into the build whatever CHAIN_PORT the stack runs on; the
// browser takes the URL from the API instead (GET /api/network's rpcUrl, lib/wagmi.ts), so one build
// serves a stack on any port.
import { defineChain } from "viem";

export const LOCAL_CHAIN_ID = 31_337;

const base = defineChain({
  id: LOCAL_CHAIN_ID,
  name: "Hardhat",
  nativeCurrency: { decimals: 18, name: "Ether", symbol: "ETH" },
  rpcUrls: { default: { http: [] as readonly string[] } },
});

export type LocalChain = typeof base;

/** The chain as the API names it: its URL (when the API gave one) is what the wallet is offered and what reads go to. */
export function localChain(rpcUrl: string | undefined): LocalChain {
  return rpcUrl ? { ...base, rpcUrls: { default: { http: [rpcUrl] } } } : base;
}
