// Builds the Express app from its dependencies; main.ts listens, tests drive it with supertest.
import { Networks } from "@stellar/stellar-sdk";
import express, { type Express } from "express";
import type { AppDeps } from "./deps";
import { endpointOf } from "./config";
import { createAuthRouter, SIGN_IN_PATHS } from "./features/auth/auth.routes";
import { createBridgeRouter } from "./features/bridge/bridge.routes";
import { createFaucetRouter } from "./features/faucet/faucet.routes";
import { createCryptocurrencyRouter } from "./features/cryptocurrency/cryptocurrency.routes";
import { createCrowdfundingRouter } from "./features/crowdfunding/crowdfunding.routes";
import { createEnvironmentalRouter } from "./features/environmental/environmental.routes";
import { createCongressionalRouter } from "./features/congressional/congressional.routes";
import { createLandingRouter } from "./features/landing/landing.routes";
import { createLiquidStakingRouter } from "./features/liquid-staking/liquid-staking.routes";
import { createLocalChainRouter } from "./features/local-chain/local-chain.routes";
import { createChainChangesRouter } from "./features/chain-changes/chain-changes.routes";
import { createMainnetReadinessRouter } from "./features/mainnet-readiness/mainnet-readiness.routes";
import { resolveMintingAccounts } from "./features/minting/minting.accounts";
import { createMintingRouter } from "./features/minting/minting.routes";
import { createNetworkRouter } from "./features/network/network.routes";
import { createOnboardingRouter } from "./features/onboarding/onboarding.routes";
import { createOperationsLogRouter } from "./features/operations-log/operations-log.routes";
import { createNetworkVerificationRouter } from "./features/network-verification/network-verification.routes";
import { createProfessionalRouter } from "./features/professional/professional.routes";
import { createQIsolatorRouter } from "./features/q-isolator/q-isolator.routes";
import { runDisasterRecoveryDrill } from "./db/backup/drill";
import { createQuantumTreasury2Router } from "./features/quantum-treasury-2/quantum-treasury-2.routes";
import { createStellarAccountRouter } from "./features/stellar-account/stellar-account.routes";
import { createRealStakingRouter } from "./features/real-staking/real-staking.routes";
import { createSecurityRouter } from "./features/security/security.routes";
import { SECURITY_DEFAULT_BUDGET } from "./features/security/security.constants";
import { createTestnetRouter } from "./features/testnet/testnet.routes";
import { createTestnetOperationsRouter } from "./features/testnet-operations/testnet-operations.routes";
import { createTechnicalIntegrationRouter } from "./features/technical-integration/technical-integration.routes";
import { builtPaths } from "../../dapp/src/config/paths";
import { createHeavyJobs } from "./shared/heavy-jobs";
import { createTreasuryStakingRouter } from "./features/treasury-staking/treasury-staking.routes";
import { createUnifiedRouter } from "./features/unified/unified.routes";
import { deployedContracts } from "./features/unified/unified.contracts";
import { createXrplAccountRouter } from "./features/xrpl-account/xrpl-account.routes";
import { faucetUrlFor } from "./ledgers/xrpl";
import { createVibecoinsRouter } from "./features/vibecoins/vibecoins.routes";
import { devKeysFor } from "./ledgers/evm/dev-keys";
import { ChainChanges, indexedContracts } from "./ledgers/evm/event-index";
import { createAccessGuard } from "./http/access";
import { errorHandler } from "./http/error-handler";
import { jsonBody } from "./http/json-body";
import { requestLog } from "./http/request-log";
import { requestMetricsMiddleware } from "./http/request-metrics";
import { buildOpenApiDocument, openApiRoute } from "./http/openapi";
import { createHostGuardStats, hostGuard, sameOriginWrites, writeRateLimit } from "./http/protection";
import { DatabaseRateLimitStore } from "./http/rate-limit-store";
import { withSelfTarget, type SelfTarget, type SelfTargetOptions } from "./http/self-target";
import { notFoundHandler } from "./http/not-found";
import { mountRoutes, type RouteDef } from "./http/route";
import { pipeline, under } from "./http/pipeline";
import { securityHeaders } from "./http/security-headers";
import { createSessionStore } from "./shared/session";
import { countProcessWrites } from "./shared/process-writes";

