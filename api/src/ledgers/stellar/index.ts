// Builds the Stellar ledger: the live client (Horizon + signer road), its simulated twin, and the selector
// that chooses between them by probes. The client holds only the server's key.
import { Keypair } from "@stellar/stellar-sdk";
import { endpointOf } from "../deadline";
import { LedgerSelector, type LedgerLogger } from "../selector";
import type { SignerRoad } from "../signer/signer-road";
import type { StellarLedgerClient, StellarSeen } from "./client";
import { StellarLiveClient } from "./live";
import { StellarSimulatedClient } from "./simulated";

export type {
  StellarAccount,
  StellarAccountDetails,
  StellarAssetSupply,
  StellarBalance,
  StellarBuild,
  StellarFeeStats,
  StellarFundResult,
  StellarLedgerClient,
  StellarPayment,
  StellarPaymentsPage,
  StellarSeen,
  StellarSubmitOptions,
  StellarSubmitResult,
  StellarTransactionLookup,
} from "./client";
export { explorerTxUrl, minimumBalanceStroops, neverSeen, NEVER_SEEN, NOT_ON_SIMULATED, stroopsToXlm } from "./client";
export { decodeSignedEnvelope, EnvelopeError, type SignedEnvelope } from "./envelope";
export { describeResultCodes, resultCodes, toStroops } from "./horizon";
export { classifyStellarSend, StellarLiveClient } from "./live";
export { StellarSimulatedClient } from "./simulated";

export interface StellarLedgerOptions {
  /** e.g. https://horizon-testnet.stellar.org */
  horizonUrl: string;
  /** e.g. https://friendbot.stellar.org */
  friendbotUrl: string;
  /** The server's secret; generated per process when absent. */
  secret?: string;
  road: SignerRoad;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  logger?: LedgerLogger;
  /** Passed to the live client (tests: a short poll interval). */
  pollIntervalMs?: number;
}

// Generated once per process, so a server without a configured secret keeps one identity until it restarts.
let generated: Keypair | null = null;

export function resolveStellarServerKey(secret?: string): Keypair {
  if (secret) return Keypair.fromSecret(secret);
  return (generated ??= Keypair.random());
}

export function createStellarLedger(o: StellarLedgerOptions): LedgerSelector<StellarLedgerClient> {
  const server = resolveStellarServerKey(o.secret);
  const seen: StellarSeen = new Map();
  const endpoint = endpointOf(o.horizonUrl);
  const live = new StellarLiveClient(
    { horizonUrl: o.horizonUrl, friendbotUrl: o.friendbotUrl, endpoint, pollIntervalMs: o.pollIntervalMs },
    server,
    o.road,
    seen,
  );
  return new LedgerSelector<StellarLedgerClient>({
    ledger: "stellar",
    network: "testnet",
    endpoint,
    account: server.publicKey(),
    live,
    simulated: new StellarSimulatedClient(server, seen, endpoint),
    probe: (signal) => live.probe(signal),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    logger: o.logger,
  });
}
