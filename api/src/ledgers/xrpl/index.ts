// Builds the XRPL ledger: the live client (rippled websocket + signer road), its simulated twin, and the
// selector that chooses between them by probes. The client holds only the server's wallet.
import { Wallet } from "xrpl";
import { endpointOf } from "../deadline";
import { LedgerSelector, type LedgerLogger } from "../selector";
import type { SignerRoad } from "../signer/signer-road";
import type { XrplLedgerClient, XrplSeen } from "./client";
import { XrplLiveClient } from "./live";
import { XrplSimulatedClient } from "./simulated";

export type * from "./client";
export {
  describeEngineResult,
  explorerTxUrl,
  FEE_DROPS,
  isIncluded,
  LEDGER_WINDOW,
  NEVER_SEEN,
  neverSeen,
} from "./client";
export { BlobRefusal, inspectSignedBlob } from "./codec";
export { faucetUrlFor } from "./faucet";
export { classifyXrplSend, EngineResultError, XrplLiveClient } from "./live";
export { XrplSimulatedClient } from "./simulated";

export interface XrplLedgerOptions {
  /** e.g. wss://s.altnet.rippletest.net:51233 */
  wsUrl: string;
  /** Faucet host for fundWallet; xrpl.js derives it from a testnet/devnet wsUrl when absent. */
  faucetHost?: string;
  /** Server wallet seed; generated (and faucet-funded) per process when absent. */
  seed?: string;
  road: SignerRoad;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  logger?: LedgerLogger;
}

// Generated once per process, so the server keeps one identity (and one faucet funding) until it restarts.
let generated: Wallet | null = null;

export function resolveXrplServerWallet(seed?: string): Wallet {
  if (seed) return Wallet.fromSeed(seed);
  return (generated ??= Wallet.generate());
}

export function createXrplLedger(o: XrplLedgerOptions): LedgerSelector<XrplLedgerClient> {
  const server = resolveXrplServerWallet(o.seed);
  const seen: XrplSeen = {
    sequence: null,
    validatedLedger: null,
    serverState: null,
    accounts: new Map(),
    supplies: new Map(),
  };
  const endpoint = endpointOf(o.wsUrl);
  const live = new XrplLiveClient({ wsUrl: o.wsUrl, faucetHost: o.faucetHost, endpoint }, server, o.road, seen);
  return new LedgerSelector<XrplLedgerClient>({
    ledger: "xrpl",
    network: "testnet",
    endpoint,
    account: server.address,
    live,
    simulated: new XrplSimulatedClient(server, seen, endpoint),
    probe: () => live.probe(),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    logger: o.logger,
    dispose: () => live.close(),
  });
}
