// Everything the app needs, built from the config in one place so tests can swap any part.
import { http, type Transport } from "viem";
import { deployments } from "../../contracts/generated/deployments";
import { endpointOf, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { createAttestor, type Attestor } from "./features/attestation/attestation.service";
import { createEvmLedger } from "./ledgers/evm";
import type { LedgerSelector } from "./ledgers/selector";
import { createStellarLedger } from "./ledgers/stellar";
import type { EvmClient, EvmReader, LedgerStatus, StellarClient, XrplClient } from "./ledgers/types";
import { createXrplLedger } from "./ledgers/xrpl";
import { logger as processLogger, type Logger } from "./logger";

export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  evm: { selector: LedgerSelector<EvmClient>; reader: EvmReader };
  stellar: LedgerSelector<StellarClient>;
  xrpl: LedgerSelector<XrplClient>;
  attestor: Attestor;
  startedAt: Date;
  /** The three ledgers' current status (what /api/unified/status reports). */
  ledgerStatuses(): { ethereum: LedgerStatus; stellar: LedgerStatus; xrpl: LedgerStatus };
}

export interface DepsOverrides extends Partial<Omit<AppDeps, "config" | "startedAt" | "ledgerStatuses">> {
  /** EVM transport instead of http(rpcUrl), e.g. custom(hre.network.provider) in tests. */
  evmTransport?: Transport;
  /** XQBMinter address instead of the deploy map's entry for the chain. */
  evmMinter?: `0x${string}` | null;
}

const minterFor = (chainId: number): `0x${string}` | null =>
  (deployments as Record<number, { XQBMinter: { address: `0x${string}` } } | undefined>)[chainId]?.XQBMinter.address ?? null;

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? processLogger;
  if (!overrides.logger) processLogger.level = config.logLevel;
  const probe = { probeTimeoutMs: config.ledgerProbeTimeoutMs, reprobeIntervalMs: config.ledgerReprobeMs };

  const evm =
    overrides.evm ??
    createEvmLedger({
      network: config.evm.network,
      chainId: config.evm.chainId,
      transport: overrides.evmTransport ?? http(config.evm.rpcUrl, { timeout: config.ledgerProbeTimeoutMs, retryCount: 0 }),
      endpoint: endpointOf(config.evm.rpcUrl),
      privateKey: config.evm.privateKey,
      minter: overrides.evmMinter !== undefined ? overrides.evmMinter : minterFor(config.evm.chainId),
      explorerBaseUrl: config.evm.explorerBaseUrl,
      ...probe,
      logger,
    });
  const stellar =
    overrides.stellar ??
    createStellarLedger({
      horizonUrl: config.stellar.horizonUrl,
      friendbotUrl: config.stellar.friendbotUrl,
      secret: config.stellar.secret ?? undefined,
      issuerSecret: config.stellar.issuerSecret ?? undefined,
      ...probe,
      logger,
    });
  const xrpl =
    overrides.xrpl ??
    createXrplLedger({
      wsUrl: config.xrpl.wsUrl,
      faucetHost: config.xrpl.faucetHost ?? undefined,
      seed: config.xrpl.seed ?? undefined,
      ...probe,
      logger,
    });
  const attestor = overrides.attestor ?? createAttestor(config.pqAttestationSeed);

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

  return {
    config,
    logger,
    database,
    evm,
    stellar,
    xrpl,
    attestor,
    startedAt: new Date(),
    ledgerStatuses: () => ({ ethereum: evm.selector.status(), stellar: stellar.status(), xrpl: xrpl.status() }),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  deps.evm.selector.stop();
  deps.stellar.stop();
  deps.xrpl.stop();
  await deps.database.close();
}
