// Builds the EVM ledger: the live chain (node + signer road), its simulated twin, and the selector that
// chooses between them by probes.
import type { Transport } from "viem";
import { Semaphore } from "async-mutex";
import { LedgerSelector, type LedgerLogger } from "../selector";
import type { SignerRoad } from "../signer/signer-road";
import type { EvmChain } from "./chain";
import { EvmLiveChain } from "./live";
import { EvmSimulatedChain } from "./simulated";

export type { BlockStamp, DryRunResult, EvmChain, WriteResult, MinedReceipt, RawCall, RawCallOutcome } from "./chain";
export { ContractRevertedError } from "./errors";
export { EvmLiveChain } from "./live";
export { EvmSimulatedChain } from "./simulated";

export interface EvmLedgerOptions {
  network: "hardhat" | "sepolia";
  chainId: number;
  /** viem: http(url, { timeout, retryCount: 0 }) in production, custom(hre.network.provider) in tests. */
  transport: Transport;
  /** host:port shown in status and reasons. */
  endpoint: string;
  privateKey: `0x${string}`;
  /** "https://sepolia.etherscan.io", or null for the local node. */
  explorerBaseUrl: string | null;
  road: SignerRoad;
  /** Requests in flight to the node at once (the rest wait here, not in the node's queue). */
  maxInFlight?: number;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  /** The local node accepts connections (localListening): a probe that times out then means busy, not down. */
  listening?: (signal: AbortSignal) => Promise<void>;
  logger?: LedgerLogger;
}

/** A transport that lets at most `n` requests reach the node at once. */
function bounded(transport: Transport, n: number): Transport {
  const gate = new Semaphore(n);
  return ((params) => {
    const inner = transport(params);
    // Same transport (its error mapping, timeout and retries), one gate in front of its requests.
    return {
      ...inner,
      request: ((args, options) => gate.runExclusive(() => inner.request(args, options))) as typeof inner.request,
    };
  }) as Transport;
}

export function createEvmLedger(o: EvmLedgerOptions): { selector: LedgerSelector<EvmChain>; node: EvmLiveChain } {
  const node = new EvmLiveChain(
    {
      network: o.network,
      chainId: o.chainId,
      transport: bounded(o.transport, o.maxInFlight ?? 16),
      probeTransport: o.transport,
      endpoint: o.endpoint,
      privateKey: o.privateKey,
      explorerBaseUrl: o.explorerBaseUrl,
    },
    o.road,
  );
  const simulated = new EvmSimulatedChain(
    { network: o.network, chainId: o.chainId, privateKey: o.privateKey, endpoint: o.endpoint },
    node,
    // The node answers reads only while the chain is live (reachable, with the contracts deployed).
    () => selector.status().mode === "live",
    () => node.lastNonce,
  );
  const selector: LedgerSelector<EvmChain> = new LedgerSelector<EvmChain>({
    ledger: "ethereum",
    network: o.network,
    endpoint: o.endpoint,
    account: node.account,
    live: node as unknown as EvmChain,
    simulated: simulated as unknown as EvmChain,
    probe: () => node.probe(),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    listening: o.listening,
    logger: o.logger,
  });
  return { selector, node };
}
