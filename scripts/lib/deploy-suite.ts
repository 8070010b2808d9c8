// The whole demo suite in dependency order: treasury + minting, liquid staking, lending + leverage, the
// 2-of-3 multisig and the bridge escrow; then admin rights move to the multisig. Re-running on a chain
// that already has a group (every contract of it in that chain's deploy map, with code) reuses it, so a
// re-run is safe and a partial deployment (Sepolia) only adds what is missing.
import path from "node:path";
import { existsSync } from "node:fs";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, parseAbi, type Address } from "viem";
import { deployBridge } from "./deploy-bridge";
import { CROWDFUNDING_VERIFIER_INDEX, deployCrowdfunding } from "./deploy-crowdfunding";
import { seedFirstWrites } from "./deploy-first-writes";
import { deployGovernance, GOVERNANCE_ARTIFACTS } from "./deploy-governance";
import { deployLeverage } from "./deploy-leverage";
import { deployUnwinder } from "./deploy-unwinder";
import {
  deployLiquidStaking,
  LIQUID_STAKING_ARTIFACTS,
  LIQUID_STAKING_POOLS,
  PUBLIC_TESTNET_POOL_OVERRIDES,
} from "./deploy-liquid-staking";
import { LOCAL_CHAIN_ID } from "./deploy-treasury";
import { deployMinting, type MintingDeployment } from "./deploy-minting";
import { readDeploySettings, type DeploySettings } from "./deploy-settings";
import { handOverAdmin } from "./handover";
import { deployMapDir, type DeployMap, type MapEntry } from "./write-deploy-map";

/** Map names whose ABI is another artifact's (three pools share one contract; the Safe is a proxy). */
const ARTIFACT_OF: Record<string, string> = { ...LIQUID_STAKING_ARTIFACTS, ...GOVERNANCE_ARTIFACTS };

/** Contracts whose admin (and pauser) rights the multisig takes; mocks stay with the deployer for demos. */
export const MULTISIG_ADMINISTERED: ReadonlyArray<readonly [name: string, roles: readonly string[]]> = [
  ["TreasuryVault", ["PAUSER_ROLE"]],
  ["XQBUSD", []],
  // The treasury's "Mint XQB" operation is a Safe transaction, so the Safe, not the deployer, mints XQB.
  ["XQBToken", ["MINTER_ROLE"]],
  ["XQBMinter", []],
  ["VibeCoin", []],
  ...LIQUID_STAKING_POOLS.map((p) => [p, ["PAUSER_ROLE"]] as const),
  ["LendingPool", ["PAUSER_ROLE"]],
  ["LeverageRouter", ["PAUSER_ROLE"]],
  ["LiquidityBufferUnwinder", ["PAUSER_ROLE"]],
  ["BridgeEscrow", ["PAUSER_ROLE"]],
  // Who may attest (VERIFIER_ROLE) is shared by everyone: the multisig grants and revokes it.
  ["AttestationRegistry", []],
];

export interface SuiteResult {
  deployment: DeployMap;
  /** Groups deployed now, and groups found already on chain. */
  deployed: string[];
  reused: string[];
  /** The first writes the deploy made (deploy-first-writes.ts), with their gas; empty on a reuse. */
  firstWrites: string[];
}

/**
 * Contracts the suite uses but does not deploy off the local chain, named in the map as `external` entries
 * (read from the vault, so a reused vault reports what it really uses): [map name, getter, ABI artifact].
 */
const EXTERNAL = [
  ["USDC", "usdc", "IERC20Metadata", "MockUSDC"],
  ["EthUsdFeed", "priceFeed", "AggregatorV3Interface", "MockV3Aggregator"],
] as const;
const VAULT_ABI = parseAbi(["function usdc() view returns (address)", "function priceFeed() view returns (address)"]);
const SAFE_OWNERS_ABI = parseAbi(["function getOwners() view returns (address[])"]);

export interface SuiteOptions {
  /** Folder of the deploy maps to read the previous map from; default deployMapDir() (DEPLOY_MAP_DIR or contracts/generated). */
  mapDir?: string;
  /**
   * Called after each group is deployed, with the map of everything deployed or reused so far (entries as
   * they will be written). deployAndWriteMap writes the map there off the local chain, so a deploy that
   * dies halfway on Sepolia leaves a map of what it finished and the re-run deploys only the rest.
   */
  onGroupDeployed?: (map: DeployMap) => Promise<void>;
}

