import { endpointOf } from "../deadline";
import { LedgerSelector, type LedgerLogger } from "../selector";
import type { StellarClient } from "../types";
import { resolveStellarKeys, type StellarAccountState } from "./keys";
import { StellarLiveClient } from "./live";
import { StellarSimulatedClient } from "./simulated";

export { StellarLiveClient } from "./live";
export { StellarSimulatedClient } from "./simulated";
export { resolveStellarKeys } from "./keys";

export interface StellarLedgerOptions {
  /** e.g. https://horizon-testnet.stellar.org */
  horizonUrl: string;
  /** e.g. https://friendbot.stellar.org */
  friendbotUrl: string;
  /** Distributor (server) secret; generated per process when absent. */
  secret?: string;
  /** VIBE issuer secret; generated per process when absent. */
  issuerSecret?: string;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  logger?: LedgerLogger;
}

export function createStellarLedger(o: StellarLedgerOptions): LedgerSelector<StellarClient> {
  const keys = resolveStellarKeys(o.secret, o.issuerSecret);
  const state: StellarAccountState = { sequence: null, hasTrustline: null };
  const endpoint = endpointOf(o.horizonUrl);
  const live = new StellarLiveClient({ horizonUrl: o.horizonUrl, friendbotUrl: o.friendbotUrl, endpoint }, keys, state);
  return new LedgerSelector<StellarClient>({
    ledger: "stellar",
    network: "testnet",
    endpoint,
    account: keys.distributor.publicKey(),
    live,
    simulated: new StellarSimulatedClient(keys, state),
    probe: (signal) => live.probe(signal),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    logger: o.logger,
  });
}
