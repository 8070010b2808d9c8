import { createWagmiConfig } from "../lib/wagmi";

/**
 * The local chain's URL in tests, the API's answer a real stack would give (GET /api/network's rpcUrl):
 * the built app names none (lib/local-chain.ts). fakeNode stubs "POST <this>/".
 */
export const TEST_RPC_URL = "http://127.0.0.1:8545";

/** A wagmi config as the app makes it once the API has named the local chain's URL. */
export function testWagmiConfig(options: Parameters<typeof createWagmiConfig>[0] = {}) {
  return createWagmiConfig({ hardhatRpcUrl: TEST_RPC_URL, ...options });
}
