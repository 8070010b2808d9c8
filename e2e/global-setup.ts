// Starts the stack exactly as `npm start` does, with a database of its own, emptied at every run. Stellar
// points at a closed local port (the browser tests exercise its simulated path); XRPL runs LIVE against the
// fake rippled mini ledger started here (api/src/ledgers/testing/fake-rippled.ts) with its faucet on the same
// port, so accounts, trust lines, payments and a bridge delivery to XRPL really happen, without the internet.
// CHAIN_PORT and PORT move it as they move `npm start`.
import path from "node:path";
import { rm } from "node:fs/promises";
import { startFakeRippled } from "../api/src/ledgers/testing/fake-rippled";
import { ROOT, startStack } from "../scripts/lib/stack";

const E2E_DB = "data/e2e-pglite";
/** What the fake faucet gives per account: enough for the minting page's 1000 XRP volume test. */
const E2E_FAUCET_XRP = 10_000;

/**
 * `npm test` (scripts/test-all.ts) starts this stack itself while vitest runs, and says so with E2E_STACK=running:
 * Playwright then uses it as it is, and `npm test` stops it.
 */
export default async function globalSetup() {
  if (process.env.E2E_STACK === "running") return;
  return startE2eStack();
}

/** Starts the browser tests' stack; resolves to its stop function. */
export async function startE2eStack(): Promise<() => Promise<void>> {
  await rm(path.join(ROOT, E2E_DB), { recursive: true, force: true });
  const rippled = await startFakeRippled({ accounts: "funded" });
  rippled.strictSequences = true;
  rippled.faucetXrp = E2E_FAUCET_XRP;
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      log: () => {},
      apiEnv: {
        STELLAR_HORIZON_URL: "http://127.0.0.1:9",
        STELLAR_FRIENDBOT_URL: "http://127.0.0.1:9",
        // Tests never reach the internet: the government and Treasury yield sources meet a closed port.
        TREASURY_YIELD_URL: "http://127.0.0.1:9",
        FISCAL_DATA_API_URL: "http://127.0.0.1:9",
        FRED_API_URL: "http://127.0.0.1:9",
        EIA_API_URL: "http://127.0.0.1:9",
        XRPL_WS_URL: rippled.url,
        XRPL_FAUCET_HOST: rippled.httpUrl,
        PGLITE_DIR: E2E_DB,
        LOG_LEVEL: "warn",
      },
    });
  } catch (err) {
    await rippled.close();
    throw err;
  }
  return async () => {
    await stack.stop();
    await rippled.close();
  };
}