/** Groups that hold addresses of another group's contracts: redeploying the dependency redeploys them. */
const DEPENDS_ON: Record<string, readonly string[]> = {
  leverage: ["liquid-staking"], // the lending pool lists the pools as collateral; the unwinder queues on them
  bridge: ["treasury+minting"], // the escrow locks XQBToken
  crowdfunding: ["treasury+minting"], // campaigns raise the vault's USDC
};

/** The chain's current deploy map, as last written by scripts/deploy.ts; external entries are re-read from the vault. */
function previousMap(chainId: number, dir: string): DeployMap {
  const file = path.join(dir, `${chainId}.ts`);
  if (!existsSync(file)) return {};
  // A second deploy in one process (the Sepolia rehearsal) must see the map the first one wrote.
  delete require.cache[file];

  const { deployment } = require(file) as {
    deployment: Record<string, { address: Address; deployedOnBlock: number; external?: true }>;
  };
  return Object.fromEntries(
    Object.entries(deployment)
      .filter(([, d]) => !d.external)
      .map(([name, d]) => [name, { address: d.address, deployedOnBlock: d.deployedOnBlock }]),
  );
}

export async function deploySuite(hre: HardhatRuntimeEnvironment, options: SuiteOptions = {}): Promise<SuiteResult> {
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const previous = previousMap(chainId, deployMapDir(options.mapDir));
  const map: DeployMap = {};
  const deployed: string[] = [];
  const reused: string[] = [];

  const mintingNames = [
    "XQBUSD",
    "TreasuryVault",
    "VibeCoin",
    "XQBToken",
    "XQBMinter",
    ...(chainId === LOCAL_CHAIN_ID ? ["MockUSDC", "MockV3Aggregator"] : []),
  ];
  const groups: Record<string, readonly string[]> = {
    "treasury+minting": mintingNames,
    "liquid-staking": ["WETH9", ...LIQUID_STAKING_POOLS],
    // The unwinder belongs to the leverage group: the router's admin (still the deployer here, before the
    // handover) must register it, so a chain with a router but no unwinder redeploys the three together.
    leverage: ["LendingPool", "LeverageRouter", "LiquidityBufferUnwinder"],
    governance: ["SafeSingleton", "SafeProxyFactory", "FallbackHandler", "TreasuryMultisig", "MultiSendCallOnly"],
    bridge: ["BridgeEscrow"],
    crowdfunding: ["CrowdfundingFactory", "AttestationRegistry"],
  };

  // Which groups are already on chain (every contract in the previous map, with code), decided up front
  // so that the settings are checked against them before anything is sent.
  const onChain: Record<string, DeployMap | null> = {};
  for (const [name, names] of Object.entries(groups)) {
    const found = await Promise.all(
      names.map(async (n) => {
        const entry = previous[n];
        return entry && ((await publicClient.getCode({ address: entry.address })) ?? "0x") !== "0x" ? entry : null;
      }),
    );
    onChain[name] = found.every(Boolean) ? Object.fromEntries(names.map((n, i) => [n, found[i]!])) : null;
  }
  // A reused group must not keep pointing at contracts of a group that is deployed afresh now.
  for (const [name, deps] of Object.entries(DEPENDS_ON)) if (deps.some((d) => !onChain[d])) onChain[name] = null;
  const settings = await readDeploySettings(hre);
  await checkReusedAgainstSettings(hre, onChain, settings);

  /** Reuses a group found on chain; else deploys it. */
  const group = async <T extends Record<string, MapEntry>>(name: string, deploy: () => Promise<T>) => {
    const existing = onChain[name];
    if (existing) {
      reused.push(name);
      Object.assign(map, existing);
      return;
    }
    deployed.push(name);
    Object.assign(map, await deploy());
    if (options.onGroupDeployed) await options.onGroupDeployed(withArtifacts(map));
  };
  const addressOf = (n: string) => {
    const entry = map[n];
    if (!entry) throw new Error(`deploy: ${n} is missing from the suite`);
    return entry.address;
  };

  const firstWrites: string[] = [];
  await group("treasury+minting", async () => {
    const minting = await deployMinting(hre, {
      genesis: settings.genesis,
      usdc: settings.usdc,
      priceFeed: settings.priceFeed,
    });
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
  await group("liquid-staking", () =>
    deployLiquidStaking(hre, chainId === LOCAL_CHAIN_ID ? {} : { pools: PUBLIC_TESTNET_POOL_OVERRIDES }),
  );
  await group("leverage", async () => {
    const pools = LIQUID_STAKING_POOLS.map(addressOf);
    const leverage = await deployLeverage(hre, { weth: addressOf("WETH9"), lsts: pools });
    const unwinder = await deployUnwinder(hre, {
      router: leverage.LeverageRouter.address,
      pools,
      weth: addressOf("WETH9"),
    });
    return { ...leverage, ...unwinder };
  });
  await group("governance", () => deployGovernance(hre, { owners: settings.safeOwners }));
  await group("bridge", () => deployBridge(hre, { token: addressOf("XQBToken") }));
  await group("crowdfunding", async () => {
    const usdc = await publicClient.readContract({
      address: addressOf("TreasuryVault"),
      abi: VAULT_ABI,
      functionName: "usdc",
    });
    const local = chainId === LOCAL_CHAIN_ID;
    // Locally one dev account is an allow-listed verifier (the crowdfunding browser test's); elsewhere the
    // multisig grants VERIFIER_ROLE to real verifiers.
    const verifier = local
      ? (await hre.viem.getWalletClients())[CROWDFUNDING_VERIFIER_INDEX]?.account.address
      : undefined;
    return deployCrowdfunding(hre, { usdc, verifier, seedDemo: local });
  });

  const multisig = addressOf("TreasuryMultisig");
  for (const [name, roles] of MULTISIG_ADMINISTERED) await handOverAdmin(hre, addressOf(name), multisig, roles);

  Object.assign(map, withArtifacts(map));
  // The map says which USDC (and feed) the vault uses: the local mocks are already in it; anything else
  // gets an external entry.
  const vault = map.TreasuryVault!;
  for (const [name, getter, artifact, mock] of EXTERNAL) {
    const address = await publicClient.readContract({ address: vault.address, abi: VAULT_ABI, functionName: getter });
    if (getAddress(address) !== (map[mock] && getAddress(map[mock].address))) {
      map[name] = { address: getAddress(address), deployedOnBlock: vault.deployedOnBlock, artifact, external: true };
    }
  }
  return { deployment: map, deployed, reused, firstWrites };
}

/** The map's entries as written: address, deploy block and the artifact that holds the ABI. */
function withArtifacts(map: DeployMap): DeployMap {
  return Object.fromEntries(
    Object.entries(map).map(([n, e]) => [
      n,
      { address: e.address, deployedOnBlock: e.deployedOnBlock, artifact: ARTIFACT_OF[n] ?? n },
    ]),
  );
}

/**
 * A reused group keeps what it was deployed with; settings that say otherwise (another USDC, feed or Safe
 * owners) would be silently ignored, so they fail the deploy before anything is sent.
 */
async function checkReusedAgainstSettings(
  hre: HardhatRuntimeEnvironment,
  onChain: Record<string, DeployMap | null>,
  settings: DeploySettings,
): Promise<void> {
  const publicClient = await hre.viem.getPublicClient();
  const problems: string[] = [];
  const vault = onChain["treasury+minting"]?.TreasuryVault;
  if (vault) {
    for (const [setting, getter, wanted] of [
      ["USDC_ADDRESS", "usdc", settings.usdc],
      ["ETH_USD_FEED_ADDRESS", "priceFeed", settings.priceFeed],
    ] as const) {
      const used = getAddress(
        await publicClient.readContract({ address: vault.address, abi: VAULT_ABI, functionName: getter }),
      );
      if (wanted && wanted !== used)
        problems.push(`${setting} is ${wanted}, but the deployed TreasuryVault ${vault.address} uses ${used}`);
    }
  }
  const safe = onChain.governance?.TreasuryMultisig;
  if (safe && settings.safeOwners) {
    const owners = (
      await publicClient.readContract({ address: safe.address, abi: SAFE_OWNERS_ABI, functionName: "getOwners" })
    ).map((o) => getAddress(o));
    if ([...owners].sort().join() !== [...settings.safeOwners].sort().join()) {
      problems.push(
        `SAFE_OWNERS is ${settings.safeOwners.join(",")}, but the deployed TreasuryMultisig ${safe.address} has ${owners.join(",")}`,
      );
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `deploy: chain ${settings.chainId}: settings disagree with the contracts being reused; nothing was sent:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
}
