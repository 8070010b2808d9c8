// Deploys the crowdfunding group: the campaign factory (campaigns in the suite's USDC) and the attestation
// registry (allow-listed verifiers attest to a campaign). On the local chain it also creates the demo projects'
// campaigns and allow-lists the crowdfunding browser test's verifier account.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, isAddress, parseAbi, parseUnits, zeroAddress, type Address } from "viem";
import { DEMO_PROJECTS, demoProjectKey } from "../../api/src/features/crowdfunding/crowdfunding.demo";
import { deployAndWait } from "./deploy-treasury";
import type { DeployedContract } from "./deploy-minting";

export const CROWDFUNDING_CONTRACTS = ["CrowdfundingFactory", "AttestationRegistry"] as const;
export type CrowdfundingDeployment = Record<(typeof CROWDFUNDING_CONTRACTS)[number], DeployedContract>;

const FACTORY_ABI = parseAbi([
  "function createCampaign(address beneficiary, uint256 goal, uint64 deadline, bytes32 projectKey) returns (address)",
  "function campaignOf(bytes32) view returns (address)",
]);
const USDC_DECIMALS = 6;
/** The local dev account (hardhat mnemonic index) allow-listed as a verifier at deploy; e2e/dev-accounts.ts names it. */
export const CROWDFUNDING_VERIFIER_INDEX = 18;

export interface CrowdfundingOptions {
  /** The ERC-20 campaigns raise (the suite's USDC). */
  usdc: Address;
  /** DEFAULT_ADMIN_ROLE of the registry (grants VERIFIER_ROLE); default the deploying account. */
  admin?: Address;
  /** First VERIFIER_ROLE holder; default none. */
  verifier?: Address;
  /** Create the demo projects' campaigns (local chain only); default false. */
  seedDemo?: boolean;
}

export async function deployCrowdfunding(
  hre: HardhatRuntimeEnvironment,
  opts: CrowdfundingOptions,
): Promise<CrowdfundingDeployment> {
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  for (const [name, a] of [
    ["usdc", opts.usdc],
    ["admin", opts.admin],
    ["verifier", opts.verifier],
  ] as const) {
    if (a !== undefined && !isAddress(a)) throw new Error(`deployCrowdfunding: ${name} is not an address: ${a}`);
  }
  if (opts.usdc === zeroAddress) throw new Error("deployCrowdfunding: usdc is the zero address");
  const admin = getAddress(opts.admin ?? deployer.account.address);
  const factory = await deployAndWait(hre, "CrowdfundingFactory", [getAddress(opts.usdc)]);
  const registry = await deployAndWait(hre, "AttestationRegistry", [admin, opts.verifier ?? zeroAddress]);
  if (opts.seedDemo) await seedDemoCampaigns(hre, factory.address, deployer.account.address);
  return { CrowdfundingFactory: factory, AttestationRegistry: registry };
}

/** One campaign per demo project, the deployer its beneficiary; a key that already has one is left alone. */
export async function seedDemoCampaigns(
  hre: HardhatRuntimeEnvironment,
  factory: Address,
  beneficiary: Address,
): Promise<void> {
  const [deployer] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const { timestamp } = await publicClient.getBlock();
  for (const p of DEMO_PROJECTS) {
    const key = demoProjectKey(p.slug);
    const existing = await publicClient.readContract({
      address: factory,
      abi: FACTORY_ABI,
      functionName: "campaignOf",
      args: [key],
    });
    if (existing !== zeroAddress) continue;
    const hash = await deployer!.writeContract({
      address: factory,
      abi: FACTORY_ABI,
      functionName: "createCampaign",
      args: [beneficiary, parseUnits(String(p.goalUsdc), USDC_DECIMALS), timestamp + BigInt(p.days * 86_400), key],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: demo campaign ${p.slug} reverted`);
  }
}
