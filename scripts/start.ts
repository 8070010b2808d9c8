// `npm start` (built app) and `npm run dev` (vite with hot reload): the chain, the contracts, the API and
// the web app, all on 127.0.0.1. CHAIN_PORT (default 8545) and PORT (default 3000) move a second stack beside
// the first. Ctrl-C stops everything this started.
import path from "node:path";
import { ROOT, startStack } from "./lib/stack";
import { appPortFromEnv, chainPortFromEnv, DEFAULT_APP_PORT } from "./lib/ports";
import { stopAll } from "./lib/processes";
import { loadEnvFile } from "./lib/env-file";
import { ConfigError, loadConfig } from "../api/src/config";
import { LOG_LIMITS } from "./lib/log-sink";

loadEnvFile();
const dev = process.argv.includes("--dev");

async function main() {
  const chainPort = chainPortFromEnv();
  const appPort = appPortFromEnv();
  // PGlite is one process's database: a second stack (another PORT) gets a folder of its own unless told.
  if (appPort !== DEFAULT_APP_PORT && !process.env.PGLITE_DIR?.trim() && !process.env.DATABASE_URL?.trim()) {
    process.env.PGLITE_DIR = `./data/pglite-${appPort}`;
  }
  if (appPort !== DEFAULT_APP_PORT && !process.env.Q_ISOLATOR_DIR?.trim())
    process.env.Q_ISOLATOR_DIR = `./data/q-isolator-${appPort}`;
  // The DR drill's backups follow the PGlite folder (config.ts backupDirOf); on PostgreSQL they get one per port here.
  if (appPort !== DEFAULT_APP_PORT && !process.env.BACKUP_DIR?.trim() && process.env.DATABASE_URL?.trim())
    process.env.BACKUP_DIR = `./data/backups-${appPort}`;
  // The API's configuration, checked before anything starts: a server reachable from other machines with no
  // OPERATOR_ADDRESSES (any visitor would operate the shared demo) stops here with the reason, not after a deploy.
  try {
    const { operators } = loadConfig({ ...process.env, PORT: String(appPort) });
    console.log(
      operators.mode === "listed"
        ? `Operators: ${operators.addresses.join(", ")}`
        : "Operators: open (OPERATOR_ADDRESSES unset; this server listens on this machine only)",
    );
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`npm start refused to start.\n${err.message}`);
    process.exit(1);
  }
  console.log(`Starting the XQB multi-chain dApp (${dev ? "development, hot reload" : "production build"})…`);
  const stack = await startStack({ dev, chainPort, appPort });
  const seconds = (stack.timings.ready! / 1000).toFixed(1);
  const logs = path.relative(ROOT, stack.logDir);
  console.log(`
Ready in ${seconds} s
  web app   ${stack.appUrl}/            (minting: ${stack.appUrl}/multi-blockchain-minting)
  API       ${stack.appUrl}/api         (status:  ${stack.appUrl}/api/unified/status)
  chain     ${stack.chainUrl}      Hardhat node, chain id 31337 (guarded: web pages may read, not sign)
  database  ${process.env.DATABASE_URL?.trim() ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${process.env.PGLITE_DIR?.trim() || "./data/pglite"}`}
  logs      ${logs}/  (${LOG_LIMITS.size}B per file, ${LOG_LIMITS.keep} rotated kept, gzip)
Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async (why: string, code: number) => {
    if (stopping) return console.log("(still stopping…)");
    stopping = true;
    console.log(`\n${why}: stopping…`);
    await stack.stop();
    console.log(`Stopped; ports ${chainPort} and ${appPort} are free.`);
    process.exit(code);
  };
  // `on`, not `once`: tsx relays a signal to this process again when it does not hear back within 30 ms, and
  // a second SIGINT with no listener left would end this process halfway through the stop (orphaning the node
  // and the API, which run in process groups of their own).
  process.on("SIGINT", () => void shutdown("Ctrl-C", 0));
  process.on("SIGTERM", () => void shutdown("SIGTERM", 0));
  stack.died.then((why) => shutdown(`npm start gave up: ${why}`, 1));
}

main().catch(async (err) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
});
