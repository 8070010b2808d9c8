import type { Address, Transport } from "viem";
import { deployments } from "../../../../contracts/generated/deployments";
import { LedgerSelector, type LedgerLogger } from "../selector";
import { LedgerRejectedError, type EvmClient, type EvmReader } from "../types";
import { EvmLiveClient } from "./live";
import type { EvmNonceState } from "./nonce";
import { EvmSimulatedClient } from "./simulated";

export { quoteMint } from "./quote";
export { EvmLiveClient } from "./live";
export { EvmSimulatedClient } from "./simulated";

export interface EvmLedgerOptions {
  network: "hardhat" | "sepolia";
  chainId: number;
  /** viem: http(url, { timeout, retryCount: 0 }) in production, custom(hre.network.provider) in tests. */
  transport: Transport;
  /** host:port shown in status and reasons. */
  endpoint: string;
  privateKey: `0x${string}`;
  /** XQBMinter address; null when not deployed on this chain. */
  minter: Address | null;
  /** "https://sepolia.etherscan.io", or null for the local node. */
  explorerBaseUrl: string | null;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  logger?: LedgerLogger;
}

// Without a deployment on this chain the simulated mint still needs a target; the local deploy map's address
// is deterministic and at least names a real XQBMinter build.
const LOCAL_MINTER: Address = deployments[31337].XQBMinter.address;

export function createEvmLedger(o: EvmLedgerOptions): { selector: LedgerSelector<EvmClient>; reader: EvmReader } {
  const nonce: EvmNonceState = { next: null };
  // The node is probed even without a deployment, so status still shows whether the chain answers.
  const node = new EvmLiveClient(
    {
      network: o.network,
      chainId: o.chainId,
      transport: o.transport,
      endpoint: o.endpoint,
      privateKey: o.privateKey,
      minter: o.minter ?? LOCAL_MINTER,
      explorerBaseUrl: o.explorerBaseUrl,
    },
    nonce,
  );
  const live = o.minter ? node : null;
  const simulated = new EvmSimulatedClient(
    { network: o.network, chainId: o.chainId, privateKey: o.privateKey, minter: o.minter ?? LOCAL_MINTER },
    nonce,
  );
  const selector = new LedgerSelector<EvmClient>({
    ledger: "ethereum",
    network: o.network,
    endpoint: o.endpoint,
    account: simulated.account,
    live,
    unavailableReason: `XQBMinter is not deployed on ${o.network}`,
    simulated,
    probe: () => node.probe(),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    logger: o.logger,
  });
  const reader: EvmReader = {
    readWalletMint: async (hash) => {
      if (!live) throw new LedgerRejectedError("ethereum", `XQBMinter is not deployed on ${o.network}`);
      return live.readWalletMint(hash);
    },
    // The node itself answers this, deployment or not; only while the selector sees it up, so a down
    // node costs nothing here (Deadline-bounded otherwise).
    knownBlocks: async (hashes) => {
      if (hashes.length === 0 || !selector.status().reachable) return null;
      return node.knownBlocks(hashes).catch(() => null);
    },
  };
  return { selector, reader };
}
