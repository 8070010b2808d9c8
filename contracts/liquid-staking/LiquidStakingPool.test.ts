// Tests for LiquidStakingPool: ERC-4626 over WETH with a keeper-funded reward stream, a withdrawal queue,
// a pause switch and inflation-attack guards. Runs on Hardhat's in-process network (vitest project
// "contracts"); contracts are compiled up front, never here. Each describe block shares one deployment and
// every test runs between evm_snapshot / evm_revert. Time is set exactly with evm_setNextBlockTimestamp /
// evm_mine so reward amounts can be asserted to the wei.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEther, parseEventLogs, toHex, zeroAddress, type Abi, type Hex } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";
import {
  DAY,
  DEAD,
  deployPool,
  deployWeth,
  fundStream,
  increaseTime,
  latestTimestamp,
  mineAt,
  receiptOf,
  setNextTimestamp,
  toAssets,
  toShares,
  type Pool,
  type Weth,
} from "./testing";
import { mulberry32, randBigInt } from "../testing/random";

const KEEPER_ROLE = keccak256(toHex("KEEPER_ROLE"));
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const MIN = parseEther("0.01");
const SEED = parseEther("0.01");

async function fixture() {
  const wallets = await hre.viem.getWalletClients();
  const [admin, keeper, alice, bob, carol, mallory] = wallets;
  if (!admin || !keeper || !alice || !bob || !carol || !mallory) throw new Error("need 6 accounts");
  const publicClient = await hre.viem.getPublicClient();
  const weth = await deployWeth();
  const pool = await deployPool(weth, {
    name: "Vibe Staked ETH",
    symbol: "vibeETH",
    minDeposit: MIN,
    delay: DAY,
    seed: SEED,
    admin: admin.account.address,
    keeper: keeper.account.address,
  });
  const poolAbi = (await hre.artifacts.readArtifact("LiquidStakingPool")).abi as Abi;
  return { admin, keeper, alice, bob, carol, mallory, publicClient, weth, pool, poolAbi };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

let base: Fixture;
restoreChainAfterFile();
beforeAll(async () => {
  base = await fixture();
});

/** Wraps `value` for `who` and approves the pool. */
async function wrapAndApprove(weth: Weth, pool: Pool, who: `0x${string}`, value: bigint) {
  await receiptOf(await weth.write.deposit({ value, account: who }));
  await receiptOf(await weth.write.approve([pool.address, value], { account: who }));
}

/** All the pool's books in one read. */
async function books(pool: Pool, weth: Weth) {
  const [totalAssets, totalSupply, pending, remaining, surplus, held] = await Promise.all([
    pool.read.totalAssets(),
    pool.read.totalSupply(),
    pool.read.pendingWithdrawals(),
    pool.read.rewardsRemaining(),
    pool.read.surplus(),
    weth.read.balanceOf([pool.address]),
  ]);
  return { totalAssets, totalSupply, pending, remaining, surplus, held };
}

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool constructor", () => {
  isolateEachTest();

  it("sets metadata, config and roles, and seeds dead shares 1:1 with the ETH sent", async () => {
    const { pool, weth, admin, keeper, alice } = base;
    expect(await pool.read.name()).toBe("Vibe Staked ETH");
    expect(await pool.read.symbol()).toBe("vibeETH");
    expect(await pool.read.decimals()).toBe(18);
    expect(getAddress(await pool.read.asset())).toBe(getAddress(weth.address));
    expect(getAddress(await pool.read.weth())).toBe(getAddress(weth.address));
    expect(await pool.read.minDeposit()).toBe(MIN);
    expect(await pool.read.withdrawalDelay()).toBe(DAY);
    expect(await pool.read.MAX_WITHDRAWAL_DELAY()).toBe(30n * DAY);
    expect(getAddress(await pool.read.DEAD_SHARES_HOLDER())).toBe(getAddress(DEAD));

    expect(await pool.read.hasRole([DEFAULT_ADMIN_ROLE, admin.account.address])).toBe(true);
    expect(await pool.read.hasRole([PAUSER_ROLE, admin.account.address])).toBe(true);
    expect(await pool.read.hasRole([KEEPER_ROLE, admin.account.address])).toBe(false);
    expect(await pool.read.hasRole([KEEPER_ROLE, keeper.account.address])).toBe(true);
    expect(await pool.read.hasRole([DEFAULT_ADMIN_ROLE, keeper.account.address])).toBe(false);
    expect(await pool.read.hasRole([PAUSER_ROLE, alice.account.address])).toBe(false);

    expect(await pool.read.balanceOf([DEAD])).toBe(SEED);
    expect(await pool.read.totalSupply()).toBe(SEED);
    expect(await pool.read.totalAssets()).toBe(SEED);
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED);
    expect(await weth.read.totalSupply()).toBe(SEED);
    expect(await pool.read.exchangeRate()).toBe(parseEther("1"));
    expect(await pool.read.rewardRate()).toBe(0n);
    expect(await pool.read.rewardsRemaining()).toBe(0n);
    expect(await pool.read.rewardsEndTime()).toBe(0n);
    expect(await pool.read.pendingWithdrawals()).toBe(0n);
    expect(await pool.read.withdrawalRequestCount()).toBe(0n);
    expect(await pool.read.surplus()).toBe(0n);
    expect(await pool.read.paused()).toBe(false);
  });

  it("emits Deposit(deployer, DEAD, seed, seed) and sets lastAccrualTime to the deploy block", async () => {
    const { weth, admin, keeper, publicClient } = base;
    const sent = await hre.viem.sendDeploymentTransaction(
      "LiquidStakingPool",
      [weth.address, "X", "X", 5n, 0n, admin.account.address, keeper.account.address],
      { value: 123n },
    );
    const receipt = await receiptOf(sent.deploymentTransaction.hash);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const deposits = parseEventLogs({ abi: sent.contract.abi, logs: receipt.logs, eventName: "Deposit" });
    expect(deposits.map((e) => e.args)).toEqual([
      { sender: getAddress(admin.account.address), owner: getAddress(DEAD), assets: 123n, shares: 123n },
    ]);
    const wethDeposits = parseEventLogs({ abi: weth.abi, logs: receipt.logs, eventName: "Deposit" });
    expect(wethDeposits.map((e) => e.args)).toEqual([{ dst: getAddress(sent.contract.address), wad: 123n }]);
    expect(await sent.contract.read.lastAccrualTime()).toBe(block.timestamp);
    expect(await sent.contract.read.withdrawalDelay()).toBe(0n); // a zero delay is allowed
  });

  it("reverts ZeroAddress for a zero WETH, admin or keeper", async () => {
    const { weth, admin, keeper, poolAbi } = base;
    const a = admin.account.address;
    const k = keeper.account.address;
    for (const [w, ad, ke] of [
      [zeroAddress, a, k],
      [weth.address, zeroAddress, k],
      [weth.address, a, zeroAddress],
    ] as const) {
      await expectRevert(
        hre.viem.deployContract("LiquidStakingPool", [w, "X", "X", 1n, DAY, ad, ke], { value: 1n }),
        "ZeroAddress",
        [],
        poolAbi,
      );
    }
  });

  it("reverts InvalidConfig for a zero minimum or a delay over 30 days; 30 days exactly is fine", async () => {
    const { weth, admin, keeper, poolAbi } = base;
    const a = admin.account.address;
    const k = keeper.account.address;
    await expectRevert(
      hre.viem.deployContract("LiquidStakingPool", [weth.address, "X", "X", 0n, DAY, a, k], { value: 1n }),
      "InvalidConfig",
      [],
      poolAbi,
    );
    await expectRevert(
      hre.viem.deployContract("LiquidStakingPool", [weth.address, "X", "X", 1n, 30n * DAY + 1n, a, k], { value: 1n }),
      "InvalidConfig",
      [],
      poolAbi,
    );
    const ok = await hre.viem.deployContract("LiquidStakingPool", [weth.address, "X", "X", 1n, 30n * DAY, a, k], {
      value: 1n,
    });
    expect(await ok.read.withdrawalDelay()).toBe(30n * DAY);
  });

  it("reverts SeedBelowMinimum(sent, minimum) when deployed with less ETH than the minimum deposit", async () => {
    const { weth, admin, keeper, poolAbi } = base;
    const a = admin.account.address;
    const k = keeper.account.address;
    for (const sent of [0n, MIN - 1n]) {
      await expectRevert(
        hre.viem.deployContract("LiquidStakingPool", [weth.address, "X", "X", MIN, DAY, a, k], { value: sent }),
        "SeedBelowMinimum",
        [sent, MIN],
        poolAbi,
      );
    }
  });

  it("rejects plain ETH from anyone but WETH with DirectEthNotAccepted(sender)", async () => {
    const { pool, alice } = base;
    await expectRevert(
      alice.sendTransaction({ to: pool.address, value: parseEther("1") }),
      "DirectEthNotAccepted",
      [getAddress(alice.account.address)],
      base.poolAbi,
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool deposits", () => {
  isolateEachTest();

  it("deposit(assets, receiver) pulls WETH, mints shares at the current rate, emits Deposit", async () => {
    const { pool, weth, alice, bob } = base;
    await wrapAndApprove(weth, pool, alice.account.address, parseEther("2"));
    const hash = await pool.write.deposit([parseEther("2"), bob.account.address], { account: alice.account });
    const receipt = await receiptOf(hash);
    expect(await pool.read.balanceOf([bob.account.address])).toBe(parseEther("2"));
    expect(await pool.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await weth.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED + parseEther("2"));
    expect(await pool.read.totalAssets()).toBe(SEED + parseEther("2"));
    const events = parseEventLogs({ abi: pool.abi, logs: receipt.logs, eventName: "Deposit" });
    expect(events.map((e) => e.args)).toEqual([
      {
        sender: getAddress(alice.account.address),
        owner: getAddress(bob.account.address),
        assets: parseEther("2"),
        shares: parseEther("2"),
      },
    ]);
  });

  it("after rewards accrue, new deposits get fewer shares (exact ERC-4626 math) and previewDeposit agrees", async () => {
    const { pool, weth, keeper, alice, bob } = base;
    await wrapAndApprove(weth, pool, alice.account.address, parseEther("1"));
    await pool.write.deposit([parseEther("1"), alice.account.address], { account: alice.account });
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), parseEther("0.001"));
    const t0 = await pool.read.lastAccrualTime();
    await mineAt(t0 + 100n);
    const before = await books(pool, weth);
    expect(before.totalAssets).toBe(SEED + parseEther("1") + parseEther("0.1"));

    const amount = parseEther("0.5");
    await wrapAndApprove(weth, pool, bob.account.address, amount);
    // the deposit lands one block later: at t0 + 103 (wrap, approve, deposit)
    const ts = await latestTimestamp();
    const taAt = SEED + parseEther("1") + parseEther("0.001") * (ts + 1n - t0);
    const expectedShares = toShares(amount, taAt, before.totalSupply);
    await setNextTimestamp(ts + 1n);
    await pool.write.deposit([amount, bob.account.address], { account: bob.account });
    expect(await pool.read.balanceOf([bob.account.address])).toBe(expectedShares);
    expect(expectedShares).toBeLessThan(amount);
    expect(await pool.read.totalAssets()).toBe(taAt + amount);
    expect(await pool.read.previewDeposit([amount])).toBe(
      toShares(amount, taAt + amount, before.totalSupply + expectedShares),
    );
  });

  it("mint(shares, receiver) pulls exactly previewMint(shares) WETH", async () => {
    const { pool, weth, keeper, alice } = base;
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), parseEther("0.0001"));
    await increaseTime(500n); // 0.05 ETH streamed onto the 0.01 ETH seed: a share costs ~6 ETH
    await wrapAndApprove(weth, pool, alice.account.address, parseEther("10"));
    const shares = parseEther("1");
    // the call's return value is what a call in the latest block's context would pull
    const quoted = (await pool.simulate.mint([shares, alice.account.address], { account: alice.account.address }))
      .result;
    expect(quoted).toBe(await pool.read.previewMint([shares]));
    await pool.write.mint([shares, alice.account.address], { account: alice.account });
    expect(await pool.read.balanceOf([alice.account.address])).toBe(shares);
    const result = parseEther("10") - (await weth.read.balanceOf([alice.account.address]));
    expect(result).toBeGreaterThan(quoted); // one more second of rewards streamed before it was mined
    const ta = await pool.read.totalAssets();
    // previewMint rounds up: the pool never sells a share below its value
    expect(result).toBe((shares * (ta - result + 1n) + SEED) / (SEED + 1n));
    expect(result).toBeGreaterThan(parseEther("5.9"));
  });

  it("depositEth(receiver) wraps msg.value, mints shares, returns them, emits WETH Deposit + ERC-4626 Deposit", async () => {
    const { pool, weth, alice, bob, publicClient } = base;
    const value = parseEther("0.75");
    const { result } = await pool.simulate.depositEth([bob.account.address], { value, account: alice.account.address });
    expect(result).toBe(value);
    const ethBefore = await publicClient.getBalance({ address: alice.account.address });
    const receipt = await receiptOf(
      await pool.write.depositEth([bob.account.address], { value, account: alice.account }),
    );
    expect(await publicClient.getBalance({ address: alice.account.address })).toBe(
      ethBefore - value - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(await pool.read.balanceOf([bob.account.address])).toBe(value);
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED + value);
    expect(await publicClient.getBalance({ address: pool.address })).toBe(0n); // all wrapped
    expect(await publicClient.getBalance({ address: weth.address })).toBe(SEED + value);
    const poolEvents = parseEventLogs({ abi: pool.abi, logs: receipt.logs, eventName: "Deposit" });
    expect(poolEvents.map((e) => [getAddress(e.address), e.args])).toEqual([
      [
        getAddress(pool.address),
        {
          sender: getAddress(alice.account.address),
          owner: getAddress(bob.account.address),
          assets: value,
          shares: value,
        },
      ],
    ]);
    const wethEvents = parseEventLogs({ abi: weth.abi, logs: receipt.logs, eventName: "Deposit" });
    expect(wethEvents.map((e) => e.args)).toEqual([{ dst: getAddress(pool.address), wad: value }]);
  });

  it("BelowMinimumDeposit(assets, minimum) for deposit, mint and depositEth below the minimum; the minimum itself works", async () => {
    const { pool, weth, alice } = base;
    const me = alice.account.address;
    await wrapAndApprove(weth, pool, me, parseEther("1"));
    for (const amount of [1n, MIN - 1n]) {
      await expectRevert(pool.write.deposit([amount, me], { account: alice.account }), "BelowMinimumDeposit", [
        amount,
        MIN,
      ]);
      await expectRevert(pool.write.mint([amount, me], { account: alice.account }), "BelowMinimumDeposit", [
        amount,
        MIN,
      ]);
      await expectRevert(
        pool.write.depositEth([me], { value: amount, account: alice.account }),
        "BelowMinimumDeposit",
        [amount, MIN],
      );
    }
    await expectRevert(pool.write.depositEth([me], { value: 0n, account: alice.account }), "BelowMinimumDeposit", [
      0n,
      MIN,
    ]);
    await pool.write.deposit([MIN, me], { account: alice.account });
    await pool.write.mint([MIN, me], { account: alice.account });
    await pool.write.depositEth([me], { value: MIN, account: alice.account });
    expect(await pool.read.balanceOf([me])).toBe(3n * MIN);
  });

  it("ZeroAddress for a zero receiver on every deposit path", async () => {
    const { pool, weth, alice } = base;
    await wrapAndApprove(weth, pool, alice.account.address, parseEther("1"));
    await expectRevert(pool.write.deposit([MIN, zeroAddress], { account: alice.account }), "ZeroAddress", []);
    await expectRevert(pool.write.mint([MIN, zeroAddress], { account: alice.account }), "ZeroAddress", []);
    await expectRevert(pool.write.depositEth([zeroAddress], { value: MIN, account: alice.account }), "ZeroAddress", []);
  });

  it("a deposit without WETH allowance bubbles WETH9's InsufficientAllowance", async () => {
    const { pool, weth, alice } = base;
    await receiptOf(await weth.write.deposit({ value: MIN, account: alice.account }));
    const wethAbi = (await hre.artifacts.readArtifact("WETH9")).abi as Abi;
    await expectRevert(
      pool.write.deposit([MIN, alice.account.address], { account: alice.account }),
      "InsufficientAllowance",
      [getAddress(alice.account.address), getAddress(pool.address), 0n, MIN],
      [...base.poolAbi, ...wethAbi],
    );
  });

  it("ZeroShares(assets) when a deposit would round to no shares (a pool with a 1-wei seed and big rewards)", async () => {
    const { weth, admin, keeper, alice } = base;
    const tiny = await deployPool(weth, {
      minDeposit: 1n,
      seed: 1n,
      admin: admin.account.address,
      keeper: keeper.account.address,
    });
    await fundStream(weth, tiny, keeper.account.address, parseEther("1"), parseEther("1"));
    await increaseTime(10n);
    expect(await tiny.read.totalAssets()).toBe(parseEther("1") + 1n); // 1 wei-share worth 1 ETH
    await expectRevert(
      tiny.write.depositEth([alice.account.address], { value: parseEther("0.1"), account: alice.account }),
      "ZeroShares",
      [parseEther("0.1")],
    );
  });

  it("maxDeposit/maxMint are unlimited while not paused", async () => {
    const { pool, alice } = base;
    const max = 2n ** 256n - 1n;
    expect(await pool.read.maxDeposit([alice.account.address])).toBe(max);
    expect(await pool.read.maxMint([alice.account.address])).toBe(max);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool reward stream", () => {
  isolateEachTest();

  it("fundRewards pulls WETH from the keeper into the reserve, emits RewardsFunded; totalAssets is unchanged", async () => {
    const { pool, weth, keeper } = base;
    const k = keeper.account.address;
    await receiptOf(await weth.write.deposit({ value: parseEther("5"), account: keeper.account }));
    await receiptOf(await weth.write.approve([pool.address, parseEther("5")], { account: keeper.account }));
    const r1 = await receiptOf(await pool.write.fundRewards([parseEther("2")], { account: keeper.account }));
    const r2 = await receiptOf(await pool.write.fundRewards([parseEther("3")], { account: keeper.account }));
    expect(await weth.read.balanceOf([k])).toBe(0n);
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED + parseEther("5"));
    expect(await pool.read.rewardsRemaining()).toBe(parseEther("5"));
    expect(await pool.read.totalAssets()).toBe(SEED); // no rate yet: nothing streams
    const ev = [r1, r2].flatMap((r) => parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "RewardsFunded" }));
    expect(ev.map((e) => e.args)).toEqual([
      { funder: getAddress(k), amount: parseEther("2"), rewardsRemaining: parseEther("2") },
      { funder: getAddress(k), amount: parseEther("3"), rewardsRemaining: parseEther("5") },
    ]);
  });

  it("setRewardRate emits RewardRateUpdated(old, new) and rewardsEndTime follows the reserve", async () => {
    const { pool, weth, keeper } = base;
    await fundStream(weth, pool, keeper.account.address, parseEther("1"));
    const r1 = await receiptOf(await pool.write.setRewardRate([parseEther("0.001")], { account: keeper.account }));
    const t1 = await pool.read.lastAccrualTime();
    expect(await pool.read.rewardRate()).toBe(parseEther("0.001"));
    expect(await pool.read.rewardsEndTime()).toBe(t1 + 1000n);
    const r2 = await receiptOf(await pool.write.setRewardRate([0n], { account: keeper.account }));
    const ev = [r1, r2].flatMap((r) => parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "RewardRateUpdated" }));
    expect(ev.map((e) => e.args)).toEqual([
      { oldRate: 0n, newRate: parseEther("0.001") },
      { oldRate: parseEther("0.001"), newRate: 0n },
    ]);
    expect(await pool.read.rewardsEndTime()).toBe(0n);
  });

  it("the exchange rate rises with time while the stream is funded, by exactly rate x seconds", async () => {
    const { pool, weth, keeper, alice } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("0.99"), account: alice.account });
    // 1 ETH of stake (seed + alice), 0.1 ETH of rewards at 0.0001 ETH/s: runs for 1,000 s
    await fundStream(weth, pool, keeper.account.address, parseEther("0.1"), parseEther("0.0001"));
    const t0 = await pool.read.lastAccrualTime();
    expect(await pool.read.exchangeRate()).toBe(parseEther("1"));

    const rates: bigint[] = [];
    for (const dt of [1n, 10n, 100n, 500n, 999n]) {
      await mineAt(t0 + dt);
      const ta = await pool.read.totalAssets();
      expect(ta).toBe(parseEther("1") + parseEther("0.0001") * dt);
      expect(await pool.read.rewardsRemaining()).toBe(parseEther("0.1") - parseEther("0.0001") * dt);
      const rate = await pool.read.exchangeRate();
      expect(rate).toBe(toAssets(parseEther("1"), ta, parseEther("1")));
      rates.push(rate);
    }
    for (let i = 1; i < rates.length; i++) expect(rates[i]!).toBeGreaterThan(rates[i - 1]!);
    // alice's shares are worth more ETH than she put in
    expect(await pool.read.previewRedeem([parseEther("0.99")])).toBeGreaterThan(parseEther("0.99"));
  });

  it("also rises with evm_increaseTime, and stops when the funding runs out; a refund restarts it from then", async () => {
    const { pool, weth, keeper, alice } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("0.99"), account: alice.account });
    await fundStream(weth, pool, keeper.account.address, parseEther("0.1"), parseEther("0.0001"));
    const r0 = await pool.read.exchangeRate();
    await increaseTime(300n);
    const r1 = await pool.read.exchangeRate();
    expect(r1).toBeGreaterThan(r0);
    expect(r1 - r0).toBeGreaterThanOrEqual(parseEther("0.03") - 10n); // >= 300 s worth (+1 block)

    await increaseTime(1_000n); // well past the end of the funding
    const exhausted = await pool.read.exchangeRate();
    expect(await pool.read.totalAssets()).toBe(parseEther("1.1")); // the whole 0.1 ETH and not a wei more
    expect(await pool.read.rewardsRemaining()).toBe(0n);
    expect(exhausted).toBe(toAssets(parseEther("1"), parseEther("1.1"), parseEther("1")));
    await increaseTime(DAY);
    expect(await pool.read.exchangeRate()).toBe(exhausted); // flat

    // refunding does not pay the idle time retroactively: it streams from the refund on
    await fundStream(weth, pool, keeper.account.address, parseEther("0.05"));
    const t = await pool.read.lastAccrualTime();
    expect(await pool.read.totalAssets()).toBe(parseEther("1.1"));
    await mineAt(t + 10n);
    expect(await pool.read.totalAssets()).toBe(parseEther("1.1") + parseEther("0.001"));
  });

  it("a rate change accrues the old rate first: A x t1 + B x t2", async () => {
    const { pool, weth, keeper } = base;
    await fundStream(weth, pool, keeper.account.address, parseEther("10"), 1_000n);
    const t0 = await pool.read.lastAccrualTime();
    await setNextTimestamp(t0 + 50n);
    const r = await receiptOf(await pool.write.setRewardRate([7_000n], { account: keeper.account }));
    const accrued = parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "RewardsAccrued" });
    expect(accrued.map((e) => e.args)).toEqual([
      { amount: 50_000n, totalAssets: SEED + 50_000n, rewardsRemaining: parseEther("10") - 50_000n },
    ]);
    await mineAt(t0 + 80n);
    expect(await pool.read.totalAssets()).toBe(SEED + 50_000n + 30n * 7_000n);
  });

  it("accrue() writes the streamed rewards down without changing totalAssets; with nothing streamed, no event", async () => {
    const { pool, weth, keeper, mallory } = base;
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), 1_000n);
    const t0 = await pool.read.lastAccrualTime();
    await mineAt(t0 + 20n);
    const ta = await pool.read.totalAssets();
    await setNextTimestamp(t0 + 21n);
    const r = await receiptOf(await pool.write.accrue({ account: mallory.account })); // anyone may call
    expect(await pool.read.lastAccrualTime()).toBe(t0 + 21n);
    expect(await pool.read.totalAssets()).toBe(ta + 1_000n);
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "RewardsAccrued" })).toHaveLength(1);
    await receiptOf(await pool.write.setRewardRate([0n], { account: keeper.account }));
    const r2 = await receiptOf(await pool.write.accrue({ account: mallory.account }));
    expect(parseEventLogs({ abi: pool.abi, logs: r2.logs, eventName: "RewardsAccrued" })).toHaveLength(0);
  });

  it("a huge rate cannot overflow: everything streams at once, capped by the reserve; past uint184 it reverts", async () => {
    const { pool, weth, keeper } = base;
    // the rate shares a slot with the accrual time and the pause flag, so it is a uint184 (2.4e55 wei/s)
    await expectRevert(
      pool.write.setRewardRate([2n ** 184n], { account: keeper.account }),
      "SafeCastOverflowedUintDowncast",
      [184, 2n ** 184n],
    );
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), 2n ** 184n - 1n);
    await increaseTime(1_000_000n);
    expect(await pool.read.totalAssets()).toBe(SEED + parseEther("1"));
    expect(await pool.read.rewardsRemaining()).toBe(0n);
  });

  it("ZeroAmount for fundRewards(0)", async () => {
    const { pool, keeper } = base;
    await expectRevert(pool.write.fundRewards([0n], { account: keeper.account }), "ZeroAmount", []);
  });

  it("direct WETH transfers are surplus: ignored by the exchange rate until the keeper sweeps them into the stream", async () => {
    const { pool, weth, keeper, mallory } = base;
    await expectRevert(pool.write.sweepSurplusToRewards({ account: keeper.account }), "NoSurplus", []);
    await receiptOf(await weth.write.deposit({ value: parseEther("3"), account: mallory.account }));
    await receiptOf(await weth.write.transfer([pool.address, parseEther("3")], { account: mallory.account }));
    expect(await pool.read.surplus()).toBe(parseEther("3"));
    expect(await pool.read.totalAssets()).toBe(SEED);
    expect(await pool.read.exchangeRate()).toBe(parseEther("1"));

    const r = await receiptOf(await pool.write.sweepSurplusToRewards({ account: keeper.account }));
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "SurplusSwept" }).map((e) => e.args)).toEqual([
      { amount: parseEther("3"), rewardsRemaining: parseEther("3") },
    ]);
    expect(await pool.read.surplus()).toBe(0n);
    expect(await pool.read.rewardsRemaining()).toBe(parseEther("3"));
    expect(await pool.read.totalAssets()).toBe(SEED); // streams only once a rate is set
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool losses (reportLoss)", () => {
  isolateEachTest();

  it("burns WETH to the dead address and lowers the rate for every holder; pending claims and the reward reserve keep theirs", async () => {
    const { pool, weth, admin, keeper, alice, bob } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("9.99"), account: alice.account });
    await pool.write.depositEth([bob.account.address], { value: parseEther("2"), account: bob.account });
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), 0n); // a reserve, not streaming
    await receiptOf(await pool.write.requestWithdrawal([parseEther("2")], { account: bob.account }));
    const before = await books(pool, weth);
    expect(before.totalAssets).toBe(parseEther("10")); // 0.01 seed + 9.99
    const deadBefore = await weth.read.balanceOf([DEAD]);

    const r = await receiptOf(
      await pool.write.reportLoss([parseEther("1"), "validator 1234 slashed"], { account: admin.account }),
    );
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "LossReported" }).map((e) => e.args)).toEqual([
      {
        reporter: getAddress(admin.account.address),
        amount: parseEther("1"),
        totalAssets: parseEther("9"),
        reason: "validator 1234 slashed",
      },
    ]);
    const after = await books(pool, weth);
    expect(after.totalAssets).toBe(parseEther("9"));
    expect(after.totalSupply).toBe(before.totalSupply);
    expect(after.pending).toBe(parseEther("2"));
    expect(after.remaining).toBe(parseEther("1"));
    expect(after.held).toBe(before.held - parseEther("1"));
    expect(after.surplus).toBe(0n);
    expect(await weth.read.balanceOf([DEAD])).toBe(deadBefore + parseEther("1"));
    expect(await pool.read.exchangeRate()).toBe(parseEther("0.9"));
    expect(await pool.read.previewRedeem([await pool.read.balanceOf([alice.account.address])])).toBe(
      parseEther("8.991"),
    );
  });

  it("at most 10% of the holders' assets per report: LossTooLarge(amount, maximum); ZeroAmount; admin only", async () => {
    const { pool, admin, keeper, alice } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("9.99"), account: alice.account });
    await expectRevert(pool.write.reportLoss([parseEther("1") + 1n, ""], { account: admin.account }), "LossTooLarge", [
      parseEther("1") + 1n,
      parseEther("1"),
    ]);
    await expectRevert(pool.write.reportLoss([0n, ""], { account: admin.account }), "ZeroAmount", []);
    await expectRevert(
      pool.write.reportLoss([1n, ""], { account: keeper.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(keeper.account.address), DEFAULT_ADMIN_ROLE],
    );
    // reports compound: two 10% losses leave 81%
    await receiptOf(await pool.write.reportLoss([parseEther("1"), "a"], { account: admin.account }));
    await receiptOf(await pool.write.reportLoss([parseEther("0.9"), "b"], { account: admin.account }));
    expect(await pool.read.totalAssets()).toBe(parseEther("8.1"));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool withdrawal queue", () => {
  isolateEachTest();

  /** alice stakes 1 ETH, a stream of 1e15 wei/s runs. */
  async function staked() {
    const { pool, weth, keeper, alice } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("1"), account: alice.account });
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), parseEther("0.001"));
    await increaseTime(100n);
  }

  it("requestWithdrawal burns the shares, locks the assets at the current rate, reserves them, emits, returns the id", async () => {
    await staked();
    const { pool, weth, alice } = base;
    const shares = parseEther("0.4");
    const ts = (await latestTimestamp()) + 1n;
    await mineAt(ts);
    const b0 = await books(pool, weth);
    const expectedAssets = toAssets(shares, b0.totalAssets + parseEther("0.001"), b0.totalSupply); // 1 s later

    const { result } = await pool.simulate.requestWithdrawal([shares], { account: alice.account.address });
    expect(result).toBe(1n);
    await setNextTimestamp(ts + 1n);
    const r = await receiptOf(await pool.write.requestWithdrawal([shares], { account: alice.account }));

    expect(await pool.read.balanceOf([alice.account.address])).toBe(parseEther("0.6"));
    expect(await pool.read.totalSupply()).toBe(b0.totalSupply - shares);
    expect(await pool.read.pendingWithdrawals()).toBe(expectedAssets);
    expect(await pool.read.totalAssets()).toBe(b0.totalAssets + parseEther("0.001") - expectedAssets);
    expect(await pool.read.withdrawalRequestCount()).toBe(1n);
    expect(await pool.read.getWithdrawalRequest([1n])).toEqual({
      owner: getAddress(alice.account.address),
      claimableAt: ts + 1n + DAY,
      claimed: false,
      assets: expectedAssets,
      shares,
    });
    const ev = parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "WithdrawalRequested" });
    expect(ev.map((e) => e.args)).toEqual([
      {
        requestId: 1n,
        owner: getAddress(alice.account.address),
        shares,
        assets: expectedAssets,
        claimableAt: ts + 1n + DAY,
      },
    ]);
    const burns = parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "Transfer" });
    expect(burns.map((e) => e.args)).toEqual([
      { from: getAddress(alice.account.address), to: zeroAddress, value: shares },
    ]);
    // the WETH has not moved yet
    expect((await books(pool, weth)).held).toBe(b0.held);
  });

  it("ids increase per request and per owner; the exchange rate is not moved by a request", async () => {
    await staked();
    const { pool, alice, bob } = base;
    await pool.write.depositEth([bob.account.address], { value: parseEther("1"), account: bob.account });
    await receiptOf(await pool.write.setRewardRate([0n], { account: base.keeper.account })); // freeze the rate
    const rate = await pool.read.exchangeRate();
    await pool.write.requestWithdrawal([parseEther("0.1")], { account: alice.account });
    await pool.write.requestWithdrawal([parseEther("0.2")], { account: bob.account });
    await pool.write.requestWithdrawal([parseEther("0.3")], { account: alice.account });
    expect(await pool.read.withdrawalRequestCount()).toBe(3n);
    expect((await pool.read.getWithdrawalRequest([2n])).owner).toBe(getAddress(bob.account.address));
    expect((await pool.read.getWithdrawalRequest([3n])).shares).toBe(parseEther("0.3"));
    const after = await pool.read.exchangeRate();
    expect(after >= rate && after - rate <= 2n).toBe(true); // rounding in the pool's favour only
  });

  it("a request stops earning: the locked assets stay fixed while the remaining holders get all new rewards", async () => {
    await staked();
    const { pool, alice, bob } = base;
    await pool.write.depositEth([bob.account.address], { value: parseEther("1"), account: bob.account });
    await pool.write.requestWithdrawal([parseEther("1")], { account: alice.account });
    const locked = (await pool.read.getWithdrawalRequest([1n])).assets;
    const bobBefore = await pool.read.previewRedeem([await pool.read.balanceOf([bob.account.address])]);
    await increaseTime(200n);
    expect((await pool.read.getWithdrawalRequest([1n])).assets).toBe(locked);
    expect(await pool.read.pendingWithdrawals()).toBe(locked);
    const bobAfter = await pool.read.previewRedeem([await pool.read.balanceOf([bob.account.address])]);
    // ~0.2 ETH streamed, shared by bob and the 0.01 dead shares only
    expect(bobAfter - bobBefore).toBeGreaterThan(parseEther("0.19"));
  });

  it("ZeroAmount for 0 shares, InsufficientShares(requested, balance) beyond the balance", async () => {
    await staked();
    const { pool, alice, bob } = base;
    await expectRevert(pool.write.requestWithdrawal([0n], { account: alice.account }), "ZeroAmount", []);
    await expectRevert(
      pool.write.requestWithdrawal([parseEther("1") + 1n], { account: alice.account }),
      "InsufficientShares",
      [parseEther("1") + 1n, parseEther("1")],
    );
    await expectRevert(pool.write.requestWithdrawal([1n], { account: bob.account }), "InsufficientShares", [1n, 0n]);
  });

  it("claim: WithdrawalNotReady(id, secondsLeft) before the delay, pays WETH exactly at claimableAt, once", async () => {
    await staked();
    const { pool, weth, alice } = base;
    await pool.write.requestWithdrawal([parseEther("0.5")], { account: alice.account });
    const req = await pool.read.getWithdrawalRequest([1n]);

    await setNextTimestamp(req.claimableAt - DAY + 1n);
    await expectRevert(pool.write.claim([1n], { account: alice.account }), "WithdrawalNotReady", [1n, DAY - 1n]);
    await setNextTimestamp(req.claimableAt - 10n);
    await expectRevert(pool.write.claim([1n], { account: alice.account }), "WithdrawalNotReady", [1n, 10n]);
    await setNextTimestamp(req.claimableAt - 1n);
    await expectRevert(pool.write.claimEth([1n], { account: alice.account }), "WithdrawalNotReady", [1n, 1n]);

    const held = await weth.read.balanceOf([pool.address]);
    await setNextTimestamp(req.claimableAt); // the first second it may be claimed
    const r = await receiptOf(await pool.write.claim([1n], { account: alice.account }));
    const block = await base.publicClient.getBlock({ blockNumber: r.blockNumber });
    expect(block.timestamp).toBe(req.claimableAt);
    expect(await weth.read.balanceOf([alice.account.address])).toBe(req.assets);
    expect(await weth.read.balanceOf([pool.address])).toBe(held - req.assets);
    expect(await pool.read.pendingWithdrawals()).toBe(0n);
    expect((await pool.read.getWithdrawalRequest([1n])).claimed).toBe(true);
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "WithdrawalClaimed" }).map((e) => e.args)).toEqual([
      { requestId: 1n, owner: getAddress(alice.account.address), assets: req.assets, asEth: false },
    ]);

    await expectRevert(pool.write.claim([1n], { account: alice.account }), "AlreadyClaimed", [1n]);
    await expectRevert(pool.write.claimEth([1n], { account: alice.account }), "AlreadyClaimed", [1n]);
  });

  it("claimEth pays native ETH (unwrapping WETH) to the owner, once", async () => {
    await staked();
    const { pool, weth, alice, publicClient } = base;
    await pool.write.requestWithdrawal([parseEther("1")], { account: alice.account });
    const req = await pool.read.getWithdrawalRequest([1n]);
    const wethSupply = await weth.read.totalSupply();
    await increaseTime(DAY);
    // both claim functions return the amount paid
    expect((await pool.simulate.claim([1n], { account: alice.account.address })).result).toBe(req.assets);
    expect((await pool.simulate.claimEth([1n], { account: alice.account.address })).result).toBe(req.assets);
    const ethBefore = await publicClient.getBalance({ address: alice.account.address });
    const r = await receiptOf(await pool.write.claimEth([1n], { account: alice.account }));
    expect(await publicClient.getBalance({ address: alice.account.address })).toBe(
      ethBefore + req.assets - r.gasUsed * r.effectiveGasPrice,
    );
    expect(await weth.read.totalSupply()).toBe(wethSupply - req.assets);
    expect(await weth.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await publicClient.getBalance({ address: pool.address })).toBe(0n);
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "WithdrawalClaimed" }).map((e) => e.args)).toEqual([
      { requestId: 1n, owner: getAddress(alice.account.address), assets: req.assets, asEth: true },
    ]);
    expect(req.assets).toBeGreaterThan(parseEther("1")); // it earned ~100 s of rewards before the request
    await expectRevert(pool.write.claimEth([1n], { account: alice.account }), "AlreadyClaimed", [1n]);
  });

  it("UnknownRequest for ids never issued; NotRequestOwner(id, caller, owner) for someone else's request", async () => {
    await staked();
    const { pool, alice, mallory } = base;
    await pool.write.requestWithdrawal([parseEther("1")], { account: alice.account });
    await increaseTime(DAY);
    for (const id of [0n, 2n, 99n]) {
      await expectRevert(pool.write.claim([id], { account: alice.account }), "UnknownRequest", [id]);
      await expectRevert(pool.write.claimEth([id], { account: alice.account }), "UnknownRequest", [id]);
      await expectRevert(pool.read.getWithdrawalRequest([id]), "UnknownRequest", [id]);
    }
    const args = [1n, getAddress(mallory.account.address), getAddress(alice.account.address)];
    await expectRevert(pool.write.claim([1n], { account: mallory.account }), "NotRequestOwner", args);
    await expectRevert(pool.write.claimEth([1n], { account: mallory.account }), "NotRequestOwner", args);
  });

  it("claimEth to a contract that refuses ETH reverts EthTransferFailed(to, amount); its WETH claim still works", async () => {
    const { pool, weth } = base;
    const staker = await hre.viem.deployContract("RejectingStaker", [pool.address]);
    await staker.write.stake({ value: parseEther("0.5") });
    await staker.write.requestAll();
    await increaseTime(DAY);
    await expectRevert(
      staker.write.claimEth([1n]),
      "EthTransferFailed",
      [getAddress(staker.address), parseEther("0.5")],
      base.poolAbi,
    );
    await staker.write.claim([1n]);
    expect(await weth.read.balanceOf([staker.address])).toBe(parseEther("0.5"));
  });

  it("ERC-4626 withdraw/redeem are disabled (InstantRedemptionDisabled); maxWithdraw/maxRedeem are 0", async () => {
    await staked();
    const { pool, alice } = base;
    const me = alice.account.address;
    await expectRevert(pool.write.withdraw([1n, me, me], { account: alice.account }), "InstantRedemptionDisabled", []);
    await expectRevert(pool.write.redeem([1n, me, me], { account: alice.account }), "InstantRedemptionDisabled", []);
    expect(await pool.read.maxWithdraw([me])).toBe(0n);
    expect(await pool.read.maxRedeem([me])).toBe(0n);
    // previews still quote the conversion (what a request would lock now)
    expect(await pool.read.previewRedeem([parseEther("1")])).toBeGreaterThan(parseEther("1"));
  });

  it("shares are ordinary ERC-20s: a transferee can request and claim", async () => {
    await staked();
    const { pool, weth, alice, carol } = base;
    await pool.write.transfer([carol.account.address, parseEther("0.25")], { account: alice.account });
    await pool.write.requestWithdrawal([parseEther("0.25")], { account: carol.account });
    await increaseTime(DAY);
    await pool.write.claim([1n], { account: carol.account });
    expect(await weth.read.balanceOf([carol.account.address])).toBeGreaterThan(parseEther("0.25"));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidStakingPool pause and access control", () => {
  isolateEachTest();

  it("pause stops deposit, mint, depositEth and requestWithdrawal with EnforcedPause; maxDeposit/maxMint become 0", async () => {
    const { pool, weth, admin, alice } = base;
    const me = alice.account.address;
    await pool.write.depositEth([me], { value: parseEther("1"), account: alice.account });
    await wrapAndApprove(weth, pool, me, parseEther("1"));
    const r = await receiptOf(await pool.write.pause({ account: admin.account }));
    expect(parseEventLogs({ abi: pool.abi, logs: r.logs, eventName: "Paused" }).map((e) => e.args)).toEqual([
      { account: getAddress(admin.account.address) },
    ]);
    expect(await pool.read.paused()).toBe(true);
    await expectRevert(pool.write.deposit([MIN, me], { account: alice.account }), "EnforcedPause", []);
    await expectRevert(pool.write.mint([MIN, me], { account: alice.account }), "EnforcedPause", []);
    await expectRevert(pool.write.depositEth([me], { value: MIN, account: alice.account }), "EnforcedPause", []);
    await expectRevert(pool.write.requestWithdrawal([MIN], { account: alice.account }), "EnforcedPause", []);
    expect(await pool.read.maxDeposit([me])).toBe(0n);
    expect(await pool.read.maxMint([me])).toBe(0n);

    const r2 = await receiptOf(await pool.write.unpause({ account: admin.account }));
    expect(parseEventLogs({ abi: pool.abi, logs: r2.logs, eventName: "Unpaused" })).toHaveLength(1);
    await pool.write.deposit([MIN, me], { account: alice.account });
    await pool.write.requestWithdrawal([MIN], { account: alice.account });
    expect(await pool.read.withdrawalRequestCount()).toBe(1n);
  });

  it("while paused, matured requests can still be claimed (WETH and ETH); transfers and keeper calls still work", async () => {
    const { pool, weth, admin, keeper, alice, bob } = base;
    await pool.write.depositEth([alice.account.address], { value: parseEther("1"), account: alice.account });
    await pool.write.requestWithdrawal([parseEther("0.3")], { account: alice.account });
    await pool.write.requestWithdrawal([parseEther("0.3")], { account: alice.account });
    await pool.write.pause({ account: admin.account });
    await increaseTime(DAY);
    await pool.write.claim([1n], { account: alice.account });
    await pool.write.claimEth([2n], { account: alice.account });
    expect(await weth.read.balanceOf([alice.account.address])).toBe(parseEther("0.3"));
    expect(await pool.read.pendingWithdrawals()).toBe(0n);
    await pool.write.transfer([bob.account.address, parseEther("0.1")], { account: alice.account });
    expect(await pool.read.balanceOf([bob.account.address])).toBe(parseEther("0.1"));
    await fundStream(weth, pool, keeper.account.address, parseEther("1"), 1n);
    expect(await pool.read.rewardRate()).toBe(1n);
  });

  it("pause/unpause: PAUSER_ROLE only; EnforcedPause when already paused, ExpectedPause when not", async () => {
    const { pool, admin, keeper, mallory } = base;
    for (const w of [keeper, mallory]) {
      const args = [getAddress(w.account.address), PAUSER_ROLE];
      await expectRevert(pool.write.pause({ account: w.account }), "AccessControlUnauthorizedAccount", args);
    }
    await expectRevert(pool.write.unpause({ account: admin.account }), "ExpectedPause", []);
    await pool.write.pause({ account: admin.account });
    await expectRevert(pool.write.pause({ account: admin.account }), "EnforcedPause", []);
    await expectRevert(pool.write.unpause({ account: mallory.account }), "AccessControlUnauthorizedAccount", [
      getAddress(mallory.account.address),
      PAUSER_ROLE,
    ]);
    // the admin can hand PAUSER_ROLE to someone else
    await pool.write.grantRole([PAUSER_ROLE, keeper.account.address], { account: admin.account });
    await pool.write.unpause({ account: keeper.account });
    expect(await pool.read.paused()).toBe(false);
  });

  it("keeper functions are KEEPER_ROLE only (the admin is not a keeper until granted)", async () => {
    const { pool, weth, admin, keeper, mallory } = base;
    for (const w of [admin, mallory]) {
      const args = [getAddress(w.account.address), KEEPER_ROLE];
      await expectRevert(
        pool.write.fundRewards([1n], { account: w.account }),
        "AccessControlUnauthorizedAccount",
        args,
      );
      await expectRevert(
        pool.write.setRewardRate([1n], { account: w.account }),
        "AccessControlUnauthorizedAccount",
        args,
      );
      await expectRevert(
        pool.write.sweepSurplusToRewards({ account: w.account }),
        "AccessControlUnauthorizedAccount",
        args,
      );
    }
    await pool.write.grantRole([KEEPER_ROLE, mallory.account.address], { account: admin.account });
    await pool.write.setRewardRate([5n], { account: mallory.account });
    expect(await pool.read.rewardRate()).toBe(5n);
    await pool.write.revokeRole([KEEPER_ROLE, mallory.account.address], { account: admin.account });
    await expectRevert(
      pool.write.setRewardRate([6n], { account: mallory.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(mallory.account.address), KEEPER_ROLE],
    );
    void keeper;
    void weth;
  });

  it("only DEFAULT_ADMIN_ROLE grants roles; the admin role can be handed to another account (e.g. a multisig)", async () => {
    const { pool, admin, keeper, carol, mallory } = base;
    await expectRevert(
      pool.write.grantRole([KEEPER_ROLE, mallory.account.address], { account: keeper.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(keeper.account.address), DEFAULT_ADMIN_ROLE],
    );
    await pool.write.grantRole([DEFAULT_ADMIN_ROLE, carol.account.address], { account: admin.account });
    await pool.write.renounceRole([DEFAULT_ADMIN_ROLE, admin.account.address], { account: admin.account });
    expect(await pool.read.hasRole([DEFAULT_ADMIN_ROLE, admin.account.address])).toBe(false);
    await pool.write.grantRole([PAUSER_ROLE, carol.account.address], { account: carol.account });
    await expectRevert(
      pool.write.grantRole([PAUSER_ROLE, mallory.account.address], { account: admin.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(admin.account.address), DEFAULT_ADMIN_ROLE],
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("inflation (donation) attack on the first deposit", () => {
  isolateEachTest();

  it("works against a bare ERC-4626 vault: the victim's 1 ETH deposit mints 0 shares", async () => {
    const { weth, mallory, alice } = base;
    const naive = await hre.viem.deployContract("NaiveDonationVault", [weth.address]);
    // attacker: 1 wei first deposit, then a 2 ETH donation straight to the vault
    await receiptOf(await weth.write.deposit({ value: parseEther("2") + 1n, account: mallory.account }));
    await receiptOf(await weth.write.approve([naive.address, 1n], { account: mallory.account }));
    await naive.write.deposit([1n, mallory.account.address], { account: mallory.account });
    await receiptOf(await weth.write.transfer([naive.address, parseEther("2")], { account: mallory.account }));
    // victim
    await receiptOf(await weth.write.deposit({ value: parseEther("1"), account: alice.account }));
    await receiptOf(await weth.write.approve([naive.address, parseEther("1")], { account: alice.account }));
    await naive.write.deposit([parseEther("1"), alice.account.address], { account: alice.account });
    expect(await naive.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await naive.read.previewRedeem([await naive.read.balanceOf([alice.account.address])])).toBe(0n);
    // the attacker's single share now claims half the vault (the other half sits with OZ's virtual share)
    expect(await naive.read.previewRedeem([1n])).toBeGreaterThan(parseEther("1.4"));
  });

  it("fails against LiquidStakingPool even at its weakest config (1-wei minimum and seed): the victim loses nothing", async () => {
    const { weth, admin, keeper, mallory, alice } = base;
    const pool = await deployPool(weth, {
      minDeposit: 1n,
      seed: 1n,
      admin: admin.account.address,
      keeper: keeper.account.address,
    });
    await receiptOf(await weth.write.deposit({ value: parseEther("100") + 1n, account: mallory.account }));
    await receiptOf(await weth.write.approve([pool.address, 1n], { account: mallory.account }));
    await pool.write.deposit([1n, mallory.account.address], { account: mallory.account });
    await receiptOf(await weth.write.transfer([pool.address, parseEther("100")], { account: mallory.account }));
    expect(await pool.read.totalAssets()).toBe(2n); // the donation is not counted
    expect(await pool.read.surplus()).toBe(parseEther("100"));

    const deposit = parseEther("1");
    await pool.write.depositEth([alice.account.address], { value: deposit, account: alice.account });
    const shares = await pool.read.balanceOf([alice.account.address]);
    expect(shares).toBe(deposit);
    expect(await pool.read.previewRedeem([shares])).toBe(deposit);
    expect(await pool.read.previewRedeem([1n])).toBe(1n); // the attacker's share is still worth 1 wei

    // and she really gets it all back
    await pool.write.requestWithdrawal([shares], { account: alice.account });
    await increaseTime(DAY);
    await pool.write.claim([1n], { account: alice.account });
    expect(await weth.read.balanceOf([alice.account.address])).toBe(deposit);
  });

  it("fails via the reward stream too: with a real seed, pumping the share price costs the victim < 1e-12 ETH", async () => {
    // The only way to raise the share price here is the keeper's stream. Worst case: the attacker exits all
    // but 1 wei of shares and a large stream lands on an almost empty pool before the victim deposits.
    const { weth, admin, keeper, mallory, alice } = base;
    const min = parseEther("0.001");
    const pool = await deployPool(weth, {
      minDeposit: min,
      seed: min,
      admin: admin.account.address,
      keeper: keeper.account.address,
    });
    await pool.write.depositEth([mallory.account.address], { value: min, account: mallory.account });
    await pool.write.requestWithdrawal([min - 1n], { account: mallory.account });
    await fundStream(weth, pool, keeper.account.address, parseEther("10"), parseEther("10"));
    await increaseTime(5n);
    expect(await pool.read.exchangeRate()).toBeGreaterThan(parseEther("5000")); // share price pumped 5,000x

    for (const deposit of [parseEther("0.001") + 12_345n, parseEther("1") + 1n, parseEther("7.777")]) {
      const before = await pool.read.balanceOf([alice.account.address]);
      await pool.write.depositEth([alice.account.address], { value: deposit, account: alice.account });
      const got = (await pool.read.balanceOf([alice.account.address])) - before;
      const worth = await pool.read.previewRedeem([got]);
      expect(worth).toBeLessThanOrEqual(deposit);
      expect(deposit - worth).toBeLessThan(10n ** 6n); // < 1e-12 ETH
    }
  });

  it("fails against the deployed-style pool (qETH: 0.001 ETH minimum) with a 100 ETH donation", async () => {
    const { weth, admin, keeper, mallory, alice } = base;
    const min = parseEther("0.001");
    const pool = await deployPool(weth, {
      minDeposit: min,
      seed: parseEther("1"),
      admin: admin.account.address,
      keeper: keeper.account.address,
    });
    await pool.write.depositEth([mallory.account.address], { value: min, account: mallory.account });
    await receiptOf(await weth.write.deposit({ value: parseEther("100"), account: mallory.account }));
    await receiptOf(await weth.write.transfer([pool.address, parseEther("100")], { account: mallory.account }));
    await pool.write.depositEth([alice.account.address], { value: parseEther("0.5"), account: alice.account });
    const shares = await pool.read.balanceOf([alice.account.address]);
    expect(await pool.read.previewRedeem([shares])).toBe(parseEther("0.5"));
    expect(await pool.read.previewRedeem([await pool.read.balanceOf([mallory.account.address])])).toBe(min);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("a vault can always pay its share holders", () => {
  isolateEachTest();

  it("after 80 random deposits, accruals, requests, claims, fundings, rate changes, donations and transfers, then a full exit", async () => {
    const { pool, weth, keeper, admin, alice, bob, carol, mallory, publicClient } = base;
    const users = [alice, bob, carol, mallory];
    const holders = [...users.map((u) => u.account.address), DEAD];
    const rand = mulberry32(0x5eed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const open: { id: bigint; owner: (typeof users)[number] }[] = [];

    async function checkSolvent(label: string) {
      const b = await books(pool, weth);
      const balances = await Promise.all(holders.map((h) => pool.read.balanceOf([h])));
      expect(
        balances.reduce((a, x) => a + x, 0n),
        label,
      ).toBe(b.totalSupply);
      const redeemable = await Promise.all(balances.map((s) => pool.read.previewRedeem([s])));
      const owed = redeemable.reduce((a, x) => a + x, 0n) + b.pending;
      expect(owed, label).toBeLessThanOrEqual(b.held);
      expect(
        redeemable.reduce((a, x) => a + x, 0n),
        label,
      ).toBeLessThanOrEqual(b.totalAssets);
      // every wei of WETH held is in exactly one bucket
      expect(b.totalAssets + b.pending + b.remaining + b.surplus, label).toBe(b.held);
      expect(await publicClient.getBalance({ address: pool.address }), label).toBe(0n);
    }

    await fundStream(weth, pool, keeper.account.address, parseEther("0.5"), parseEther("0.0001"));
    for (let step = 0; step < 80; step++) {
      const action = pick([
        "deposit",
        "deposit",
        "depositWeth",
        "time",
        "request",
        "claim",
        "fund",
        "rate",
        "donate",
        "transfer",
      ]);
      const u = pick(users);
      const me = u.account.address;
      let label = `step ${step} ${action}`;
      switch (action) {
        case "deposit": {
          const v = randBigInt(rand, MIN, parseEther("3"));
          await pool.write.depositEth([me], { value: v, account: u.account });
          break;
        }
        case "depositWeth": {
          const v = randBigInt(rand, MIN, parseEther("3"));
          await wrapAndApprove(weth, pool, me, v);
          await pool.write.deposit([v, pick(holders.slice(0, 4))], { account: u.account });
          break;
        }
        case "time":
          await increaseTime(randBigInt(rand, 1n, 2n * DAY));
          break;
        case "request": {
          const bal = await pool.read.balanceOf([me]);
          if (bal === 0n) break;
          const shares = rand() < 0.3 ? bal : randBigInt(rand, 1n, bal);
          await pool.write.requestWithdrawal([shares], { account: u.account });
          open.push({ id: await pool.read.withdrawalRequestCount(), owner: u });
          break;
        }
        case "claim": {
          const ts = await latestTimestamp();
          for (const [i, r] of open.entries()) {
            const req = await pool.read.getWithdrawalRequest([r.id]);
            if (req.claimableAt > ts + 1n) continue;
            if (rand() < 0.5) await pool.write.claim([r.id], { account: r.owner.account });
            else await pool.write.claimEth([r.id], { account: r.owner.account });
            open.splice(i, 1);
            label += ` #${r.id}`;
            break;
          }
          break;
        }
        case "fund":
          await fundStream(weth, pool, keeper.account.address, randBigInt(rand, 1n, parseEther("0.2")));
          break;
        case "rate":
          await pool.write.setRewardRate([randBigInt(rand, 0n, parseEther("0.00001"))], { account: keeper.account });
          break;
        case "donate": {
          const v = randBigInt(rand, 1n, parseEther("0.1"));
          await receiptOf(await weth.write.deposit({ value: v, account: u.account }));
          await receiptOf(await weth.write.transfer([pool.address, v], { account: u.account }));
          if (rand() < 0.5) await pool.write.sweepSurplusToRewards({ account: keeper.account });
          break;
        }
        case "transfer": {
          const bal = await pool.read.balanceOf([me]);
          if (bal === 0n) break;
          await pool.write.transfer([pick(holders.slice(0, 4)), randBigInt(rand, 0n, bal)], { account: u.account });
          break;
        }
      }
      await checkSolvent(label);
    }

    // Everyone exits; every request is paid in full and the pool still holds the dead shares' backing.
    await pool.write.pause({ account: admin.account }); // claims must still work while paused
    await pool.write.unpause({ account: admin.account });
    for (const u of users) {
      const bal = await pool.read.balanceOf([u.account.address]);
      if (bal === 0n) continue;
      await pool.write.requestWithdrawal([bal], { account: u.account });
      open.push({ id: await pool.read.withdrawalRequestCount(), owner: u });
    }
    await increaseTime(DAY);
    for (const r of open) {
      const req = await pool.read.getWithdrawalRequest([r.id]);
      const before = await weth.read.balanceOf([r.owner.account.address]);
      await pool.write.claim([r.id], { account: r.owner.account });
      expect(await weth.read.balanceOf([r.owner.account.address])).toBe(before + req.assets);
    }
    await checkSolvent("after full exit");
    expect(await pool.read.pendingWithdrawals()).toBe(0n);
    expect(await pool.read.totalSupply()).toBe(SEED);
    expect(await pool.read.totalAssets()).toBeGreaterThanOrEqual(SEED);
    expect(open.length).toBeGreaterThan(4);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("gas (reported for the lead)", () => {
  isolateEachTest();

  it("prints [gas] lines for every user-facing call", async () => {
    const { pool, weth, keeper, alice, bob } = base;
    const lines: string[] = [];
    const g = async (label: string, hash: Hex) => {
      const r = await receiptOf(hash);
      lines.push(`[gas] ${label}: ${r.gasUsed}`);
      return r.gasUsed;
    };
    await g(
      "WETH9.deposit (first, fresh holder)",
      await weth.write.deposit({ value: parseEther("5"), account: bob.account }),
    );
    await g("WETH9.approve", await weth.write.approve([pool.address, parseEther("5")], { account: bob.account }));
    await g("WETH9.transfer", await weth.write.transfer([alice.account.address, 1n], { account: bob.account }));
    await g("WETH9.withdraw", await weth.write.withdraw([1n], { account: alice.account }));
    await g(
      "LiquidStakingPool.fundRewards",
      await (async () => {
        await receiptOf(await weth.write.deposit({ value: parseEther("1"), account: keeper.account }));
        await receiptOf(await weth.write.approve([pool.address, parseEther("1")], { account: keeper.account }));
        return pool.write.fundRewards([parseEther("1")], { account: keeper.account });
      })(),
    );
    await g(
      "LiquidStakingPool.setRewardRate",
      await pool.write.setRewardRate([parseEther("0.0001")], { account: keeper.account }),
    );
    await increaseTime(60n);
    const first = await g(
      "LiquidStakingPool.depositEth (first, fresh holder)",
      await pool.write.depositEth([alice.account.address], { value: parseEther("1"), account: alice.account }),
    );
    await increaseTime(60n);
    await g(
      "LiquidStakingPool.depositEth (repeat)",
      await pool.write.depositEth([alice.account.address], { value: parseEther("1"), account: alice.account }),
    );
    await g(
      "LiquidStakingPool.deposit (WETH, fresh holder)",
      await pool.write.deposit([parseEther("1"), bob.account.address], { account: bob.account }),
    );
    await g(
      "LiquidStakingPool.mint (WETH)",
      await pool.write.mint([parseEther("1"), bob.account.address], { account: bob.account }),
    );
    await g(
      "LiquidStakingPool.transfer (shares)",
      await pool.write.transfer([keeper.account.address, 1n], { account: alice.account }),
    );
    await increaseTime(60n);
    await g("LiquidStakingPool.accrue", await pool.write.accrue({ account: bob.account }));
    await g(
      "LiquidStakingPool.requestWithdrawal (first)",
      await pool.write.requestWithdrawal([parseEther("0.5")], { account: alice.account }),
    );
    await g(
      "LiquidStakingPool.requestWithdrawal (repeat)",
      await pool.write.requestWithdrawal([parseEther("0.5")], { account: alice.account }),
    );
    await increaseTime(DAY);
    await g("LiquidStakingPool.claim (WETH)", await pool.write.claim([1n], { account: alice.account }));
    await g("LiquidStakingPool.claimEth", await pool.write.claimEth([2n], { account: alice.account }));
    for (const l of lines) console.log(l);
    expect(lines).toHaveLength(16);
    expect(first).toBeGreaterThan(50_000n);
    expect(first).toBeLessThan(200_000n);
  });
});
