// `npm start` (built app) and `npm run dev` (vite with hot reload): the chain, the contracts, the API and
// the web app, all on 127.0.0.1. Ctrl-C stops everything this started.
import { startStack } from "./lib/stack";
import { stopAll } from "./lib/processes";
import { loadEnvFile } from "./lib/env-file";

loadEnvFile();
const dev = process.argv.includes("--dev");

async function main() {
  console.log(`Starting the XQB multi-chain dApp (${dev ? "development, hot reload" : "production build"})…`);
  const stack = await startStack({ dev });
  const seconds = (stack.timings.ready! / 1000).toFixed(1);
  console.log(`
Ready in ${seconds} s
  web app   ${stack.appUrl}/            (minting: ${stack.appUrl}/multi-blockchain-minting)
  API       ${stack.appUrl}/api         (status:  ${stack.appUrl}/api/unified/status)
  chain     ${stack.chainUrl}      Hardhat node, chain id 31337
  logs      data/logs/
Press Ctrl-C to stop.`);

  const shutdown = async (why: string, code: number) => {
    console.log(`\n${why}: stopping…`);
    await stack.stop();
    console.log("Stopped; ports 8545 and 3000 are free.");
    process.exit(code);
  };
  process.once("SIGINT", () => void shutdown("Ctrl-C", 0));
  process.once("SIGTERM", () => void shutdown("SIGTERM", 0));
  stack.died.then((why) => shutdown(why, 1));
}

main().catch(async (err) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
});
