// What `npm run deploy` does after compiling: deploy the suite (deploy-suite.ts) and write the typed deploy
// map and ABIs it describes. Shared with the Sepolia rehearsal, which points both at a temporary folder.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { deploySuite, type SuiteResult } from "./deploy-suite";
import { LOCAL_CHAIN_ID } from "./deploy-treasury";
import { deployMapDir, writeAbis, writeDeployMap, type DeployMap } from "./write-deploy-map";

export interface DeployAndWriteResult extends SuiteResult {
  chainId: number;
  /** The <chainId>.ts written. */
  file: string;
}

/** Writes <dir>/abis.ts, <dir>/<chainId>.ts and the index for a (possibly partial) deploy map. */
export function mapWriter(hre: HardhatRuntimeEnvironment, chainId: number, dir: string) {
  return async (map: DeployMap): Promise<string> => {
    await writeAbis(hre.artifacts, map, dir);
    return writeDeployMap(chainId, map, dir);
  };
}

/** Deploys what is missing and writes <mapDir>/{abis,<chainId>,deployments}.ts (mapDir: deployMapDir()). */
export async function deployAndWriteMap(
  hre: HardhatRuntimeEnvironment,
  mapDir?: string,
): Promise<DeployAndWriteResult> {
  const dir = deployMapDir(mapDir);
  const chainId = await (await hre.viem.getPublicClient()).getChainId();
  const write = mapWriter(hre, chainId, dir);
  // Off the local chain every deployed group is recorded at once: a deploy that fails later (out of gas
  // money, an RPC hiccup) has spent real ETH on what it finished, and the re-run should reuse that.
  const suite = await deploySuite(hre, {
    mapDir: dir,
    ...(chainId === LOCAL_CHAIN_ID ? {} : { onGroupDeployed: async (map) => void (await write(map)) }),
  });
  const file = await write(suite.deployment);
  return { ...suite, chainId, file };
}
