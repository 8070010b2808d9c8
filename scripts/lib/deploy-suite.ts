// The whole demo suite in dependency order: treasury + minting, liquid staking, lending + leverage, the
// 2-of-3 multisig and the bridge escrow; then admin rights move to the multisig. Re-running on a chain
// that already has a group (every contract of it in that chain's deploy map, with code) reuses it, so a
// re-run is safe and a partial deployment (Sepolia) only adds what is missing.
import path from "node:path";
import { existsSync } from "node:fs";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { Address } from "viem";
import { deployBridge } from "./deploy-bridge";
import { seedFirstWrites } from "./deploy-first-writes";
import { deployGovernance, GOVERNANCE_ARTIFACTS } from "./deploy-governance";
import { deployLeverage } from "./deploy-leverage";
import { deployUnwinder } from "./deploy-unwinder";
import { deployLiquidStaking, LIQUID_STAKING_ARTIFACTS, LIQUID_STAKING_POOLS } from "./deploy-liquid-staking";
import { deployMinting, type MintingDeployment } from "./deploy-minting";
import { handOverAdmin } from "./handover";
import type { DeployMap, MapEntry } from "./write-deploy-map";

const GENERATED = path.resolve(__dirname, "../../contracts/generated");

/** Map names whose ABI is another artifact's (three pools share one contract; the Safe is a proxy). */
const ARTIFACT_OF: Record<string, string> = { ...LIQUID_STAKING_ARTIFACTS, ...GOVERNANCE_ARTIFACTS };

/** Contracts whose admin (and pauser) rights the multisig takes; mocks stay with the deployer for demos. */
const MULTISIG_ADMINISTERED: ReadonlyArray<readonly [name: string, roles: readonly string[]]> = [
  ["TreasuryVault", ["PAUSER_ROLE"]],
  ["XQBUSD", []],
  ["XQBToken", []],
  ["XQBMinter", []],
  ["VibeCoin", []],
  ...LIQUID_STAKING_POOLS.map((p) => [p, ["PAUSER_ROLE"]] as const),
  ["LendingPool", ["PAUSER_ROLE"]],
  ["LeverageRouter", ["PAUSER_ROLE"]],
  ["LiquidityBufferUnwinder", ["PAUSER_ROLE"]],
  ["BridgeEscrow", ["PAUSER_ROLE"]],
];

export interface SuiteResult {
  deployment: DeployMap;
  /** Groups deployed now, and groups found already on chain. */
  deployed: string[];
  reused: string[];
  /** The first writes the deploy made (deploy-first-writes.ts), with their gas; empty on a reuse. */
  firstWrites: string[];
}

/** The chain's current deploy map, as last written by scripts/deploy.ts. */
function previousMap(chainId: number): DeployMap {
  const file = path.join(GENERATED, `${chainId}.ts`);
  if (!existsSync(file)) return {};
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { deployment } = require(file) as { deployment: Record<string, { address: Address; deployedOnBlock: number }> };
  return Object.fromEntries(Object.entries(deployment).map(([name, d]) => [name, { address: d.address, deployedOnBlock: d.deployedOnBlock }]));
}

export async function deploySuite(hre: HardhatRuntimeEnvironment): Promise<SuiteResult> {
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const previous = previousMap(chainId);
  const map: DeployMap = {};
  const deployed: string[] = [];
  const reused: string[] = [];

  /** Reuses a group when every one of its contracts is in the previous map and has code; else deploys it. */
  const group = async <T extends Record<string, MapEntry>>(name: string, names: readonly string[], deploy: () => Promise<T>) => {
    const onChain = await Promise.all(
      names.map(async (n) => {
        const entry = previous[n];
        return entry && ((await publicClient.getCode({ address: entry.address })) ?? "0x") !== "0x" ? entry : null;
      }),
    );
    if (onChain.every(Boolean)) {
      reused.push(name);
      names.forEach((n, i) => (map[n] = onChain[i]!));
      return;
    }
    deployed.push(name);
    Object.assign(map, await deploy());
  };
  const addressOf = (n: string) => {
    const entry = map[n];
    if (!entry) throw new Error(`deploy: ${n} is missing from the suite`);
    return entry.address;
  };

  const mintingNames = ["XQBUSD", "TreasuryVault", "VibeCoin", "XQBToken", "XQBMinter", ...(chainId === 31337 ? ["MockUSDC", "MockV3Aggregator"] : [])];
  const firstWrites: string[] = [];
  await group("treasury+minting", mintingNames, async () => {
    const minting = await deployMinting(hre);
    const mockUsdc = (minting as Partial<Record<string, MapEntry>>).MockUSDC;
    firstWrites.push(
      ...(await seedFirstWrites(hre, {
        XQBMinter: minting.XQBMinter.address,
        VibeCoin: minting.VibeCoin.address,
        TreasuryVault: minting.TreasuryVault.address,
        ...(mockUsdc ? { MockUSDC: mockUsdc.address } : {}),
      })),
    );
    return minting as MintingDeployment & Record<string, MapEntry>;
  });
  await group("liquid-staking", ["WETH9", ...LIQUID_STAKING_POOLS], () => deployLiquidStaking(hre));

  // The unwinder belongs to the leverage group: the router's admin (still the deployer here, before the
  // handover) must register it, so a chain with a router but no unwinder redeploys the three together.
  await group("leverage", ["LendingPool", "LeverageRouter", "LiquidityBufferUnwinder"], async () => {
    const pools = LIQUID_STAKING_POOLS.map(addressOf);
    const leverage = await deployLeverage(hre, { weth: addressOf("WETH9"), lsts: pools });
    const unwinder = await deployUnwinder(hre, { router: leverage.LeverageRouter.address, pools, weth: addressOf("WETH9") });
    return { ...leverage, ...unwinder };
  });
  await group("governance", ["SafeSingleton", "SafeProxyFactory", "FallbackHandler", "TreasuryMultisig"], () => deployGovernance(hre));
  await group("bridge", ["BridgeEscrow"], () => deployBridge(hre, { token: addressOf("XQBToken") }));

  const multisig = addressOf("TreasuryMultisig");
  for (const [name, roles] of MULTISIG_ADMINISTERED) await handOverAdmin(hre, addressOf(name), multisig, roles);

  for (const [n, entry] of Object.entries(map)) map[n] = { address: entry.address, deployedOnBlock: entry.deployedOnBlock, artifact: ARTIFACT_OF[n] ?? n };
  return { deployment: map, deployed, reused, firstWrites };
}
