import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { getAddress, parseEther, type Address } from "viem";
import type { DeployedContract } from "./deploy-minting";

/** Deploy-map name; the same as the Solidity contract. */
export const UNWINDER_CONTRACTS = ["LiquidityBufferUnwinder"] as const;
export type UnwinderContractName = (typeof UNWINDER_CONTRACTS)[number];
export type UnwinderDeployment = Record<UnwinderContractName, DeployedContract>;

/**
 * Defaults: 0.2% fee (the buffer's WETH waits 1-7 days in a pool's queue for it) and a 200 ETH buffer
 * from the deployer on the local chain (none elsewhere: fund it with `fundBuffer`).
 */
export const UNWINDER_PARAMS = {
  feeBps: 20n,
  localBufferWei: parseEther("200"),
} as const;

export interface UnwinderDeployOptions {
  /** The LeverageRouter that may call `unwind` (gets ROUTER_ROLE) and whose `unwinders[pool]` is set. */
  router: Address;
  /** Queue-only staking pools (LiquidStakingPool) to list and to route through this unwinder. */
  pools: readonly Address[];
  /** The WETH the pools hold (the staking suite's WETH9). */
  weth: Address;
  /** ETH funded into the buffer by the deployer; default 200 ETH on chain 31337, else 0. */
  bufferWei?: bigint;
  /** Fee in basis points (<= 100); default 20 (0.2%). */
  feeBps?: bigint;
}

/**
 * Deploys LiquidityBufferUnwinder with the first wallet as admin (DEFAULT_ADMIN_ROLE, PAUSER_ROLE and
 * KEEPER_ROLE; hand admin + pauser to the multisig later), funds its buffer and calls
 * `router.setUnwinder(pool, unwinder)` for every pool.
 *
 * Must run while the deployer still holds DEFAULT_ADMIN_ROLE on the router, i.e. BEFORE deploy-suite's
 * handover to the multisig (afterwards `setUnwinder` needs a multisig transaction); it fails up front
 * with a clear message otherwise.
 */
export async function deployUnwinder(
  hre: HardhatRuntimeEnvironment,
  opts: UnwinderDeployOptions,
): Promise<UnwinderDeployment> {
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("deploy: the network has no account to deploy from");
  const publicClient = await hre.viem.getPublicClient();
  const me = getAddress(deployer.account.address);
  const wait = async (hash: `0x${string}`, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`deploy: ${what} reverted`);
    return receipt;
  };

  const router = await hre.viem.getContractAt("LeverageRouter", opts.router);
  if (!(await router.read.hasRole([await router.read.DEFAULT_ADMIN_ROLE(), me]))) {
    throw new Error(
      `deploy: ${me} is not an admin of LeverageRouter ${opts.router}; deployUnwinder must run before the admin handover (or send setUnwinder through the multisig)`,
    );
  }

  const sent = await hre.viem.sendDeploymentTransaction("LiquidityBufferUnwinder", [
    me,
    opts.weth,
    [opts.router],
    [...opts.pools],
    opts.feeBps ?? UNWINDER_PARAMS.feeBps,
  ]);
  const receipt = await wait(sent.deploymentTransaction.hash, "LiquidityBufferUnwinder");
  const unwinder = sent.contract;

  const chainId = await publicClient.getChainId();
  const buffer = opts.bufferWei ?? (chainId === 31337 ? UNWINDER_PARAMS.localBufferWei : 0n);
  if (buffer > 0n) await wait(await unwinder.write.fundBuffer({ value: buffer }), "funding the buffer");

  for (const pool of opts.pools) {
    await wait(await router.write.setUnwinder([pool, unwinder.address]), `setUnwinder(${pool})`);
  }

  return { LiquidityBufferUnwinder: { address: unwinder.address, deployedOnBlock: Number(receipt.blockNumber) } };
}
