// What `npm run deploy` does after compiling: deploy the suite (deploy-suite.ts) and write the typed deploy
// map and ABIs it describes. Shared with the Sepolia rehearsal, which points both at a temporary folder.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { deploySuite, type SuiteResult } from "./deploy-suite";
import { deployMapDir, writeAbis, writeDeployMap } from "./write-deploy-map";

export interface DeployAndWriteResult extends SuiteResult {
  chainId: number;
  /** The <chainId>.ts written. */
  file: string;
}

/** Deploys what is missing and writes <mapDir>/{abis,<chainId>,deployments}.ts (mapDir: deployMapDir()). */
export async function deployAndWriteMap(hre: HardhatRuntimeEnvironment, mapDir?: string): Promise<DeployAndWriteResult> {
  const dir = deployMapDir(mapDir);
  const chainId = await (await hre.viem.getPublicClient()).getChainId();
  const suite = await deploySuite(hre, { mapDir: dir });
  await writeAbis(hre.artifacts, suite.deployment, dir);
  const file = await writeDeployMap(chainId, suite.deployment, dir);
  return { ...suite, chainId, file };
}
