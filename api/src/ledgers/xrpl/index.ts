import { endpointOf } from "../deadline";
import { LedgerSelector, type LedgerLogger } from "../selector";
import type { XrplClient } from "../types";
import { XrplLiveClient } from "./live";
import { XrplSimulatedClient } from "./simulated";
import { resolveXrplWallets, type XrplAccountState } from "./wallets";

export { XrplLiveClient } from "./live";
export { XrplSimulatedClient } from "./simulated";
export { resolveXrplWallets } from "./wallets";

export interface XrplLedgerOptions {
  /** e.g. wss://s.altnet.rippletest.net:51233 */
  wsUrl: string;
  /** Faucet host for fundWallet; xrpl.js derives it from a testnet/devnet wsUrl when absent. */
  faucetHost?: string;
  /** Server wallet seed; generated (and faucet-funded) per process when absent. */
  seed?: string;
  probeTimeoutMs?: number;
  reprobeIntervalMs?: number;
  logger?: LedgerLogger;
}

export function createXrplLedger(o: XrplLedgerOptions): LedgerSelector<XrplClient> {
  const wallets = resolveXrplWallets(o.seed);
  const state: XrplAccountState = { sequence: null, validatedLedger: null };
  const endpoint = endpointOf(o.wsUrl);
  const live = new XrplLiveClient({ wsUrl: o.wsUrl, faucetHost: o.faucetHost, endpoint }, wallets, state);
  return new LedgerSelector<XrplClient>({
    ledger: "xrpl",
    network: "testnet",
    endpoint,
    account: wallets.server.address,
    live,
    simulated: new XrplSimulatedClient(wallets, state),
    probe: () => live.probe(),
    probeTimeoutMs: o.probeTimeoutMs,
    reprobeIntervalMs: o.reprobeIntervalMs,
    logger: o.logger,
    dispose: () => live.close(),
  });
}
