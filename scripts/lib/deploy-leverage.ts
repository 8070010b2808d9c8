import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { parseEther, type Address } from "viem";
import type { DeployedContract } from "./deploy-minting";

/** Names the deploy map uses; the same names as the Solidity contracts. */
export const LEVERAGE_CONTRACTS = ["LendingPool", "LeverageRouter"] as const;
export type LeverageContractName = (typeof LEVERAGE_CONTRACTS)[number];
export type LeverageDeployment = Record<LeverageContractName, DeployedContract>;

export interface CollateralParams {
  ltvBps: number;
  liquidationThresholdBps: number;
  liquidationBonusBps: number;
  /** Most LST shares the pool takes per token. */
  supplyCap: bigint;
  enabled: boolean;
}

/**
 * Defaults: an Aave-like WETH market. Kink model 1% base, +4% up to 80% utilisation, +60% from 80% to 100%;
 * 10% of interest to reserves; every LST at 80% LTV / 85% liquidation threshold / 5% bonus (5x max
 * leverage); 500 ETH of lending liquidity on the local chain.
 */
export const LEVERAGE_PARAMS = {
  rateModel: {
    baseRate: parseEther("0.01"),
    slope1: parseEther("0.04"),
    slope2: parseEther("0.6"),
    optimalUtilization: parseEther("0.8"),
  },
  reserveFactorBps: 1_000n,
  collateral: {
    ltvBps: 8_000,
    liquidationThresholdBps: 8_500,
    liquidationBonusBps: 500,
    supplyCap: parseEther("1000000"),
    enabled: true,
  } satisfies CollateralParams,
  localSeedLiquidityWei: parseEther("500"),
} as const;

export interface LeverageDeployOptions {
  /** The WETH the LSTs are ERC-4626 vaults over (the staking suite's WETH9, or a mock in tests). */
  weth: Address;
  /** LSTs to list as collateral (ERC-4626 over `weth`, with `depositEth`). */
  lsts: readonly Address[];
  /** Lending liquidity supplied as ETH by `seedAccountIndex`; default 500 ETH on chain 31337, else 0. */
  seedLiquidityWei?: bigint;
  /** Wallet (index into the network's accounts) that seeds the liquidity; default 0, the deployer. */
  seedAccountIndex?: number;
  collateral?: Partial<CollateralParams>;
}

/**
 * Deploys LendingPool and LeverageRouter with the first wallet as admin (DEFAULT_ADMIN_ROLE and PAUSER_ROLE
 * on both; hand them to the multisig later), lists every LST as collateral and seeds lending liquidity.
 * Users still call `pool.setDelegate(router, true)` once before `router.openPosition`.
 */
export async function deployLeverage(
  hre: HardhatRuntimeEnvironment,
  opts: LeverageDeployOptions,
): Promise<LeverageDeployment> {
  const wallets = await hre.viem.getWalletClients();
  const admin = wallets[0];
  if (!admin) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const wait = async (hash: `0x${string}`, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: ${what} reverted`);
    return receipt;
  };

  const p = LEVERAGE_PARAMS;
  const poolSent = await hre.viem.sendDeploymentTransaction("LendingPool", [
    admin.account.address,
    opts.weth,
    p.rateModel,
    p.reserveFactorBps,
  ]);
  const poolReceipt = await wait(poolSent.deploymentTransaction.hash, "LendingPool");
  const pool = poolSent.contract;

  const routerSent = await hre.viem.sendDeploymentTransaction("LeverageRouter", [admin.account.address, pool.address]);
  const routerReceipt = await wait(routerSent.deploymentTransaction.hash, "LeverageRouter");

  const c = { ...p.collateral, ...opts.collateral };
  for (const lst of opts.lsts) {
    await wait(
      await pool.write.setCollateralConfig([
        lst,
        c.ltvBps,
        c.liquidationThresholdBps,
        c.liquidationBonusBps,
        c.supplyCap,
        c.enabled,
      ]),
      `listing ${lst}`,
    );
  }

  const chainId = await publicClient.getChainId();
  const seed = opts.seedLiquidityWei ?? (chainId === 31337 ? p.localSeedLiquidityWei : 0n);
  if (seed > 0n) {
    const seeder = wallets[opts.seedAccountIndex ?? 0];
    if (!seeder) throw new Error(`deploy: no account ${opts.seedAccountIndex} to seed liquidity from`);
    await wait(
      await pool.write.supplyEth([seeder.account.address], { value: seed, account: seeder.account }),
      "seeding liquidity",
    );
  }

  return {
    LendingPool: { address: pool.address, deployedOnBlock: Number(poolReceipt.blockNumber) },
    LeverageRouter: { address: routerSent.contract.address, deployedOnBlock: Number(routerReceipt.blockNumber) },
  };
}
