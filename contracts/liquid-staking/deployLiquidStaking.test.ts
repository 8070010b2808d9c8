// Tests for scripts/lib/deploy-liquid-staking.ts: WETH9 + vibeETH/qETH/xqbETH, seeded streams, role handover.
import hre from "hardhat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEther, toHex, type Hex } from "viem";
import {
  deployLiquidStaking,
  LIQUID_STAKING_ARTIFACTS,
  LIQUID_STAKING_CONTRACTS,
  LIQUID_STAKING_PARAMS,
  LIQUID_STAKING_POOLS,
  type LiquidStakingDeployment,
} from "../../scripts/lib/deploy-liquid-staking";
import { isolateEachTest, revertTo, snapshot, type Snapshot, restoreChainAfterFile } from "../testing/chain";
import { DAY, DEAD, increaseTime, toAssets } from "./testing";

const KEEPER_ROLE = keccak256(toHex("KEEPER_ROLE"));
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const YEAR = 365n * DAY;

let d: LiquidStakingDeployment;
let blockBefore: bigint;
restoreChainAfterFile();
beforeAll(async () => {
  blockBefore = await (await hre.viem.getPublicClient()).getBlockNumber();
  d = await deployLiquidStaking(hre);
});

const pool = (name: (typeof LIQUID_STAKING_POOLS)[number], at = d) =>
  hre.viem.getContractAt("LiquidStakingPool", at[name].address);

describe("deployLiquidStaking (defaults)", () => {
  isolateEachTest();

  it("deploys WETH9 and three pools at distinct addresses, in order, each code first appearing at deployedOnBlock", async () => {
    const publicClient = await hre.viem.getPublicClient();
    expect(Object.keys(d).sort()).toEqual([...LIQUID_STAKING_CONTRACTS].sort());
    expect(new Set(LIQUID_STAKING_CONTRACTS.map((n) => getAddress(d[n].address))).size).toBe(4);
    let prev = Number(blockBefore);
    for (const name of LIQUID_STAKING_CONTRACTS) {
      const { address, deployedOnBlock } = d[name];
      expect(deployedOnBlock).toBeGreaterThan(prev);
      prev = deployedOnBlock;
      expect((await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock - 1) })) ?? "0x").toBe("0x");
      const code = await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock) });
      const artifact = await hre.artifacts.readArtifact(LIQUID_STAKING_ARTIFACTS[name]);
      expect(code!.length).toBe(artifact.deployedBytecode.length); // immutables differ, length does not
    }
  });

  it("configures each pool as documented: names, minimums, delays, dead seed, funded stream, asset", async () => {
    const expected = {
      vibeETH: ["Vibe Staked ETH", parseEther("0.01"), DAY],
      qETH: ["Quantum Staked ETH", parseEther("0.001"), 3n * DAY],
      xqbETH: ["XQB Staked ETH", parseEther("0.005"), 7n * DAY],
    } as const;
    for (const symbol of LIQUID_STAKING_POOLS) {
      const p = await pool(symbol);
      const params = LIQUID_STAKING_PARAMS[symbol];
      const [name, min, delay] = expected[symbol];
      expect(await p.read.name()).toBe(name);
      expect(await p.read.symbol()).toBe(symbol);
      expect(await p.read.minDeposit()).toBe(min);
      expect(await p.read.withdrawalDelay()).toBe(delay);
      expect(getAddress(await p.read.asset())).toBe(getAddress(d.WETH9.address));
      expect(await p.read.balanceOf([DEAD])).toBe(parseEther("1"));
      expect(await p.read.rewardRate()).toBe(params.rewardRatePerSecond);
      expect(params.rewardFundWei).toBe(params.rewardRatePerSecond * YEAR);
      // a few blocks of streaming may already have happened since setRewardRate
      const remaining = await p.read.rewardsRemaining();
      expect(remaining).toBeLessThanOrEqual(params.rewardFundWei);
      expect(params.rewardFundWei - remaining).toBeLessThanOrEqual(params.rewardRatePerSecond * 20n);
      expect(await p.read.exchangeRate()).toBeGreaterThanOrEqual(parseEther("1"));
    }
    // the headline APYs, as rates on the 1 ETH reference stake
    expect(LIQUID_STAKING_PARAMS.vibeETH.rewardRatePerSecond).toBe((parseEther("1") * 420n) / 10_000n / YEAR);
    expect(LIQUID_STAKING_PARAMS.qETH.rewardRatePerSecond).toBe((parseEther("1") * 380n) / 10_000n / YEAR);
    expect(LIQUID_STAKING_PARAMS.xqbETH.rewardRatePerSecond).toBe((parseEther("1") * 510n) / 10_000n / YEAR);
  });

  it("after a year the exchange rates have risen by the headline APYs (4.2%, 3.8%, 5.1%), then stay flat", async () => {
    await increaseTime(YEAR + DAY);
    const rates: Record<string, bigint> = {};
    for (const symbol of LIQUID_STAKING_POOLS) {
      const p = await pool(symbol);
      expect(await p.read.rewardsRemaining()).toBe(0n);
      const fund = LIQUID_STAKING_PARAMS[symbol].rewardFundWei;
      expect(await p.read.totalAssets()).toBe(parseEther("1") + fund);
      rates[symbol] = await p.read.exchangeRate();
      expect(rates[symbol]).toBe(toAssets(parseEther("1"), parseEther("1") + fund, parseEther("1")));
    }
    expect(Number(rates.vibeETH) / 1e18).toBeCloseTo(1.042, 6);
    expect(Number(rates.qETH) / 1e18).toBeCloseTo(1.038, 6);
    expect(Number(rates.xqbETH) / 1e18).toBeCloseTo(1.051, 6);
    await increaseTime(YEAR);
    for (const symbol of LIQUID_STAKING_POOLS)
      expect(await (await pool(symbol)).read.exchangeRate()).toBe(rates[symbol]);
  });

  it("the deployer holds admin, pauser and keeper roles when no others are given", async () => {
    const [deployer] = await hre.viem.getWalletClients();
    for (const symbol of LIQUID_STAKING_POOLS) {
      const p = await pool(symbol);
      for (const role of [DEFAULT_ADMIN_ROLE, PAUSER_ROLE, KEEPER_ROLE]) {
        expect(await p.read.hasRole([role, deployer!.account.address])).toBe(true);
      }
    }
  });

  it("end to end: stake ETH in qETH, earn, request, wait 3 days, claim ETH", async () => {
    const [, alice] = await hre.viem.getWalletClients();
    const q = await pool("qETH");
    await q.write.depositEth([alice!.account.address], { value: parseEther("0.036"), account: alice!.account });
    const shares = await q.read.balanceOf([alice!.account.address]);
    await increaseTime(30n * DAY);
    const worth = await q.read.previewRedeem([shares]);
    expect(worth).toBeGreaterThan(parseEther("0.036"));
    await q.write.requestWithdrawal([shares], { account: alice!.account });
    const req = await q.read.getWithdrawalRequest([1n]);
    expect(req.claimableAt - (await (await hre.viem.getPublicClient()).getBlock()).timestamp).toBe(3n * DAY);
    await increaseTime(3n * DAY);
    const publicClient = await hre.viem.getPublicClient();
    const before = await publicClient.getBalance({ address: alice!.account.address });
    const r = await publicClient.waitForTransactionReceipt({
      hash: await q.write.claimEth([1n], { account: alice!.account }),
    });
    expect(await publicClient.getBalance({ address: alice!.account.address })).toBe(
      before + req.assets - r.gasUsed * r.effectiveGasPrice,
    );
  });
});