const API_VERSION: string = (require("../../package.json") as { version: string }).version;

export interface CreateAppOptions {
  /** Mounts the dapp (static files and SPA fallback) after the API and before the error handler. */
  mountWeb?: (app: Express) => void;
  /**
   * The dapp is vite's dev server: its React refresh preamble is an inline script and hot reload talks
   * over a websocket, so the content security policy admits both. Never set for the built app.
   */
  devServer?: boolean;
  /** Background work that runs with the app (the bridge relayer): main.ts starts it after listening and stops it first. Tests start their own. */
  background?: BackgroundTask[];
}

/** Work that runs beside the requests while the API runs (main.ts starts it after listening and stops it first). */
export interface BackgroundTask {
  /** What it is, for logs and tests ("bridge relayer"). */
  name: string;
  start(): void;
  stop(): Promise<void>;
}
const task = (name: string, t: { start(): void; stop(): Promise<void> }): BackgroundTask => ({
  name,
  start: () => t.start(),
  stop: () => t.stop(),
});

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // This very app over a real loopback socket, for as long as `fn` runs: what the security suite probes and
  // the load test measures (http/self-target.ts). No request chooses another target.
  const selfTarget = <T>(fn: (target: SelfTarget) => Promise<T>, options?: SelfTargetOptions) =>
    withSelfTarget(app, deps.config.allowedHosts, fn, options);

  // One line per feature; a feature's routes carry their own schemas, so OpenAPI and 405s follow.
  const minting = createMintingRouter({
    db: deps.database.db,
    evm: deps.evm.selector,
    stellar: deps.stellar,
    xrpl: deps.xrpl,
    accounts: resolveMintingAccounts(deps.config.stellar.issuerSecret),
    attestor: deps.attestor,
    evmNetwork: deps.config.evm.network,
    currentChainInstance: () => deps.evm.node.chainInstance(),
  });
  // Who may do what (http/access.ts): every route's `access` is checked against this one guard.
  const accessGuard = createAccessGuard(
    deps.config.operators,
    createSessionStore(deps.database.db, deps.config.evm.chainId),
  );
  const auth = createAuthRouter({
    db: deps.database.db,
    chainId: deps.config.evm.chainId,
    operators: deps.config.operators,
  });
  const network = createNetworkRouter({
    evm: deps.evm.selector,
    network: deps.config.evm.network,
    chainId: deps.config.evm.chainId,
    rpcUrl: deps.config.evm.rpcUrl,
    explorerBaseUrl: deps.config.evm.explorerBaseUrl,
    serverSigner: deps.evm.node.account,
  });
  const realStaking = createRealStakingRouter({
    evm: deps.evm.selector,
    index: deps.evm.index,
    chainId: deps.config.evm.chainId,
  });
  // The leverage strategies' base APY is the real-staking feature's measurement of each pool, through its exports.
  const liquidStaking = createLiquidStakingRouter({
    evm: deps.evm.selector,
    index: deps.evm.index,
    poolYields: realStaking.exports.poolYields,
  });
  const localChain = createLocalChainRouter({
    network: deps.config.evm.network,
    chainId: deps.config.evm.chainId,
    status: () => deps.evm.selector.status(),
    node: deps.evm.node,
    index: deps.evm.index,
  });
  // Every page's reads refresh from the index's moves (one summary per move, shared by every open stream).
  const chainChanges = createChainChangesRouter({
    chainId: deps.config.evm.chainId,
    changes: new ChainChanges(
      deps.evm.index,
      indexedContracts(deps.config.evm.chainId).map((c) => c.name),
      { pollMs: deps.config.evmIndex.pollMs },
    ),
  });
  // Paper positions on the official par curve; its exports (open positions, yield accuracy, spread capture)
  // are what testnet's status reads.
  const treasuryStaking = createTreasuryStakingRouter({
    db: deps.database.db,
    network: deps.config.evm.network,
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
    treasuryYieldUrl: deps.config.treasuryYieldUrl,
  });
  const quantumTreasury2 = createQuantumTreasury2Router({
    evm: deps.evm.selector,
    index: deps.evm.index,
    db: deps.database.db,
    network: deps.config.evm.network,
    safeOwnerKeys: deps.config.evm.safeOwnerKeys,
  });
  const devKeys = devKeysFor(deps.config.evm);
  // Heavy jobs (the readiness tests, the assessments, the security suite, the DR drill): one of a kind at a
  // time and a bound in total, shared by the features that run them (429 with Retry-After past it).
  const heavyJobs = createHeavyJobs();
  const testnet = createTestnetRouter({
    db: deps.database.db,
    chainId: deps.config.evm.chainId,
    network: deps.config.evm.network,
    ledgerStatus: () => deps.evm.selector.status(),
    node: deps.evm.node,
    devKeys,
    requestMetrics: deps.requestMetrics,
    // Only the operators' own paper positions count for the treasury checks, never the shared demo book.
    operators: deps.config.operators,
    // Open positions, yield accuracy and spread capture: the treasury-staking feature's own measurements.
    treasuryStaking: treasuryStaking.exports,
    jobs: heavyJobs,
  });
  // The user's own Stellar account: reads, friendbot, and the relay of envelopes signed in the browser.
  const stellarAccount = createStellarAccountRouter({
    stellar: deps.stellar,
    vibeIssuer: resolveMintingAccounts(deps.config.stellar.issuerSecret).vibeIssuer.publicKey(),
  });
  const xrplAccount = createXrplAccountRouter({
    xrpl: deps.xrpl,
    faucet: faucetUrlFor(deps.config.xrpl.wsUrl, deps.config.xrpl.faucetHost) !== null,
  });
  const bridge = createBridgeRouter({
    db: deps.database.db,
    chainId: deps.config.evm.chainId,
    evm: deps.evm.selector,
    node: deps.evm.node,
    index: deps.evm.index,
    stellar: deps.stellar,
    xrpl: deps.xrpl,
    devKeys,
    deadlineSeconds: deps.config.bridge.deliveryDeadlineSeconds,
    logger: deps.logger,
  });
  options.background?.push(task("bridge relayer", bridge.exports));
  // VIBE rewards and VIBE/XQB burns; VIBE's Stellar issuer is the minting feature's (its public key only).
  const vibecoins = createVibecoinsRouter({
    db: deps.database.db,
    evm: deps.evm.selector,
    index: deps.evm.index,
    stellar: deps.stellar,
    vibeIssuer: resolveMintingAccounts(deps.config.stellar.issuerSecret).vibeIssuer.publicKey(),
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
    chainId: deps.config.evm.chainId,
    network: deps.config.evm.network,
  });
  // Projects with campaigns on chain; rewards minted through vibecoins' mint after the wallet's own receipt is read.
  const crowdfunding = createCrowdfundingRouter({
    db: deps.database.db,
    evm: deps.evm.selector,
    chainId: deps.config.evm.chainId,
    mintVibe: vibecoins.exports.mint,
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
  });
  // XQB and ETH from dev account #16 on the signer road, USDC minted by the API signer; per SIWE wallet, 24 h.
  const faucet = createFaucetRouter({
    db: deps.database.db,
    network: deps.config.evm.network,
    chainId: deps.config.evm.chainId,
    evm: deps.evm.selector,
    node: deps.evm.node,
    devKeys,
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
    budget: { hourly: deps.config.faucet.hourlyClaims, daily: deps.config.faucet.dailyClaims },
    soleWriter: deps.database.driver === "pglite",
    testCrashAfter: deps.config.faucet.testCrashAfter,
    onSettled: (report) => deps.logger.info({ feature: "faucet", ...report }, "faucet claims settled from the chain"),
  });
  // Claims a crash left reserved or pending are settled from the chain at start, then every 30 s.
  options.background?.push(task("faucet settler", faucet.exports.settler));
  // The onboarding checklist: a wallet's steps from its session, the faucet's sent claims (its exports), the chain and the index.
  const onboarding = createOnboardingRouter({
    db: deps.database.db,
    chainId: deps.config.evm.chainId,
    index: deps.evm.index,
    node: deps.evm.node,
    sentClaims: faucet.exports.sentClaims,
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
    chainInstance: () => deps.evm.node.chainInstance(),
  });
  // The security suite probes this very API through selfTarget, and nothing else; the chain URL only on the local chain.
  // Its probes have a write bucket as large as its request budget, which bounds a run already (one at a time).
  const security = createSecurityRouter({
    db: deps.database.db,
    selfTarget: (fn) => selfTarget(fn, { writesPerMinute: SECURITY_DEFAULT_BUDGET.maxRequests }),
    chainId: deps.config.evm.chainId,
    chainRpcUrl: deps.config.evm.network === "hardhat" ? deps.config.evm.rpcUrl : null,
    jobs: heavyJobs,
  });
  // The five readiness assessments, run for real against this app (selfTarget), the chain and the database.
  const professional = createProfessionalRouter({
    db: deps.database.db,
    evm: deps.evm.selector,
    chainId: deps.config.evm.chainId,
    selfTarget,
    routes: () => routes,
    security: security.exports,
    drill: runDisasterRecoveryDrill,
    database: deps.database,
    config: deps.config,
    // Backups beside the stack's own data folder, with their own retention (config.backup).
    backupDir: deps.config.backup.dir,
    backupKeep: deps.config.backup.keep,
    jobs: heavyJobs,
  });
  // What stands between this testnet and mainnet: the chain's role holders, testnet's pause-path runs, the gas
  // report, the keys' sources; the security and professional results through their exports.
  const mainnetReadiness = createMainnetReadinessRouter({
    db: deps.database.db,
    chainId: deps.config.evm.chainId,
    network: deps.config.evm.network,
    node: deps.evm.node,
    index: deps.evm.index,
    serverSigner: deps.evm.node.account,
    keySources: deps.config.keySources,
    configuredAt: deps.startedAt,
    testnet: testnet.exports,
    security: security.exports,
    professional: professional.exports,
  });
  // Post-quantum file protection: its DNS card reads the Host guard's own counter and self-tests it through selfTarget.
  const hostGuardStats = createHostGuardStats();
  const qIsolator = createQIsolatorRouter({
    db: deps.database.db,
    config: deps.config.qIsolator,
    apiVersion: API_VERSION,
    allowedHosts: deps.config.allowedHosts,
    hostGuardStats,
    selfTarget,
    sessions: createSessionStore(deps.database.db, deps.config.evm.chainId),
    logger: deps.logger,
  });
  // Its background scrub re-verifies stored envelopes at a bounded pace (status reads only the recorded results).
  options.background?.push(task("isolator scrub", qIsolator.exports.scrub));
  // The status route, and the Presidential Dashboard: its operations run the ledgers' probes, eth_getCode at the
  // deploy map's addresses, the bridge relayer's pass and the isolator's integrity pass (their exports).
  const unified = createUnifiedRouter({
    ledgers: { ethereum: deps.evm.selector, stellar: deps.stellar, xrpl: deps.xrpl },
    database: deps.database,
    mintCounts: minting.exports.counts,
    attestor: deps.attestor,
    startedAt: deps.startedAt,
    db: deps.database.db,
    contracts: {
      chainId: deps.config.evm.chainId,
      list: () => deployedContracts(deps.config.evm.chainId),
      codeAt: (address) => deps.evm.node.codeAt(address),
    },
    bridge: {
      relayer: bridge.exports.relayer,
      lease: () => bridge.exports.repo.lease("bridge-relayer"),
      totals: () => bridge.exports.repo.totals(deps.config.evm.chainId, deps.evm.node.chainInstance()),
    },
    isolator: qIsolator.exports,
    requestMetrics: deps.requestMetrics,
    governmentSources: () => deps.government.sources(),
  });
  // The 22 coins: our test accounts' keys are sealed under the isolator's install key.
  const cryptocurrency = createCryptocurrencyRouter({
    db: deps.database.db,
    evm: deps.evm.selector,
    node: deps.evm.node,
    devKeys,
    stellar: deps.stellar,
    stellarPassphrase: Networks.TESTNET,
    xrpl: deps.xrpl,
    attestor: deps.attestor,
    custody: deps.config.qIsolator,
    envSeed: deps.config.coinTestnetSeed,
  });
  options.background?.push(task("coin signers warm-up", cryptocurrency.exports.warmUp));
  // The testnet operations pages: government figures from the government source, payments and tests through the
  // coin layer, VIBE through its minter, the pools through real-staking, GENIUS rules through the compliance audit.
  const testnetOperations = createTestnetOperationsRouter({
    db: deps.database.db,
    government: deps.government,
    coins: cryptocurrency.exports,
    pools: realStaking.exports.pools,
    mintVibe: vibecoins.exports.mint,
    compliance: professional.exports.complianceNow,
    attestor: deps.attestor,
    evmNetwork: deps.config.evm.network,
    chainId: deps.config.evm.chainId,
    currentChainInstance: () => deps.evm.node.chainInstance(),
    fiscalDataEndpoint: endpointOf(deps.config.government.fiscalDataUrl),
  });
  // Each network's identifying constants read live (3 s per probe, one run at a time, kept 15 s); the local chain's
  // genesis is compared with the one the EVM client recorded.
  const networkVerification = createNetworkVerificationRouter({
    local:
      deps.config.evm.network === "hardhat"
        ? { rpcUrl: deps.config.evm.rpcUrl, recordedGenesis: () => deps.evm.node.chainInstance() }
        : null,
    // Read whenever one is given: a presenter on the local chain can still check Sepolia's identity live.
    sepoliaRpcUrl: deps.config.sepoliaRpcUrl,
    horizonUrl: deps.config.stellar.horizonUrl,
    xrplWsUrl: deps.config.xrpl.wsUrl,
  });
  // Every transaction of every feature, read from the operations_log view (no feature's code): the local chain's run
  // (genesis hash and its block's time) tells which local rows are from an earlier run of the node.
  const operationsLog = createOperationsLogRouter({
    db: deps.database.db,
    localChain:
      deps.config.evm.network === "hardhat"
        ? {
            instance: () => deps.evm.node.chainInstance(),
            startedAt: async (instance) => {
              const genesis = await deps.evm.node.block(0n);
              return genesis.hash === instance ? new Date(genesis.timestamp * 1000) : null;
            },
          }
        : null,
    evmExplorer: {
      ledger: deps.config.evm.network === "hardhat" ? "ethereum-local" : deps.config.evm.network,
      baseUrl: deps.config.evm.explorerBaseUrl,
    },
  });
  // The product described by itself: the deploy map read against the chain, the role holders as mainnet-readiness
  // reads them (its exports), the route table's OpenAPI document, the ledgers, package-lock.json and the page table.
  const openApiInfo = { title: "XQB multi-chain testnet API", version: API_VERSION };
  const technicalIntegration = createTechnicalIntegrationRouter({
    chainId: deps.config.evm.chainId,
    network: deps.config.evm.network,
    rpcUrl: deps.config.evm.rpcUrl,
    horizonUrl: deps.config.stellar.horizonUrl,
    xrplWsUrl: deps.config.xrpl.wsUrl,
    ledgerStatuses: () => deps.ledgerStatuses(),
    routes: () => routes,
    openApiDocument: () => buildOpenApiDocument(routes, openApiInfo),
    pages: builtPaths,
    roleHolders: mainnetReadiness.exports.roleHolders,
  });
  // The landing page's one call: every figure from another feature's exports (or the shared sources), each bounded in time.
  const landing = createLandingRouter({
    government: deps.government,
    coins: cryptocurrency.exports.supported,
    attestor: deps.attestor,
    isolatorIntegrity: qIsolator.exports.integrity,
    vaultCollateral: quantumTreasury2.exports.vaultCollateral,
    securityLatest: security.exports.latest,
    treasuryCurve: treasuryStaking.exports.bonds,
    environmentalMints: testnetOperations.exports.environmentalMints,
    ledgers: deps.ledgerStatuses,
    evmNetwork: deps.config.evm.network,
    sepoliaRpcUrl: deps.config.sepoliaRpcUrl,
    contact: deps.config.contact,
  });
  // The congressional deck's figures: the compliance audit's GENIUS rules, the recorded VIBE actions and the government sources.
  const congressional = createCongressionalRouter({
    compliance: professional.exports.complianceNow,
    environmentalMints: testnetOperations.exports.environmentalMints,
    rewardedWallets: vibecoins.exports.mintedRewards,
    government: deps.government,
    attestor: deps.attestor,
  });
  // The environmental monitoring page: EIA series from the government source, every VIBE mint from the event index
  // with what it was for (testnet-operations' and vibecoins' records), and the crowdfunding projects' status.
  const environmental = createEnvironmentalRouter({
    government: deps.government,
    index: deps.evm.index,
    chainId: deps.config.evm.chainId,
    network: deps.config.evm.network,
    evmStatus: () => deps.evm.selector.status(),
    records: {
      environmentalMints: testnetOperations.exports.environmentalMintsByHash,
      hourlyRewards: vibecoins.exports.rewardsByHash,
      crowdfundingRewards: crowdfunding.exports.rewardsByHash,
    },
    projects: crowdfunding.exports.projectStatuses,
  });
  const routes: RouteDef[] = [
    minting,
    unified,
    auth,
    localChain,
    chainChanges,
    realStaking,
    liquidStaking,
    network,
    treasuryStaking,
    quantumTreasury2,
    testnet,
    faucet,
    onboarding,
    stellarAccount,
    xrplAccount,
    bridge,
    vibecoins,
    crowdfunding,
    security,
    professional,
    mainnetReadiness,
    qIsolator,
    cryptocurrency,
    testnetOperations,
    operationsLog,
    networkVerification,
    landing,
    technicalIntegration,
    environmental,
    congressional,
  ].flatMap((f) => f.routes);
  routes.push(openApiRoute(() => routes, openApiInfo));

  const limits = writeRateLimit({
    perCaller: deps.config.rateLimitWritesPerMinute,
    ipCeiling: deps.config.rateLimitIpCeilingPerMinute,
    // GET routes that store something (a SIWE nonce) count as writes too.
    writingGets: routes.filter((r) => r.write && r.method === "get").map((r) => r.path),
    ceilingOnly: SIGN_IN_PATHS,
    // Replicas on one PostgreSQL count together; PGlite is one process, whose memory store suffices.
    ...(deps.database.driver === "postgres"
      ? {
          stores: {
            perCaller: new DatabaseRateLimitStore(deps.database.db, "writes:"),
            ipCeiling: new DatabaseRateLimitStore(deps.database.db, "ip:"),
          },
        }
      : {}),
  });
  // Every request's road, in order, as one layer (http/pipeline.ts).
  app.use(
    pipeline([
      securityHeaders({
        contentSecurityPolicy: {
          directives: {
            // The dapp reads the local chain directly; Sepolia is reached through the wallet.
            connectSrc: [
              "'self'",
              ...(deps.config.evm.network === "hardhat" ? [new URL(deps.config.evm.rpcUrl).origin] : []),
              ...(options.devServer ? ["ws:"] : []),
            ],
            ...(options.devServer ? { scriptSrc: ["'self'", "'unsafe-inline'"] } : {}),
            // Served over plain http on 127.0.0.1: upgrading sub-requests to https would break the page.
            upgradeInsecureRequests: null,
          },
        },
      }),
      requestLog(deps.logger),
      // Read caches compute again after any write this process answers (shared/moment-cache.ts).
      countProcessWrites(),
      // Before the guards, so every /api request counts, the refused ones (host, origin, rate limit) included.
      requestMetricsMiddleware(deps.requestMetrics),
      // Before anything reads the body or touches a ledger: who may ask, and how often.
      hostGuard(deps.config.allowedHosts, hostGuardStats),
      sameOriginWrites(deps.config.allowedHosts),
      ...limits.map((limit) => under("/api", limit)),
      ...jsonBody(deps.config.jsonBodyLimit),
      mountRoutes(routes, accessGuard),
    ]),
  );

  const notFound = notFoundHandler(routes);
  app.use("/api", notFound);
  options.mountWeb?.(app);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
