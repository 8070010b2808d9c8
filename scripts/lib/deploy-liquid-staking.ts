import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, parseEther, type Address } from "viem";
import type { DeployedContract } from "./deploy-minting";

/** Deploy-map names: WETH9 plus one LiquidStakingPool per token, named by its symbol. */
export const LIQUID_STAKING_POOLS = ["vibeETH", "qETH", "xqbETH"] as const;
export type LiquidStakingPoolName = (typeof LIQUID_STAKING_POOLS)[number];
export const LIQUID_STAKING_CONTRACTS = ["WETH9", ...LIQUID_STAKING_POOLS] as const;
export type LiquidStakingContractName = (typeof LIQUID_STAKING_CONTRACTS)[number];
/** The Hardhat artifact (ABI) behind each deploy-map name: the three pools share one contract. */
export const LIQUID_STAKING_ARTIFACTS: Record<LiquidStakingContractName, "WETH9" | "LiquidStakingPool"> = {
  WETH9: "WETH9",
  vibeETH: "LiquidStakingPool",
  qETH: "LiquidStakingPool",
  xqbETH: "LiquidStakingPool",
};

export type LiquidStakingDeployment = Record<LiquidStakingContractName, DeployedContract>;

const YEAR = 365n * 24n * 3600n;
const DAY = 24n * 3600n;

export interface PoolParams {
  name: string;
  symbol: LiquidStakingPoolName;
  /** The staking style it is modelled on (documentation for the API/UI). */
  style: string;
  minDepositWei: bigint;
  withdrawalDelaySeconds: bigint;
  /** Sent to the constructor and deposited for 0x…dEaD: permanent dead shares (inflation-attack guard). */
  seedWei: bigint;
  /** WETH funded into the reward stream at deploy. */
  rewardFundWei: bigint;
  /** Stream speed in wei of WETH per second. */
  rewardRatePerSecond: bigint;
}

/**
 * Rates are the spec's headline APYs (4.2%, 3.8%, 5.1%) on a reference 1 ETH of stake, which is also the
 * default seed: right after deploy the exchange rate climbs at exactly the headline APY and the rate falls
 * as users add stake (a fixed reward budget shared by more ETH). Each stream is funded for one year.
 * No APY is stored on chain; the API derives it from exchangeRate() over time.
 * Delays: rETH exits are near-instant (1 day here), Lido's queue takes days (3), frxETH's redemption queue
 * about a week (7). Minimums: rETH's 0.01 ETH, Lido's tiny minimum (0.001 here), 0.005 for xqbETH.
 * On a public testnet the suite deploys with PUBLIC_TESTNET_POOL_OVERRIDES (a 0.01 ETH reference stake).
 */
function defaults(
  apyBps: bigint,
  referenceStake = parseEther("1"),
): Pick<PoolParams, "seedWei" | "rewardFundWei" | "rewardRatePerSecond"> {
  const rewardRatePerSecond = (referenceStake * apyBps) / 10_000n / YEAR;
  return { seedWei: referenceStake, rewardRatePerSecond, rewardFundWei: rewardRatePerSecond * YEAR };
}

export const LIQUID_STAKING_PARAMS: Record<LiquidStakingPoolName, PoolParams> = {
  vibeETH: {
    name: "Vibe Staked ETH",
    symbol: "vibeETH",
    style: "rETH",
    minDepositWei: parseEther("0.01"),
    withdrawalDelaySeconds: 1n * DAY,
    ...defaults(420n),
  },
  qETH: {
    name: "Quantum Staked ETH",
    symbol: "qETH",
    style: "stETH (as non-rebasing wstETH shares)",
    minDepositWei: parseEther("0.001"),
    withdrawalDelaySeconds: 3n * DAY,
    ...defaults(380n),
  },
  xqbETH: {
    name: "XQB Staked ETH",
    symbol: "xqbETH",
    style: "frxETH/sfrxETH (the staked sfrxETH vault)",
    minDepositWei: parseEther("0.005"),
    withdrawalDelaySeconds: 7n * DAY,
    ...defaults(510n),
  },
};

/**
 * Public testnets (Sepolia): the same APYs on a 0.01 ETH reference stake, so the three pools cost about
 * 0.031 ETH of faucet ETH instead of 3.13 (0.01 ETH is each pool's minimum deposit or more).
 */
export const PUBLIC_TESTNET_POOL_OVERRIDES: Record<LiquidStakingPoolName, Partial<PoolParams>> = {
  vibeETH: defaults(420n, parseEther("0.01")),
  qETH: defaults(380n, parseEther("0.01")),
  xqbETH: defaults(510n, parseEther("0.01")),
};

