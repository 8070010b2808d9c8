// Builds the real app for tests: PGlite in memory, Stellar and XRPL pointed at closed local ports (so
// they simulate), and the EVM either on Hardhat's in-process chain or on a closed port too.
// Per test worker, not per app: the in-memory database is the worker's one migrated PGlite, emptied for each app
// (worker-database.ts), and the suite is deployed once on the in-process chain, each file starting from that
// deployment (worker-chain.ts, per-file-chain.ts).
import type { Express } from "express";
import { custom } from "viem";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { closeDeps, createDeps, type AppDeps, type DepsOverrides } from "../deps";
import { createLogger } from "../logger";
import { MEMORY } from "../db/client";
import type { DeployMap } from "../../../scripts/lib/write-deploy-map";
import { leaseTestDatabase } from "./worker-database";
import { workerSuite } from "./worker-chain";

export const CLOSED_HTTP = "http://127.0.0.1:1";
export const CLOSED_WS = "ws://127.0.0.1:1";

export interface TestApp {
  app: Express;
  deps: AppDeps;
  /** The suite's addresses (the committed deploy map's, on a fresh in-process chain) when the chain is Hardhat's. */
  deployment: DeployMap | null;
  close(): Promise<void>;
}

export async function startTestApp(options: {
  chain: "hardhat" | "none";
  env?: NodeJS.ProcessEnv;
  /** Parts to swap (a logger writing to a buffer, a transport in front of the in-process chain, …). */
  overrides?: DepsOverrides;
}): Promise<TestApp> {
  const config = loadConfig({
    PGLITE_DIR: "memory://",
    Q_ISOLATOR_DIR: "memory://",
    LOG_LEVEL: "silent",
    LOCAL_RPC_URL: CLOSED_HTTP,
    STELLAR_HORIZON_URL: CLOSED_HTTP,
    STELLAR_FRIENDBOT_URL: CLOSED_HTTP,
    XRPL_WS_URL: CLOSED_WS,
    // Tests never reach the internet: the treasury-staking live refresh meets a closed port.
    TREASURY_YIELD_URL: CLOSED_HTTP,
    FISCAL_DATA_API_URL: CLOSED_HTTP,
    FRED_API_URL: CLOSED_HTTP,
    EIA_API_URL: CLOSED_HTTP,
    LEDGER_PROBE_TIMEOUT_MS: "1000",
    // supertest listens on a random port of 127.0.0.1; tests that check the limits set their own.
    ALLOWED_HOSTS: "127.0.0.1",
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
    ...options.env,
  });
  const overrides: DepsOverrides = { logger: createLogger({ level: "silent" }), ...options.overrides };
  const leased =
    !overrides.database && !config.databaseUrl && config.pgliteDir === MEMORY ? await leaseTestDatabase() : null;
  if (leased) overrides.database = leased;
  try {
    if (options.chain === "none") {
      const deps = await createDeps(config, overrides);
      return { app: createApp(deps), deps, deployment: null, close: () => closeDeps(deps) };
    }
    // The whole suite, as `npm start` deploys it: a fresh in-process chain gives the committed map's addresses.
    const { default: hre } = await import("hardhat");
    const deployment = await workerSuite(hre);
    // retryCount 0 as in production (http(url, { retryCount: 0 })): viem's default 3 retries with backoff made
    // every reverting eth_call (a stale price, a refused dry run) cost 1.05 s here and nowhere else.
    const deps = await createDeps(config, {
      evmTransport: custom(hre.network.provider, { retryCount: 0 }),
      ...overrides,
    });
    return { app: createApp(deps), deps, deployment, close: () => closeDeps(deps) };
  } catch (err) {
    await leased?.close();
    throw err;
  }
}
