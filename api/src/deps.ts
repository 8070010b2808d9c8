// Everything the app needs, built from the config in one place so tests can swap any part.
import { http, type Transport } from "viem";
import { createGovernmentData, type GovernmentData } from "./sources/government/government-data";
import { endpointOf, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { createAttestor, type Attestor } from "./shared/attestation";
import { createRequestMetrics, type RequestMetrics } from "./http/request-metrics";
import { localListening } from "./ledgers/local-listening";
import { createEvmLedger, type EvmChain, type EvmLiveChain } from "./ledgers/evm";
import { createEventIndex, type RunningEventIndex } from "./ledgers/evm/event-index";
import { PostgresNonceStore } from "./ledgers/signer/nonce-store-postgres";
import { MemoryNonceStore, SignerRoad } from "./ledgers/signer/signer-road";
import type { LedgerSelector } from "./ledgers/selector";
import { createStellarLedger, type StellarLedgerClient } from "./ledgers/stellar";
import type { LedgerStatus } from "./ledgers/types";
import { createXrplLedger, type XrplLedgerClient } from "./ledgers/xrpl";
import { logger as processLogger, type Logger } from "./logger";

export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  /** `index`: the chain's events as stored by the event index (every replica reads it; one fills it). */
  evm: { selector: LedgerSelector<EvmChain>; node: EvmLiveChain; index: RunningEventIndex };
  /** Every server-signed transaction's nonce/sequence, per account, on every ledger. */
  signerRoad: SignerRoad;
  stellar: LedgerSelector<StellarLedgerClient>;
  xrpl: LedgerSelector<XrplLedgerClient>;
  attestor: Attestor;
  /** Government figures: live from FRED, Fiscal Data and EIA when they answer, the bundled snapshot otherwise. */
  government: GovernmentData;
  /** Every /api request's route, status and duration (the last 10,000): the API's own response time and success rate. */
  requestMetrics: RequestMetrics;
  startedAt: Date;
  /** The three ledgers' current status (what /api/unified/status reports). */
  ledgerStatuses(): { ethereum: LedgerStatus; stellar: LedgerStatus; xrpl: LedgerStatus };
}

export interface DepsOverrides extends Partial<
  Omit<AppDeps, "config" | "startedAt" | "ledgerStatuses" | "signerRoad" | "evm">
> {
  /** The chain client and selector (the event index is built beside them unless `evmIndex` is given). */
  evm?: Omit<AppDeps["evm"], "index">;
  evmIndex?: RunningEventIndex;
  /** EVM transport instead of http(rpcUrl), e.g. custom(hre.network.provider) in tests; the event index uses it too. */
  evmTransport?: Transport;
  /** The event index's own transport, when a test counts the requests of `evmTransport` alone. */
  evmIndexTransport?: Transport;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? processLogger;
  if (!overrides.logger) processLogger.level = config.logLevel;
  const probe = { probeTimeoutMs: config.ledgerProbeTimeoutMs, reprobeIntervalMs: config.ledgerReprobeMs };

  // One road for every ledger's server account. In memory until the database is open; shared through
  // PostgreSQL when API replicas share one.
  const signerRoad = new SignerRoad(new MemoryNonceStore());
  const evm =
    overrides.evm ??
    createEvmLedger({
      network: config.evm.network,
      chainId: config.evm.chainId,
      transport:
        overrides.evmTransport ?? http(config.evm.rpcUrl, { timeout: config.ledgerProbeTimeoutMs, retryCount: 0 }),
      endpoint: endpointOf(config.evm.rpcUrl),
      privateKey: config.evm.privateKey,
      explorerBaseUrl: config.evm.explorerBaseUrl,
      road: signerRoad,
      ...probe,
      listening: overrides.evmTransport ? undefined : localListening(config.evm.rpcUrl),
      logger,
    });
  const stellar =
    overrides.stellar ??
    createStellarLedger({
      horizonUrl: config.stellar.horizonUrl,
      friendbotUrl: config.stellar.friendbotUrl,
      secret: config.stellar.secret ?? undefined,
      road: signerRoad,
      ...probe,
      logger,
    });
  const xrpl =
    overrides.xrpl ??
    createXrplLedger({
      wsUrl: config.xrpl.wsUrl,
      faucetHost: config.xrpl.faucetHost ?? undefined,
      seed: config.xrpl.seed ?? undefined,
      road: signerRoad,
      ...probe,
      logger,
    });
  const attestor = overrides.attestor ?? createAttestor(config.pqAttestationSeed);
  const government = overrides.government ?? createGovernmentData(config.government);

  // The database and the three first probes are independent: wait for all of them at once.
  const [database] = await Promise.all([
    overrides.database ?? openDatabase(config),
    evm.selector.start(),
    stellar.start(),
    xrpl.start(),
  ]).catch((err) => {
    for (const s of [evm.selector, stellar, xrpl]) s.stop();
    throw err;
  });

  if (database.driver === "postgres") signerRoad.useStore(new PostgresNonceStore(database.db));

  // After the database: the index stores what it reads there. Its own transport and timeout (a range of
  // logs may take longer than a probe), not the request gate's, so indexing never queues behind writes.
  const index =
    overrides.evmIndex ??
    createEventIndex({
      chainId: config.evm.chainId,
      network: config.evm.network,
      transport:
        overrides.evmIndexTransport ??
        overrides.evmTransport ??
        http(config.evm.rpcUrl, { timeout: config.evmIndex.rpcTimeoutMs, retryCount: 0 }),
      database,
      ...config.evmIndex,
      logger,
    });
  await index.start();

  return {
    config,
    logger,
    database,
    evm: { ...evm, index },
    signerRoad,
    stellar,
    xrpl,
    attestor,
    government,
    requestMetrics: overrides.requestMetrics ?? createRequestMetrics(),
    startedAt: new Date(),
    ledgerStatuses: () => ({ ethereum: evm.selector.status(), stellar: stellar.status(), xrpl: xrpl.status() }),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.evm.index.stop();
  deps.evm.selector.stop();
  deps.stellar.stop();
  deps.xrpl.stop();
  await deps.database.close();
}