describe("deployLiquidStaking (options)", () => {
  let custom: LiquidStakingDeployment;
  let snap: Snapshot;
  beforeAll(async () => {
    snap = await snapshot();
    const [, , , , , , keeper, admin] = await hre.viem.getWalletClients();
    custom = await deployLiquidStaking(hre, {
      keeper: keeper!.account.address,
      admin: admin!.account.address,
      weth: d.WETH9, // reuse an existing WETH
      pools: { xqbETH: { seedWei: parseEther("0.005"), rewardFundWei: 0n, rewardRatePerSecond: 0n } },
    });
  });
  afterAll(async () => {
    await revertTo(snap);
  });
  isolateEachTest();

  it("reuses the given WETH and hands KEEPER_ROLE / DEFAULT_ADMIN_ROLE + PAUSER_ROLE over; the deployer keeps none", async () => {
    const [deployer, , , , , , keeper, admin] = await hre.viem.getWalletClients();
    expect(custom.WETH9).toEqual(d.WETH9);
    for (const symbol of LIQUID_STAKING_POOLS) {
      const p = await pool(symbol, custom);
      expect(getAddress(await p.read.asset())).toBe(getAddress(d.WETH9.address));
      for (const role of [DEFAULT_ADMIN_ROLE, PAUSER_ROLE, KEEPER_ROLE]) {
        expect(await p.read.hasRole([role, deployer!.account.address])).toBe(false);
      }
      expect(await p.read.hasRole([KEEPER_ROLE, keeper!.account.address])).toBe(true);
      expect(await p.read.hasRole([DEFAULT_ADMIN_ROLE, admin!.account.address])).toBe(true);
      expect(await p.read.hasRole([PAUSER_ROLE, admin!.account.address])).toBe(true);
      expect(await p.read.hasRole([KEEPER_ROLE, admin!.account.address])).toBe(false);
      // and they work
      await p.write.setRewardRate([1n], { account: keeper!.account });
      await p.write.pause({ account: admin!.account });
      expect(await p.read.paused()).toBe(true);
    }
  });

  it("applies per-pool overrides: xqbETH with a small seed and no stream", async () => {
    const x = await pool("xqbETH", custom);
    expect(await x.read.totalSupply()).toBe(parseEther("0.005"));
    expect(await x.read.rewardRate()).toBe(0n);
    expect(await x.read.rewardsRemaining()).toBe(0n);
    const v = await pool("vibeETH", custom);
    expect(await v.read.rewardRate()).toBe(LIQUID_STAKING_PARAMS.vibeETH.rewardRatePerSecond);
  });
});