export interface DeployLiquidStakingOptions {
  /** Gets KEEPER_ROLE on every pool (default: the deployer). */
  keeper?: Address;
  /** Gets DEFAULT_ADMIN_ROLE and PAUSER_ROLE on every pool (default: the deployer). */
  admin?: Address;
  /** Use an existing WETH (e.g. Sepolia's) instead of deploying WETH9. */
  weth?: DeployedContract;
  /** Per-pool overrides of LIQUID_STAKING_PARAMS. */
  pools?: Partial<Record<LiquidStakingPoolName, Partial<Omit<PoolParams, "symbol">>>>;
}

/**
 * Deploys WETH9 (unless given) and the three pools from the first wallet, seeds each pool's dead shares,
 * funds and starts each reward stream, then hands KEEPER_ROLE to `keeper` and DEFAULT_ADMIN_ROLE +
 * PAUSER_ROLE to `admin`, renouncing the deployer's roles where it is neither. The deployer pays
 * seedWei + rewardFundWei per pool (3.13 ETH with the defaults).
 */
export async function deployLiquidStaking(
  hre: HardhatRuntimeEnvironment,
  options: DeployLiquidStakingOptions = {},
): Promise<LiquidStakingDeployment> {
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const me = getAddress(deployer.account.address);
  const admin = getAddress(options.admin ?? me);
  const keeper = getAddress(options.keeper ?? me);

  const confirm = async (name: string, hash: `0x${string}`) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: ${name} reverted`);
    return receipt;
  };

  let wethEntry: DeployedContract;
  if (options.weth) {
    wethEntry = { address: getAddress(options.weth.address), deployedOnBlock: options.weth.deployedOnBlock };
  } else {
    const sent = await hre.viem.sendDeploymentTransaction("WETH9", []);
    const receipt = await confirm("WETH9", sent.deploymentTransaction.hash);
    wethEntry = { address: sent.contract.address, deployedOnBlock: Number(receipt.blockNumber) };
  }
  const weth = await hre.viem.getContractAt("WETH9", wethEntry.address);

  const out: Partial<LiquidStakingDeployment> = { WETH9: wethEntry };
  for (const symbol of LIQUID_STAKING_POOLS) {
    const p: PoolParams = { ...LIQUID_STAKING_PARAMS[symbol], ...options.pools?.[symbol], symbol };
    const sent = await hre.viem.sendDeploymentTransaction(
      "LiquidStakingPool",
      [wethEntry.address, p.name, p.symbol, p.minDepositWei, p.withdrawalDelaySeconds, me, me],
      { value: p.seedWei },
    );
    const receipt = await confirm(symbol, sent.deploymentTransaction.hash);
    const pool = sent.contract;
    out[symbol] = { address: pool.address, deployedOnBlock: Number(receipt.blockNumber) };

    if (p.rewardFundWei > 0n) {
      await confirm(`${symbol} wrap`, await weth.write.deposit({ value: p.rewardFundWei }));
      await confirm(`${symbol} approve`, await weth.write.approve([pool.address, p.rewardFundWei]));
      await confirm(`${symbol} fundRewards`, await pool.write.fundRewards([p.rewardFundWei]));
    }
    if (p.rewardRatePerSecond > 0n) {
      await confirm(`${symbol} setRewardRate`, await pool.write.setRewardRate([p.rewardRatePerSecond]));
    }

    // Hand over roles; the deployer keeps only what it was asked to have.
    const [adminRole, pauserRole, keeperRole] = await Promise.all([
      pool.read.DEFAULT_ADMIN_ROLE(),
      pool.read.PAUSER_ROLE(),
      pool.read.KEEPER_ROLE(),
    ]);
    if (keeper !== me) {
      await confirm(`${symbol} grant keeper`, await pool.write.grantRole([keeperRole, keeper]));
      await confirm(`${symbol} renounce keeper`, await pool.write.renounceRole([keeperRole, me]));
    }
    if (admin !== me) {
      await confirm(`${symbol} grant pauser`, await pool.write.grantRole([pauserRole, admin]));
      await confirm(`${symbol} grant admin`, await pool.write.grantRole([adminRole, admin]));
      await confirm(`${symbol} renounce pauser`, await pool.write.renounceRole([pauserRole, me]));
      await confirm(`${symbol} renounce admin`, await pool.write.renounceRole([adminRole, me]));
    }
  }
  return out as LiquidStakingDeployment;
}
