// Shared fixture and reference math for the leverage tests (LendingPool.test.ts, LeverageRouter.test.ts).
import hre from "hardhat";
import { parseEther, parseEventLogs, type Abi, type Hex } from "viem";
import { deployLeverage, LEVERAGE_PARAMS } from "../../scripts/lib/deploy-leverage";

export const BPS = 10_000n;
export const WAD = 10n ** 18n;
export const RAY = 10n ** 27n;
export const YEAR = 365n * 24n * 3600n;
export const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;

export const divUp = (a: bigint, b: bigint) => (a === 0n ? 0n : (a - 1n) / b + 1n);

/** Reference kink model (the deploy defaults). */
export function rateAt(u: bigint, m = LEVERAGE_PARAMS.rateModel): bigint {
  if (u > WAD) u = WAD;
  if (u <= m.optimalUtilization) return m.baseRate + (m.slope1 * u) / m.optimalUtilization;
  return m.baseRate + m.slope1 + (m.slope2 * (u - m.optimalUtilization)) / (WAD - m.optimalUtilization);
}

export async function latestTimestamp(): Promise<bigint> {
  const pc = await hre.viem.getPublicClient();
  return (await pc.getBlock()).timestamp;
}
/** The next mined block gets timestamp `ts`. */
export async function setNextTimestamp(ts: bigint) {
  await hre.network.provider.request({ method: "evm_setNextBlockTimestamp", params: [Number(ts)] });
}
export async function increaseTime(seconds: bigint) {
  await hre.network.provider.request({ method: "evm_increaseTime", params: [Number(seconds)] });
  await hre.network.provider.request({ method: "evm_mine", params: [] });
}

export async function receipt(hash: Hex) {
  const pc = await hre.viem.getPublicClient();
  const r = await pc.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error(`tx ${hash} failed`);
  return r;
}

export function events<A extends Abi>(abi: A, logs: Parameters<typeof parseEventLogs>[0]["logs"], eventName: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return parseEventLogs({ abi, logs, eventName: eventName as any }) as unknown as { address: Hex; args: any }[];
}

/**
 * WETH mock, two LSTs at a 1.05 exchange rate (qETH without a minimum deposit, vibeETH with 0.01 ETH),
 * and the pool + router through deployLeverage (500 ETH seeded by the deployer).
 */
export async function deployLeverageFixture() {
  const wallets = await hre.viem.getWalletClients();
  const [deployer, alice, bob, carol, dave] = wallets;
  if (!deployer || !alice || !bob || !carol || !dave) throw new Error("need 5 accounts");
  const publicClient = await hre.viem.getPublicClient();
  const weth = await hre.viem.deployContract("LeverageTestWETH", []);
  const lst = await hre.viem.deployContract("LeverageTestLST", [weth.address, "Test qETH", "qETH", 0n]);
  const lst2 = await hre.viem.deployContract("LeverageTestLST", [
    weth.address,
    "Test vibeETH",
    "vibeETH",
    parseEther("0.01"),
  ]);
  // 10 ETH staked and 0.5 ETH of rewards: exchange rate 1.05, so share/ETH conversions round
  for (const t of [lst, lst2]) {
    await receipt(await t.write.depositEth([deployer.account.address], { value: parseEther("10") }));
    await receipt(await t.write.addRewards({ value: parseEther("0.5") }));
  }
  const deployment = await deployLeverage(hre, { weth: weth.address, lsts: [lst.address, lst2.address] });
  const pool = await hre.viem.getContractAt("LendingPool", deployment.LendingPool.address);
  const router = await hre.viem.getContractAt("LeverageRouter", deployment.LeverageRouter.address);
  return { deployment, publicClient, deployer, alice, bob, carol, dave, weth, lst, lst2, pool, router };
}
export type LeverageFixture = Awaited<ReturnType<typeof deployLeverageFixture>>;
