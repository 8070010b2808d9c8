// Helpers shared by the liquid-staking tests (not a test file itself).
import hre from "hardhat";
import { parseEther, type Address, type Hex } from "viem";

export const DEAD = "0x000000000000000000000000000000000000dEaD" as const;
export const DAY = 86_400n;

export async function latestTimestamp(): Promise<bigint> {
  const pc = await hre.viem.getPublicClient();
  return (await pc.getBlock()).timestamp;
}
/** The next mined block (the next transaction, with automine) gets exactly this timestamp. */
export async function setNextTimestamp(ts: bigint): Promise<void> {
  await hre.network.provider.request({ method: "evm_setNextBlockTimestamp", params: [Number(ts)] });
}
/** Mines an empty block at exactly `ts`; views (eth_call on latest) then see block.timestamp == ts. */
export async function mineAt(ts: bigint): Promise<void> {
  await hre.network.provider.request({ method: "evm_mine", params: [Number(ts)] });
}
/** evm_increaseTime + evm_mine. */
export async function increaseTime(seconds: bigint): Promise<void> {
  await hre.network.provider.request({ method: "evm_increaseTime", params: [Number(seconds)] });
  await hre.network.provider.request({ method: "evm_mine", params: [] });
}

export async function receiptOf(hash: Hex) {
  const pc = await hre.viem.getPublicClient();
  const r = await pc.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error(`tx ${hash} reverted`);
  return r;
}

export interface PoolConfig {
  name?: string;
  symbol?: string;
  minDeposit?: bigint;
  delay?: bigint;
  seed?: bigint;
  admin: Address;
  keeper: Address;
}

export async function deployWeth() {
  return hre.viem.deployContract("WETH9", []);
}
export type Weth = Awaited<ReturnType<typeof deployWeth>>;

export async function deployPool(weth: Weth, c: PoolConfig) {
  return hre.viem.deployContract(
    "LiquidStakingPool",
    [
      weth.address,
      c.name ?? "Test Staked ETH",
      c.symbol ?? "tETH",
      c.minDeposit ?? parseEther("0.01"),
      c.delay ?? DAY,
      c.admin,
      c.keeper,
    ],
    { value: c.seed ?? c.minDeposit ?? parseEther("0.01") },
  );
}
export type Pool = Awaited<ReturnType<typeof deployPool>>;

/** The keeper wraps `amount` ETH, funds the stream with it and sets `rate` (wei/s). */
export async function fundStream(weth: Weth, pool: Pool, keeper: Address, amount: bigint, rate?: bigint) {
  await receiptOf(await weth.write.deposit({ value: amount, account: keeper }));
  await receiptOf(await weth.write.approve([pool.address, amount], { account: keeper }));
  await receiptOf(await pool.write.fundRewards([amount], { account: keeper }));
  if (rate !== undefined) await receiptOf(await pool.write.setRewardRate([rate], { account: keeper }));
}

/** ERC-4626 convertToAssets with OpenZeppelin's virtual share and asset (offset 0), rounding down. */
export function toAssets(shares: bigint, totalAssets: bigint, totalSupply: bigint): bigint {
  return (shares * (totalAssets + 1n)) / (totalSupply + 1n);
}
export function toShares(assets: bigint, totalAssets: bigint, totalSupply: bigint): bigint {
  return (assets * (totalSupply + 1n)) / (totalAssets + 1n);
}
