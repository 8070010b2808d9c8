// Deploys the contracts to the network Hardhat is pointed at (HARDHAT_NETWORK: "localhost" for the
// node `npm start` runs, "sepolia" when SEPOLIA_RPC_URL and EVM_PRIVATE_KEY are set) and writes the typed
// deploy map that api/ and dapp/ import. Off the local chain it needs XQB_GENESIS_ADDRESSES, USDC_ADDRESS
// and SAFE_OWNERS (scripts/lib/deploy-settings.ts), checked before anything is sent.
import { loadEnvFile } from "./lib/env-file";

loadEnvFile(); // before Hardhat reads its config, which reads SEPOLIA_RPC_URL and EVM_PRIVATE_KEY

const hre: typeof import("hardhat") = require("hardhat");
import { deployAndWriteMap } from "./lib/deploy-and-write-map";

async function main() {
  await hre.run("compile", { quiet: true });
  const { chainId, deployment, deployed, reused, firstWrites, file } = await deployAndWriteMap(hre);
  for (const [name, d] of Object.entries(deployment)) {
    console.log(`  ${name.padEnd(18)} ${d.address} (block ${d.deployedOnBlock})${d.external ? " external" : ""}`);
  }
  console.log(
    `suite: ${Object.keys(deployment).length} contracts on chain ${chainId}; deployed ${deployed.join(", ") || "nothing"}; reused ${reused.join(", ") || "nothing"}`,
  );
  if (firstWrites.length > 0) console.log(`first writes (so no user pays a one-off slot): ${firstWrites.length} calls`);
  console.log(`deploy map: ${file}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
