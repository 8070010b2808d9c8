import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { keccak256, parseUnits, toHex, type Address } from "viem";

export interface DeployedContract {
  address: `0x${string}`;
  deployedOnBlock: number;
}

/** Names the deploy map uses for the treasury; the same names as the Solidity contracts. */
export const TREASURY_CONTRACTS = ["XQBUSD", "TreasuryVault", "MockUSDC", "MockV3Aggregator", "VibeCoin"] as const;
export type TreasuryContractName = (typeof TREASURY_CONTRACTS)[number];

/**
 * XQBUSD, TreasuryVault and VibeCoin are always deployed. MockUSDC and MockV3Aggregator only when no real
 * USDC / price feed address is given (the local chain), so they are absent on Sepolia.
 */
export type TreasuryDeployment = Record<"XQBUSD" | "TreasuryVault" | "VibeCoin", DeployedContract> &
  Partial<Record<"MockUSDC" | "MockV3Aggregator", DeployedContract>>;

export const LOCAL_CHAIN_ID = 31337;
export const SEPOLIA_CHAIN_ID = 11155111;
/** Chainlink ETH/USD on Sepolia (8 decimals, heartbeat 1 h). */
export const SEPOLIA_ETH_USD_FEED: Address = "0x694AA1769357215DE4FAC081bf1f309aDC325306";

export const TREASURY_PARAMS = {
  /** The mock feed's first answer: $3,000 with 8 decimals (so 1 ETH mints 2,000 XQBUSD, as before). */
  mockEthUsdPrice: parseUnits("3000", 8),
  mockFeedDecimals: 8,
  /**
   * Oldest accepted price with the local mock: 30 days. Nobody updates the mock on its own, and a
   * `npm start` node left running must not stop minting after an hour; tests lower it with setMaxPriceAge.
   */
  maxPriceAgeMock: 30n * 24n * 3600n,
  /** With a real Chainlink feed: its 1 h heartbeat plus an hour of slack. */
  maxPriceAgeLive: 2n * 3600n,
} as const;

export interface TreasuryOptions {
  /** Chainlink ETH/USD feed. Default: a MockV3Aggregator at $3,000 on the local chain; any other chain must
   *  name one (deploySuite passes ETH_USD_FEED_ADDRESS, or Chainlink's feed on Sepolia; deploy-settings.ts). */
  priceFeed?: Address;
  /** USDC token. Default: a MockUSDC on the local chain; other chains must name one (deploySuite passes
   *  USDC_ADDRESS). */
  usdc?: Address;
  /** Seconds; default TREASURY_PARAMS.maxPriceAgeMock with the mock feed, maxPriceAgeLive with a real one. */
  maxPriceAge?: bigint;
  /** VibeCoin MINTER_ROLE (the reward service's signer); default: admin. null: grant nobody. */
  rewardService?: Address | null;
}

export const role = (name: string) => keccak256(toHex(name));

/** Sends a deployment, waits for its receipt, and returns the contract with the block it was mined in. */
export async function deployAndWait(hre: HardhatRuntimeEnvironment, name: string, args: unknown[]) {
  const publicClient = await hre.viem.getPublicClient();
  // The artifact name selects the ABI; the typed overloads need a literal name, so this helper is untyped.
  const sent = await (
    hre.viem.sendDeploymentTransaction as unknown as (
      n: string,
      a: unknown[],
    ) => Promise<{ contract: { address: `0x${string}` }; deploymentTransaction: { hash: `0x${string}` } }>
  )(name, args);
  const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.deploymentTransaction.hash });
  if (receipt.status !== "success") throw new Error(`deploy: ${name} reverted`);
  return { address: sent.contract.address, deployedOnBlock: Number(receipt.blockNumber) };
}

/** grantRole(role, account) on `contract` from the first wallet, waiting for the receipt. */
export async function grant(hre: HardhatRuntimeEnvironment, contract: Address, roleName: string, account: Address) {
  const [admin] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const hash = await admin!.writeContract({
    address: contract,
    abi: GRANT_ROLE_ABI,
    functionName: "grantRole",
    args: [role(roleName), account],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`deploy: grantRole(${roleName}) on ${contract} reverted`);
}

const GRANT_ROLE_ABI = [
  {
    type: "function",
    name: "grantRole",
    stateMutability: "nonpayable",
    inputs: [
      { name: "role", type: "bytes32" },
      { name: "account", type: "address" },
    ],
    outputs: [],
  },
] as const;

/**
 * Deploys the treasury: XQBUSD, the TreasuryVault (with VAULT_ROLE on XQBUSD), VibeCoin, and on the local
 * chain a MockV3Aggregator (ETH/USD $3,000) and a MockUSDC. The first wallet deploys and holds every
 * admin, pauser and updater role (to be handed to the multisig later). The ETH minter
 * is wired by deployMinting, which calls this.
 */
export async function deployTreasury(
  hre: HardhatRuntimeEnvironment,
  options: TreasuryOptions = {},
): Promise<TreasuryDeployment> {
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const chainId = await publicClient.getChainId();
  const local = chainId === LOCAL_CHAIN_ID;
  // The deployer holds every admin and pauser role; the multisig hand-over (grant, then renounce) is a
  // separate step, so this function never needs a second key.
  const admin = deployer.account.address;

  const out: Partial<TreasuryDeployment> = {};

  let feed = options.priceFeed;
  const mockFeed = !feed;
  if (mockFeed) {
    if (!local)
      throw new Error(
        `deploy: chain ${chainId} needs an ETH/USD feed (options.priceFeed; deploySuite reads ETH_USD_FEED_ADDRESS)`,
      );
    out.MockV3Aggregator = await deployAndWait(hre, "MockV3Aggregator", [
      admin,
      TREASURY_PARAMS.mockFeedDecimals,
      TREASURY_PARAMS.mockEthUsdPrice,
    ]);
    feed = out.MockV3Aggregator.address;
  }

  let usdc = options.usdc;
  if (!usdc) {
    if (!local)
      throw new Error(`deploy: chain ${chainId} needs a USDC address (options.usdc; deploySuite reads USDC_ADDRESS)`);
    out.MockUSDC = await deployAndWait(hre, "MockUSDC", [admin]);
    usdc = out.MockUSDC.address;
  }

  const maxPriceAge =
    options.maxPriceAge ?? (mockFeed ? TREASURY_PARAMS.maxPriceAgeMock : TREASURY_PARAMS.maxPriceAgeLive);
  out.XQBUSD = await deployAndWait(hre, "XQBUSD", [admin]);
  out.TreasuryVault = await deployAndWait(hre, "TreasuryVault", [admin, out.XQBUSD.address, usdc, feed, maxPriceAge]);
  await grant(hre, out.XQBUSD.address, "VAULT_ROLE", out.TreasuryVault.address);

  const rewardService = options.rewardService === undefined ? admin : options.rewardService;
  out.VibeCoin = await deployAndWait(hre, "VibeCoin", [admin, rewardService ?? `0x${"00".repeat(20)}`]);

  return out as TreasuryDeployment;
}
