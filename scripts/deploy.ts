// Deploys the contracts to the network Hardhat is pointed at (HARDHAT_NETWORK: "localhost" for the
// node `npm start` runs, "sepolia" when SEPOLIA_RPC_URL and EVM_PRIVATE_KEY are set) and writes the typed
// deploy map that api/ and dapp/ import.
import { loadEnvFile } from "./lib/env-file";

loadEnvFile(); // before Hardhat reads its config, which reads SEPOLIA_RPC_URL and EVM_PRIVATE_KEY
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hre: typeof import("hardhat") = require("hardhat");
import { deploySuite } from "./lib/deploy-suite";
import { writeAbis, writeDeployMap } from "./lib/write-deploy-map";

async function main() {
  await hre.run("compile", { quiet: true });
  const chainId = await (await hre.viem.getPublicClient()).getChainId();
  const { deployment, deployed, reused, firstWrites } = await deploySuite(hre);
  await writeAbis(hre.artifacts, deployment);
  const file = await writeDeployMap(chainId, deployment);
  for (const [name, d] of Object.entries(deployment)) {
    console.log(`  ${name.padEnd(18)} ${d.address} (block ${d.deployedOnBlock})`);
  }
  console.log(`suite: ${Object.keys(deployment).length} contracts on chain ${chainId}; deployed ${deployed.join(", ") || "nothing"}; reused ${reused.join(", ") || "nothing"}`);
  if (firstWrites.length > 0) console.log(`first writes (so no user pays a one-off slot): ${firstWrites.length} calls`);
  console.log(`deploy map: ${file}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
