// `npm run demo:suite`: runs the suite demo (scripts/lib/suite-demo.ts) against the node `npm start` runs,
// with the addresses of contracts/generated/31337.ts. The chain is snapshotted and restored around it.
process.env.HARDHAT_NETWORK ??= "localhost";

const hre: typeof import("hardhat") = require("hardhat");
import { deployment } from "../contracts/generated/31337";
import { runSuiteDemo } from "./lib/suite-demo";

async function main() {
  const addresses = Object.fromEntries(Object.entries(deployment).map(([name, d]) => [name, d.address]));
  const report = await runSuiteDemo(hre, addresses);
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(`demo failed: ${err instanceof Error ? err.message : err} (is \`npm start\` running?)`);
  process.exit(1);
});
