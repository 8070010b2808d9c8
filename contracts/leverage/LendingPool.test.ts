// Tests for LendingPool: lenders, collateral, borrowing, the kink rate and interest, liquidation and bad
// debt, the flash hooks, pause and admin. Hardhat in-process network; every test runs between
// evm_snapshot and evm_revert on top of one shared deployment (see ./fixture.ts).
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import {
  encodeFunctionData,
  getAddress,
  keccak256,
  maxUint256,
  parseEther,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
} from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";
import { LEVERAGE_PARAMS } from "../../scripts/lib/deploy-leverage";
import {
  BPS,
  DEFAULT_ADMIN_ROLE,
  RAY,
  WAD,
  YEAR,
  deployLeverageFixture,
  events,
  increaseTime,
  rateAt,
  receipt,
  setNextTimestamp,
  type LeverageFixture,
} from "./fixture";

const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const SEED = parseEther("500");

let f: LeverageFixture;
restoreChainAfterFile();
beforeAll(async () => {
  f = await deployLeverageFixture();
});

type Wallet = LeverageFixture["alice"];
type Lst = LeverageFixture["lst"];

/** Stake `eth` in `token` for `who` and post all the shares as collateral; returns the shares. */
async function post(who: Wallet, eth: bigint, token: Lst = f.lst): Promise<bigint> {
  const before = await token.read.balanceOf([who.account.address]);
  await receipt(await token.write.depositEth([who.account.address], { value: eth, account: who.account }));
  const shares = (await token.read.balanceOf([who.account.address])) - before;
  await receipt(await token.write.approve([f.pool.address, shares], { account: who.account }));
  await receipt(
    await f.pool.write.supplyCollateral([token.address, shares, who.account.address], { account: who.account }),
  );
  return shares;
}
async function borrow(who: Wallet, amount: bigint) {
  return receipt(
    await f.pool.write.borrow([amount, who.account.address, who.account.address], { account: who.account }),
  );
}
async function wrap(who: Wallet, amount: bigint, approveTo: Address) {
  await receipt(await f.weth.write.deposit({ value: amount, account: who.account }));
  await receipt(await f.weth.write.approve([approveTo, amount], { account: who.account }));
}
const poolAbi = () => hre.artifacts.readArtifactSync("LendingPool").abi as Abi;

// ---------------------------------------------------------------------------------------------------

describe("LendingPool deployment and constructor", () => {
  isolateEachTest();

  it("deployLeverage wired the pool: WETH, rate model, reserve factor, roles, both LSTs listed, 500 ETH seeded", async () => {
    const { pool, weth, lst, lst2, deployer, router } = f;
    expect(getAddress(await pool.read.weth())).toBe(getAddress(weth.address));
    const m = LEVERAGE_PARAMS.rateModel;
    expect(await pool.read.rateModel()).toEqual([m.baseRate, m.slope1, m.slope2, m.optimalUtilization]);
    expect(await pool.read.reserveFactorBps()).toBe(1_000n);
    expect(await pool.read.hasRole([DEFAULT_ADMIN_ROLE, deployer.account.address])).toBe(true);
    expect(await pool.read.hasRole([PAUSER_ROLE, deployer.account.address])).toBe(true);
    expect((await pool.read.collateralTokens()).map((a) => getAddress(a))).toEqual([
      getAddress(lst.address),
      getAddress(lst2.address),
    ]);
    for (const t of [lst, lst2]) {
      expect(await pool.read.collateralConfig([t.address])).toEqual({
        listed: true,
        enabled: true,
        ltvBps: 8_000,
        liquidationThresholdBps: 8_500,
        liquidationBonusBps: 500,
        supplyCap: parseEther("1000000"),
      });
    }
    expect(await pool.read.cash()).toBe(SEED);
    expect(await pool.read.totalAssets()).toBe(SEED);
    expect(await pool.read.lenderSharesOf([deployer.account.address])).toBe(SEED);
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED);
    expect(await pool.read.borrowIndex()).toBe(RAY);
    expect(getAddress(await router.read.pool())).toBe(getAddress(pool.address));
  });

  it("records each contract's deploy block", async () => {
    const pc = f.publicClient;
    for (const name of ["LendingPool", "LeverageRouter"] as const) {
      const { address, deployedOnBlock } = f.deployment[name];
      expect(await pc.getCode({ address, blockNumber: BigInt(deployedOnBlock - 1) })).toBeUndefined();
      expect((await pc.getCode({ address, blockNumber: BigInt(deployedOnBlock) }))!.length).toBeGreaterThan(2);
    }
    expect(f.deployment.LeverageRouter.deployedOnBlock).toBeGreaterThan(f.deployment.LendingPool.deployedOnBlock);
  });

  it("constructor reverts ZeroAddress, InvalidRateModel and InvalidReserveFactor", async () => {
    const { deployer, weth } = f;
    const m = { ...LEVERAGE_PARAMS.rateModel };
    const admin = deployer.account.address;
    await expectRevert(
      hre.viem.deployContract("LendingPool", [zeroAddress, weth.address, m, 0n]),
      "ZeroAddress",
      [],
      poolAbi(),
    );
    await expectRevert(
      hre.viem.deployContract("LendingPool", [admin, zeroAddress, m, 0n]),
      "ZeroAddress",
      [],
      poolAbi(),
    );
    for (const bad of [
      { ...m, optimalUtilization: 0n },
      { ...m, optimalUtilization: WAD },
      { ...m, slope2: parseEther("10") }, // base + slopes above 1,000%
    ]) {
      await expectRevert(
        hre.viem.deployContract("LendingPool", [admin, weth.address, bad, 0n]),
        "InvalidRateModel",
        [],
        poolAbi(),
      );
    }
    await expectRevert(
      hre.viem.deployContract("LendingPool", [admin, weth.address, m, 5_001n]),
      "InvalidReserveFactor",
      [5_001n],
      poolAbi(),
    );
  });

  it("rejects plain ETH from anyone but WETH (UnexpectedEthSender)", async () => {
    const { alice, pool } = f;
    await expectRevert(
      alice.sendTransaction({ to: pool.address, value: 1n }),
      "UnexpectedEthSender",
      [getAddress(alice.account.address)],
      poolAbi(),
    );
    expect(await f.publicClient.getBalance({ address: pool.address })).toBe(0n);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool lenders: supply, supplyEth, withdraw, withdrawEth", () => {
  isolateEachTest();

  it("supply (WETH) mints shares at the current share price and emits Supplied", async () => {
    const { pool, weth, bob, carol } = f;
    await wrap(bob, parseEther("10"), pool.address);
    const r = await receipt(
      await pool.write.supply([parseEther("10"), carol.account.address], { account: bob.account }),
    );
    const [ev] = events(pool.abi, r.logs, "Supplied");
    expect(ev!.args).toEqual({
      caller: getAddress(bob.account.address),
      onBehalfOf: getAddress(carol.account.address),
      assets: parseEther("10"),
      shares: parseEther("10"), // price 1 before any interest
    });
    expect(await pool.read.lenderSharesOf([carol.account.address])).toBe(parseEther("10"));
    expect(await pool.read.lenderSharesOf([bob.account.address])).toBe(0n);
    expect(await pool.read.cash()).toBe(SEED + parseEther("10"));
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED + parseEther("10"));
  });

  it("supplyEth wraps native ETH", async () => {
    const { pool, weth, bob } = f;
    await receipt(await pool.write.supplyEth([bob.account.address], { value: parseEther("3"), account: bob.account }));
    expect(await pool.read.lenderSharesOf([bob.account.address])).toBe(parseEther("3"));
    expect(await pool.read.lenderAssetsOf([bob.account.address])).toBe(parseEther("3"));
    expect(await weth.read.balanceOf([pool.address])).toBe(SEED + parseEther("3"));
    expect(await f.publicClient.getBalance({ address: pool.address })).toBe(0n);
  });

  it("reverts ZeroAmount, ZeroAddress, and EnforcedPause while paused", async () => {
    const { pool, bob, deployer } = f;
    await expectRevert(
      pool.write.supplyEth([bob.account.address], { value: 0n, account: bob.account }),
      "ZeroAmount",
      [],
    );
    await expectRevert(pool.write.supply([0n, bob.account.address], { account: bob.account }), "ZeroAmount", []);
    await expectRevert(pool.write.supplyEth([zeroAddress], { value: 1n, account: bob.account }), "ZeroAddress", []);
    await receipt(await pool.write.pause({ account: deployer.account }));
    await expectRevert(
      pool.write.supplyEth([bob.account.address], { value: 1n, account: bob.account }),
      "EnforcedPause",
      [],
    );
    await expectRevert(pool.write.supply([1n, bob.account.address], { account: bob.account }), "EnforcedPause", []);
  });

  it("donated WETH does not change the share price (cash is tracked)", async () => {
    const { pool, weth, bob, carol } = f;
    await receipt(await weth.write.deposit({ value: parseEther("50"), account: carol.account }));
    await receipt(await weth.write.transfer([pool.address, parseEther("50")], { account: carol.account }));
    expect(await pool.read.totalAssets()).toBe(SEED);
    await receipt(await pool.write.supplyEth([bob.account.address], { value: parseEther("1"), account: bob.account }));
    expect(await pool.read.lenderSharesOf([bob.account.address])).toBe(parseEther("1"));
  });

  it("withdraw and withdrawEth pay out, burn shares, emit Withdrawn; max withdraws everything; work while paused", async () => {
    const { pool, weth, bob, carol, deployer, publicClient } = f;
    await receipt(await pool.write.supplyEth([bob.account.address], { value: parseEther("4"), account: bob.account }));
    await receipt(await pool.write.pause({ account: deployer.account }));
    const r = await receipt(
      await pool.write.withdraw([parseEther("1"), carol.account.address], { account: bob.account }),
    );
    expect(events(pool.abi, r.logs, "Withdrawn")[0]!.args).toEqual({
      lender: getAddress(bob.account.address),
      to: getAddress(carol.account.address),
      assets: parseEther("1"),
      shares: parseEther("1"),
    });
    expect(await weth.read.balanceOf([carol.account.address])).toBe(parseEther("1"));

    const carolEth = await publicClient.getBalance({ address: carol.account.address });
    await receipt(await pool.write.withdrawEth([maxUint256, carol.account.address], { account: bob.account }));
    expect(await publicClient.getBalance({ address: carol.account.address })).toBe(carolEth + parseEther("3"));
    expect(await pool.read.lenderSharesOf([bob.account.address])).toBe(0n);
    expect(await pool.read.cash()).toBe(SEED);
  });

  it("withdraw reverts ZeroAmount, ZeroAddress, InsufficientShares and InsufficientLiquidity", async () => {
    const { pool, bob, alice, deployer } = f;
    await receipt(await pool.write.supplyEth([bob.account.address], { value: parseEther("1"), account: bob.account }));
    await expectRevert(pool.write.withdraw([0n, bob.account.address], { account: bob.account }), "ZeroAmount", []);
    await expectRevert(pool.write.withdraw([1n, zeroAddress], { account: bob.account }), "ZeroAddress", []);
    await expectRevert(
      pool.write.withdraw([parseEther("2"), bob.account.address], { account: bob.account }),
      "InsufficientShares",
      [parseEther("1"), parseEther("2")],
    );
    // lend almost everything out, then the deployer (500 ETH of shares) cannot take it all back
    await post(alice, parseEther("700"));
    await borrow(alice, parseEther("490"));
    const cash = await f.pool.read.cash();
    expect(cash).toBe(parseEther("11"));
    await expectRevert(
      pool.write.withdraw([parseEther("20"), deployer.account.address], { account: deployer.account }),
      "InsufficientLiquidity",
      [parseEther("20"), cash],
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool collateral config (admin)", () => {
  isolateEachTest();

  it("setCollateralConfig updates without relisting and emits CollateralConfigured", async () => {
    const { pool, lst, deployer } = f;
    const r = await receipt(
      await pool.write.setCollateralConfig([lst.address, 7_000, 8_000, 800, 123n, false], {
        account: deployer.account,
      }),
    );
    expect(events(pool.abi, r.logs, "CollateralConfigured")[0]!.args).toEqual({
      token: getAddress(lst.address),
      ltvBps: 7_000n,
      liquidationThresholdBps: 8_000n,
      liquidationBonusBps: 800n,
      supplyCap: 123n,
      enabled: false,
    });
    expect((await pool.read.collateralTokens()).length).toBe(2);
    expect((await pool.read.collateralConfig([lst.address])).enabled).toBe(false);
  });

  it("lists a new LST and enforces MAX_COLLATERALS", async () => {
    const { pool, weth, deployer } = f;
    for (let i = 0; i < 8; i++) {
      const t = await hre.viem.deployContract("LeverageTestLST", [weth.address, `T${i}`, `T${i}`, 0n]);
      await receipt(
        await pool.write.setCollateralConfig([t.address, 8_000, 8_500, 500, maxUint256, true], {
          account: deployer.account,
        }),
      );
    }
    expect((await pool.read.collateralTokens()).length).toBe(10);
    const extra = await hre.viem.deployContract("LeverageTestLST", [weth.address, "X", "X", 0n]);
    await expectRevert(
      pool.write.setCollateralConfig([extra.address, 8_000, 8_500, 500, maxUint256, true], {
        account: deployer.account,
      }),
      "TooManyCollaterals",
      [],
    );
  });

  it("reverts for non-admins, zero address, vaults over another asset and unsafe parameters", async () => {
    const { pool, lst, alice, deployer } = f;
    await expectRevert(
      pool.write.setCollateralConfig([lst.address, 8_000, 8_500, 500, 1n, true], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
    await expectRevert(
      pool.write.setCollateralConfig([zeroAddress, 8_000, 8_500, 500, 1n, true], { account: deployer.account }),
      "ZeroAddress",
      [],
    );
    const otherWeth = await hre.viem.deployContract("LeverageTestWETH", []);
    const foreign = await hre.viem.deployContract("LeverageTestLST", [otherWeth.address, "F", "F", 0n]);
    await expectRevert(
      pool.write.setCollateralConfig([foreign.address, 8_000, 8_500, 500, 1n, true], { account: deployer.account }),
      "CollateralAssetMismatch",
      [getAddress(foreign.address), getAddress(otherWeth.address)],
    );
    for (const [ltv, lt, bonus] of [
      [0, 8_500, 500], // no LTV
      [8_500, 8_500, 500], // ltv must be below the threshold
      [8_000, 8_500, 2_001], // bonus above 20%
      [9_000, 9_600, 500], // threshold * (1 + bonus) >= 1
      [8_000, 9_000, 1_200], // threshold * (1 + bonus/2) > 0.95
    ] as const) {
      await expectRevert(
        pool.write.setCollateralConfig([lst.address, ltv, lt, bonus, 1n, true], { account: deployer.account }),
        "InvalidCollateralConfig",
        [BigInt(ltv), BigInt(lt), BigInt(bonus)],
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool collateral and borrowing", () => {
  isolateEachTest();

  it("supplyCollateral credits the account, emits CollateralSupplied, values at convertToAssets", async () => {
    const { pool, lst, alice } = f;
    const shares = await post(alice, parseEther("10"));
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(shares);
    expect(await pool.read.totalCollateral([lst.address])).toBe(shares);
    const d = await pool.read.accountData([alice.account.address]);
    const value = await lst.read.convertToAssets([shares]);
    expect(value).toBeGreaterThanOrEqual(parseEther("10") - 2n);
    expect(d).toEqual({
      collateralValue: value,
      borrowLimit: (value * 8_000n) / BPS,
      liquidationValue: (value * 8_500n) / BPS,
      debt: 0n,
      healthFactor: maxUint256,
    });
    expect(await pool.read.healthFactor([alice.account.address])).toBe(maxUint256);
  });

  it("supplyCollateral emits the event and reverts ZeroAmount, ZeroAddress, CollateralNotListed, CollateralDisabled, SupplyCapExceeded, EnforcedPause", async () => {
    const { pool, lst, weth, alice, deployer } = f;
    await receipt(
      await lst.write.depositEth([alice.account.address], { value: parseEther("5"), account: alice.account }),
    );
    await receipt(await lst.write.approve([pool.address, maxUint256], { account: alice.account }));
    const me = alice.account.address;
    const r = await receipt(await pool.write.supplyCollateral([lst.address, 100n, me], { account: alice.account }));
    expect(events(pool.abi, r.logs, "CollateralSupplied")[0]!.args).toEqual({
      caller: getAddress(me),
      onBehalfOf: getAddress(me),
      token: getAddress(lst.address),
      shares: 100n,
    });
    await expectRevert(
      pool.write.supplyCollateral([lst.address, 0n, me], { account: alice.account }),
      "ZeroAmount",
      [],
    );
    await expectRevert(
      pool.write.supplyCollateral([lst.address, 1n, zeroAddress], { account: alice.account }),
      "ZeroAddress",
      [],
    );
    await expectRevert(
      pool.write.supplyCollateral([weth.address, 1n, me], { account: alice.account }),
      "CollateralNotListed",
      [getAddress(weth.address)],
    );
    await receipt(
      await pool.write.setCollateralConfig([lst.address, 8_000, 8_500, 500, 150n, true], { account: deployer.account }),
    );
    await expectRevert(
      pool.write.supplyCollateral([lst.address, 51n, me], { account: alice.account }),
      "SupplyCapExceeded",
      [getAddress(lst.address), 151n, 150n],
    );
    await receipt(await pool.write.supplyCollateral([lst.address, 50n, me], { account: alice.account }));
    await receipt(
      await pool.write.setCollateralConfig([lst.address, 8_000, 8_500, 500, maxUint256, false], {
        account: deployer.account,
      }),
    );
    await expectRevert(
      pool.write.supplyCollateral([lst.address, 1n, me], { account: alice.account }),
      "CollateralDisabled",
      [getAddress(lst.address)],
    );
    await receipt(
      await pool.write.setCollateralConfig([lst.address, 8_000, 8_500, 500, maxUint256, true], {
        account: deployer.account,
      }),
    );
    await receipt(await pool.write.pause({ account: deployer.account }));
    await expectRevert(
      pool.write.supplyCollateral([lst.address, 1n, me], { account: alice.account }),
      "EnforcedPause",
      [],
    );
  });

  it("borrow up to exactly the LTV limit; one wei more reverts BorrowLimitExceeded; emits Borrowed", async () => {
    const { pool, weth, alice, carol } = f;
    await post(alice, parseEther("10"));
    const limit = (await pool.read.accountData([alice.account.address])).borrowLimit;
    await expectRevert(
      pool.write.borrow([limit + 1n, alice.account.address, alice.account.address], { account: alice.account }),
      "BorrowLimitExceeded",
      [getAddress(alice.account.address), limit + 1n, limit],
    );
    const r = await receipt(
      await pool.write.borrow([limit, alice.account.address, carol.account.address], { account: alice.account }),
    );
    expect(events(pool.abi, r.logs, "Borrowed")[0]!.args).toEqual({
      account: getAddress(alice.account.address),
      caller: getAddress(alice.account.address),
      to: getAddress(carol.account.address),
      amount: limit,
    });
    expect(await weth.read.balanceOf([carol.account.address])).toBe(limit);
    expect(await pool.read.debtOf([alice.account.address])).toBe(limit);
    // at the LTV limit the health factor is threshold / ltv = 1.0625
    const hf = await pool.read.healthFactor([alice.account.address]);
    expect(Number(hf) / 1e18).toBeCloseTo(8_500 / 8_000, 9);
    expect(await pool.read.availableToBorrow([alice.account.address])).toBe(0n);
  });

  it("borrowEth pays native ETH; a second borrow adds up", async () => {
    const { pool, alice, bob, publicClient } = f;
    await post(alice, parseEther("10"));
    const before = await publicClient.getBalance({ address: bob.account.address });
    await receipt(
      await pool.write.borrowEth([parseEther("2"), alice.account.address, bob.account.address], {
        account: alice.account,
      }),
    );
    expect(await publicClient.getBalance({ address: bob.account.address })).toBe(before + parseEther("2"));
    await borrow(alice, parseEther("1"));
    expect(await pool.read.debtOf([alice.account.address])).toBeGreaterThanOrEqual(parseEther("3"));
    expect(await pool.read.debtOf([alice.account.address])).toBeLessThan(parseEther("3.000001"));
    expect(await pool.read.cash()).toBe(SEED - parseEther("3"));
  });

  it("borrow reverts ZeroAmount, ZeroAddress, NotAuthorized, InsufficientLiquidity, EnforcedPause", async () => {
    const { pool, alice, bob, deployer } = f;
    const a = alice.account.address;
    await post(alice, parseEther("1000"));
    await expectRevert(pool.write.borrow([0n, a, a], { account: alice.account }), "ZeroAmount", []);
    await expectRevert(pool.write.borrow([1n, a, zeroAddress], { account: alice.account }), "ZeroAddress", []);
    await expectRevert(pool.write.borrow([1n, a, bob.account.address], { account: bob.account }), "NotAuthorized", [
      getAddress(bob.account.address),
      getAddress(a),
    ]);
    await expectRevert(pool.write.borrow([SEED + 1n, a, a], { account: alice.account }), "InsufficientLiquidity", [
      SEED + 1n,
      SEED,
    ]);
    await receipt(await pool.write.pause({ account: deployer.account }));
    await expectRevert(pool.write.borrow([1n, a, a], { account: alice.account }), "EnforcedPause", []);
    await expectRevert(pool.write.borrowEth([1n, a, a], { account: alice.account }), "EnforcedPause", []);
  });

  it("a delegate borrows and withdraws collateral for the account (setDelegate, DelegateSet); revoking stops it", async () => {
    const { pool, lst, weth, alice, bob } = f;
    const shares = await post(alice, parseEther("10"));
    const r = await receipt(await pool.write.setDelegate([bob.account.address, true], { account: alice.account }));
    expect(events(pool.abi, r.logs, "DelegateSet")[0]!.args).toEqual({
      account: getAddress(alice.account.address),
      delegate: getAddress(bob.account.address),
      approved: true,
    });
    await receipt(
      await pool.write.borrow([parseEther("1"), alice.account.address, bob.account.address], { account: bob.account }),
    );
    expect(await weth.read.balanceOf([bob.account.address])).toBe(parseEther("1"));
    expect(await pool.read.debtOf([alice.account.address])).toBe(parseEther("1"));
    await receipt(
      await pool.write.withdrawCollateral([lst.address, shares / 2n, alice.account.address, bob.account.address], {
        account: bob.account,
      }),
    );
    expect(await lst.read.balanceOf([bob.account.address])).toBe(shares / 2n);
    await receipt(await pool.write.setDelegate([bob.account.address, false], { account: alice.account }));
    await expectRevert(
      pool.write.borrow([1n, alice.account.address, bob.account.address], { account: bob.account }),
      "NotAuthorized",
      [getAddress(bob.account.address), getAddress(alice.account.address)],
    );
    await expectRevert(pool.write.setDelegate([zeroAddress, true], { account: alice.account }), "ZeroAddress", []);
  });

  it("withdrawCollateral: free without debt, limited by the LTV with debt, emits CollateralWithdrawn, open while paused", async () => {
    const { pool, lst, alice, deployer } = f;
    const a = alice.account.address;
    const shares = await post(alice, parseEther("10"));
    await borrow(alice, parseEther("4"));
    // 4 ETH of debt needs 5 ETH of value at 80%: about half the shares may go, not 60% of them
    await expectRevert(
      pool.write.withdrawCollateral([lst.address, (shares * 6n) / 10n, a, a], { account: alice.account }),
      "BorrowLimitExceeded",
    );
    await receipt(await pool.write.pause({ account: deployer.account }));
    const r = await receipt(
      await pool.write.withdrawCollateral([lst.address, (shares * 4n) / 10n, a, a], { account: alice.account }),
    );
    expect(events(pool.abi, r.logs, "CollateralWithdrawn")[0]!.args).toEqual({
      account: getAddress(a),
      caller: getAddress(a),
      token: getAddress(lst.address),
      to: getAddress(a),
      shares: (shares * 4n) / 10n,
    });
    expect(await pool.read.healthFactor([a])).toBeGreaterThan(WAD);
    await expectRevert(
      pool.write.withdrawCollateral([lst.address, shares, a, a], { account: alice.account }),
      "InsufficientCollateral",
      [getAddress(lst.address), shares - (shares * 4n) / 10n, shares],
    );
    await expectRevert(
      pool.write.withdrawCollateral([lst.address, 0n, a, a], { account: alice.account }),
      "ZeroAmount",
      [],
    );
    await expectRevert(
      pool.write.withdrawCollateral([lst.address, 1n, a, zeroAddress], { account: alice.account }),
      "ZeroAddress",
      [],
    );
    await expectRevert(
      pool.write.withdrawCollateral([lst.address, 1n, a, f.bob.account.address], { account: f.bob.account }),
      "NotAuthorized",
      [getAddress(f.bob.account.address), getAddress(a)],
    );
  });

  it("disabled collateral gives no borrowing power but still counts for the health factor", async () => {
    const { pool, lst, lst2, alice, deployer } = f;
    await post(alice, parseEther("10"));
    await post(alice, parseEther("10"), lst2);
    await borrow(alice, parseEther("9"));
    const before = await pool.read.accountData([alice.account.address]);
    await receipt(
      await pool.write.setCollateralConfig([lst2.address, 8_000, 8_500, 500, maxUint256, false], {
        account: deployer.account,
      }),
    );
    const d = await pool.read.accountData([alice.account.address]);
    // same collateral and liquidation value (the health factor moves only by a second of interest)
    expect(d.liquidationValue).toBe(before.liquidationValue);
    expect(d.collateralValue).toBe(before.collateralValue);
    expect(d.healthFactor).toBeGreaterThan(WAD);
    expect(d.borrowLimit).toBe(
      ((await lst.read.convertToAssets([await pool.read.collateralOf([alice.account.address, lst.address])])) *
        8_000n) /
        BPS,
    );
    await expectRevert(
      pool.write.borrow([1n, alice.account.address, alice.account.address], { account: alice.account }),
      "BorrowLimitExceeded",
    );
  });

  it("healthFactor sums collateral across LSTs at their thresholds", async () => {
    const { pool, lst, lst2, alice } = f;
    const s1 = await post(alice, parseEther("6"));
    const s2 = await post(alice, parseEther("4"), lst2);
    await borrow(alice, parseEther("5"));
    const v = (await lst.read.convertToAssets([s1])) + (await lst2.read.convertToAssets([s2]));
    const debt = await pool.read.debtOf([alice.account.address]);
    const liq =
      ((await lst.read.convertToAssets([s1])) * 8_500n) / BPS +
      ((await lst2.read.convertToAssets([s2])) * 8_500n) / BPS;
    expect((await pool.read.accountData([alice.account.address])).collateralValue).toBe(v);
    expect(await pool.read.healthFactor([alice.account.address])).toBe((liq * WAD) / debt);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool repay and repayEth", () => {
  isolateEachTest();

  it("anyone repays for anyone; partial then max; emits Repaid; open while paused", async () => {
    const { pool, weth, alice, bob, deployer } = f;
    await post(alice, parseEther("10"));
    await borrow(alice, parseEther("5"));
    await receipt(await pool.write.pause({ account: deployer.account }));
    await wrap(bob, parseEther("10"), pool.address);
    const r = await receipt(await pool.write.repay([parseEther("2"), alice.account.address], { account: bob.account }));
    expect(events(pool.abi, r.logs, "Repaid")[0]!.args).toEqual({
      payer: getAddress(bob.account.address),
      account: getAddress(alice.account.address),
      amount: parseEther("2"),
    });
    const left = await pool.read.debtOf([alice.account.address]);
    expect(left).toBeGreaterThan(parseEther("3"));
    expect(left).toBeLessThan(parseEther("3.0001"));
    const bobWeth = await weth.read.balanceOf([bob.account.address]);
    const r2 = await receipt(await pool.write.repay([maxUint256, alice.account.address], { account: bob.account }));
    const paid = events(pool.abi, r2.logs, "Repaid")[0]!.args.amount as bigint;
    expect(await weth.read.balanceOf([bob.account.address])).toBe(bobWeth - paid);
    expect(paid).toBeGreaterThanOrEqual(left);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await pool.read.scaledDebtOf([alice.account.address])).toBe(0n);
    expect(await pool.read.totalScaledDebt()).toBe(0n);
  });

  it("repayEth refunds what exceeds the debt", async () => {
    const { pool, alice, bob, publicClient } = f;
    await post(alice, parseEther("10"));
    await borrow(alice, parseEther("1"));
    const before = await publicClient.getBalance({ address: bob.account.address });
    const r = await receipt(
      await pool.write.repayEth([alice.account.address], { value: parseEther("3"), account: bob.account }),
    );
    const paid = events(pool.abi, r.logs, "Repaid")[0]!.args.amount as bigint;
    expect(paid).toBeGreaterThanOrEqual(parseEther("1"));
    expect(paid).toBeLessThan(parseEther("1.000001"));
    expect(await publicClient.getBalance({ address: bob.account.address })).toBe(
      before - paid - r.gasUsed * r.effectiveGasPrice,
    );
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await publicClient.getBalance({ address: pool.address })).toBe(0n);
    // the refund comes from the caller's own ETH, never from the pool's WETH
    expect(await f.weth.read.balanceOf([pool.address])).toBe(await pool.read.cash());
    expect(await pool.read.cash()).toBe(SEED - parseEther("1") + paid);
  });

  it("reverts ZeroAmount and NoDebt", async () => {
    const { pool, alice, bob } = f;
    await expectRevert(pool.write.repay([0n, alice.account.address], { account: bob.account }), "ZeroAmount", []);
    await expectRevert(
      pool.write.repayEth([alice.account.address], { value: 0n, account: bob.account }),
      "ZeroAmount",
      [],
    );
    await expectRevert(pool.write.repayEth([alice.account.address], { value: 1n, account: bob.account }), "NoDebt", [
      getAddress(alice.account.address),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool interest: kink rate and accrual", () => {
  isolateEachTest();

  it("borrowRateAt follows the kink model (base, slope1 to 80%, slope2 above)", async () => {
    const { pool } = f;
    const pts = [
      0n,
      parseEther("0.2"),
      parseEther("0.5"),
      parseEther("0.8"),
      parseEther("0.85"),
      parseEther("0.9"),
      WAD,
      2n * WAD,
    ];
    for (const u of pts) expect(await pool.read.borrowRateAt([u])).toBe(rateAt(u));
    expect(await pool.read.borrowRateAt([0n])).toBe(parseEther("0.01"));
    expect(await pool.read.borrowRateAt([parseEther("0.8")])).toBe(parseEther("0.05"));
    expect(await pool.read.borrowRateAt([parseEther("0.9")])).toBe(parseEther("0.35"));
    expect(await pool.read.borrowRateAt([WAD])).toBe(parseEther("0.65"));
  });

  it("the borrow and supply rates rise with utilisation, steeply past the kink", async () => {
    const { pool, alice } = f;
    expect(await pool.read.utilization()).toBe(0n);
    expect(await pool.read.borrowRate()).toBe(parseEther("0.01"));
    expect(await pool.read.supplyRate()).toBe(0n);
    await post(alice, parseEther("700"));
    const seen: bigint[] = [];
    for (const amount of [parseEther("100"), parseEther("300"), parseEther("50")]) {
      await borrow(alice, amount);
      const u = await pool.read.utilization();
      const r = await pool.read.borrowRate();
      expect(r).toBe(rateAt(u));
      expect(await pool.read.supplyRate()).toBe((((r * u) / WAD) * 9_000n) / BPS);
      seen.push(r);
    }
    // 20%, 80%, 90% utilisation (plus a few seconds of interest)
    expect(Number(seen[0]) / 1e18).toBeCloseTo(0.02, 6);
    expect(Number(seen[1]) / 1e18).toBeCloseTo(0.05, 6);
    expect(Number(seen[2]) / 1e18).toBeCloseTo(0.35, 5);
    expect(seen[2]! - seen[1]!).toBeGreaterThan(seen[1]! - seen[0]!);
  });

  it("accrues exactly: 100 ETH at 20% utilisation owes 102 ETH after a year; 10% of interest to reserves, the rest to lenders", async () => {
    const { pool, alice, deployer } = f;
    await post(alice, parseEther("200"));
    const r = await borrow(alice, parseEther("100"));
    const t0 = (await f.publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    expect(await pool.read.lastAccrual()).toBe(t0);
    await setNextTimestamp(t0 + YEAR);
    const acc = await receipt(await pool.write.accrueInterest({ account: deployer.account }));
    // 100 / 500 = 20% utilisation: 1% + 4% * 0.2 / 0.8 = 2% a year, linear within one accrual
    expect(await pool.read.borrowIndex()).toBe((RAY * 102n) / 100n);
    expect(await pool.read.debtOf([alice.account.address])).toBe(parseEther("102"));
    expect(await pool.read.reserves()).toBe(parseEther("0.2"));
    expect(await pool.read.totalAssets()).toBe(SEED + parseEther("1.8"));
    expect(await pool.read.lenderAssetsOf([deployer.account.address])).toBe(SEED + parseEther("1.8") - 1n);
    expect(events(pool.abi, acc.logs, "InterestAccrued")[0]!.args).toEqual({
      interest: parseEther("2"),
      reservesAdded: parseEther("0.2"),
      borrowIndex: (RAY * 102n) / 100n,
    });
  });

  it("views include interest not yet accrued, and compounding across accruals beats one linear step", async () => {
    const { pool, alice } = f;
    await post(alice, parseEther("200"));
    const r = await borrow(alice, parseEther("100"));
    const t0 = (await f.publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    await setNextTimestamp(t0 + YEAR / 2n);
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    // pending half year at 2%: the view already shows 101 ETH, with no accrual written
    expect(await pool.read.debtOf([alice.account.address])).toBe(parseEther("101"));
    expect(await pool.read.borrowIndex()).toBe(RAY);
    expect(await pool.read.currentBorrowIndex()).toBe((RAY * 101n) / 100n);
    await receipt(await pool.write.accrueInterest());
    await increaseTime(YEAR / 2n);
    expect(await pool.read.debtOf([alice.account.address])).toBeGreaterThan(parseEther("102"));
  });

  it("setRateModel: admin only, validated, accrues at the old model first, emits RateModelUpdated", async () => {
    const { pool, alice, deployer } = f;
    const m = { baseRate: parseEther("0.1"), slope1: 0n, slope2: 0n, optimalUtilization: parseEther("0.5") };
    await expectRevert(pool.write.setRateModel([m], { account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      DEFAULT_ADMIN_ROLE,
    ]);
    await expectRevert(
      pool.write.setRateModel([{ ...m, optimalUtilization: 0n }], { account: deployer.account }),
      "InvalidRateModel",
      [],
    );
    await post(alice, parseEther("200"));
    const r = await borrow(alice, parseEther("100"));
    const t0 = (await f.publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    await setNextTimestamp(t0 + YEAR);
    const s = await receipt(await pool.write.setRateModel([m], { account: deployer.account }));
    expect(events(pool.abi, s.logs, "RateModelUpdated")[0]!.args).toEqual({
      baseRate: parseEther("0.1"),
      slope1: 0n,
      slope2: 0n,
      optimalUtilization: parseEther("0.5"),
    });
    expect(await pool.read.debtOf([alice.account.address])).toBe(parseEther("102")); // the old 2%
    expect(await pool.read.borrowRate()).toBe(parseEther("0.1"));
  });

  it("setReserveFactor and withdrawReserves: admin only, bounded, emit events", async () => {
    const { pool, weth, alice, bob, deployer } = f;
    await expectRevert(pool.write.setReserveFactor([5_001n], { account: deployer.account }), "InvalidReserveFactor", [
      5_001n,
    ]);
    await expectRevert(
      pool.write.setReserveFactor([1n], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
    const s = await receipt(await pool.write.setReserveFactor([2_000n], { account: deployer.account }));
    expect(events(pool.abi, s.logs, "ReserveFactorUpdated")[0]!.args).toEqual({ oldBps: 1_000n, newBps: 2_000n });

    await post(alice, parseEther("200"));
    const r = await borrow(alice, parseEther("100"));
    const t0 = (await f.publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    await setNextTimestamp(t0 + YEAR);
    await receipt(await pool.write.accrueInterest());
    expect(await pool.read.reserves()).toBe(parseEther("0.4"));
    await expectRevert(
      pool.write.withdrawReserves([1n, bob.account.address], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
    );
    await expectRevert(
      pool.write.withdrawReserves([0n, bob.account.address], { account: deployer.account }),
      "ZeroAmount",
      [],
    );
    await expectRevert(
      pool.write.withdrawReserves([1n, zeroAddress], { account: deployer.account }),
      "ZeroAddress",
      [],
    );
    await expectRevert(
      pool.write.withdrawReserves([parseEther("0.5"), bob.account.address], { account: deployer.account }),
      "InsufficientReserves",
    );
    const w = await receipt(
      await pool.write.withdrawReserves([parseEther("0.3"), bob.account.address], { account: deployer.account }),
    );
    expect(events(pool.abi, w.logs, "ReservesWithdrawn")[0]!.args).toEqual({
      to: getAddress(bob.account.address),
      amount: parseEther("0.3"),
    });
    expect(await weth.read.balanceOf([bob.account.address])).toBe(parseEther("0.3"));
    expect(await pool.read.reserves()).toBeLessThan(parseEther("0.1001"));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool liquidation", () => {
  isolateEachTest();

  /** Alice: 10 ETH staked at rate 1.05, 7.5 ETH borrowed (HF 1.133). */
  async function position() {
    const shares = await post(f.alice, parseEther("10"));
    await borrow(f.alice, parseEther("7.5"));
    await wrap(f.bob, parseEther("20"), f.pool.address);
    return shares;
  }

  it("reverts PositionHealthy while HF >= 1 (and for accounts without debt)", async () => {
    const { pool, lst, alice, bob } = f;
    await position();
    const hf = await pool.read.healthFactor([alice.account.address]);
    expect(hf).toBeGreaterThan(WAD);
    await expectRevert(
      pool.write.liquidate([alice.account.address, lst.address, 1n], { account: bob.account }),
      "PositionHealthy",
    );
    await expectRevert(
      pool.write.liquidate([bob.account.address, lst.address, 1n], { account: bob.account }),
      "PositionHealthy",
      [getAddress(bob.account.address), maxUint256],
    );
  });

  it("after the LST rate drops 1.05 -> 0.9 (HF 0.97) a liquidator repays at most 50% and gets the collateral plus 5%", async () => {
    const { pool, lst, alice, bob, deployer } = f;
    const shares = await position();
    await receipt(await lst.write.setExchangeRate([parseEther("0.9")], { account: deployer.account }));
    const hf = await pool.read.healthFactor([alice.account.address]);
    expect(Number(hf) / 1e18).toBeCloseTo((9.5238 * 0.9 * 0.85) / 7.5, 3);
    expect(hf).toBeLessThan(WAD);
    expect(hf).toBeGreaterThan(parseEther("0.95"));

    // asks for everything; capped at the 50% close factor
    const r = await receipt(
      await pool.write.liquidate([alice.account.address, lst.address, parseEther("20")], { account: bob.account }),
    );
    const ev = events(pool.abi, r.logs, "Liquidated")[0]!.args;
    const debtAfter = await pool.read.debtOf([alice.account.address]);
    const debtAtLiquidation = ev.repaid + debtAfter;
    // 50% of the debt at that moment (the two halves' rounding may differ by a wei)
    expect(ev.repaid - (debtAtLiquidation * 5_000n) / BPS).toBeGreaterThanOrEqual(-1n);
    expect(ev.repaid - (debtAtLiquidation * 5_000n) / BPS).toBeLessThanOrEqual(1n);
    expect(ev.seizedShares).toBe(await lst.read.convertToShares([(ev.repaid * 10_500n) / BPS]));
    expect(ev.seizedValue).toBe(await lst.read.convertToAssets([ev.seizedShares]));
    expect(ev.liquidator).toBe(getAddress(bob.account.address));
    expect(ev.borrower).toBe(getAddress(alice.account.address));
    expect(await lst.read.balanceOf([bob.account.address])).toBe(ev.seizedShares);
    expect(await f.weth.read.balanceOf([bob.account.address])).toBe(parseEther("20") - ev.repaid);
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(shares - ev.seizedShares);
    // the position is healthier and still over-collateralised; no bad debt
    const d = await pool.read.accountData([alice.account.address]);
    expect(d.healthFactor).toBeGreaterThan(hf);
    expect(d.collateralValue).toBeGreaterThan(d.debt);
    expect(events(pool.abi, r.logs, "BadDebtWrittenOff")).toHaveLength(0);
    expect(await pool.read.totalBadDebt()).toBe(0n);
  });

  it("below HF 0.95 the whole debt may be repaid; the borrower keeps the surplus collateral", async () => {
    const { pool, lst, alice, bob, deployer } = f;
    const shares = await position();
    await receipt(await lst.write.setExchangeRate([parseEther("0.85")], { account: deployer.account }));
    expect(await pool.read.healthFactor([alice.account.address])).toBeLessThan(parseEther("0.95"));
    const r = await receipt(
      await pool.write.liquidate([alice.account.address, lst.address, maxUint256], { account: bob.account }),
    );
    const ev = events(pool.abi, r.logs, "Liquidated")[0]!.args;
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(ev.repaid).toBeGreaterThanOrEqual(parseEther("7.5"));
    expect(ev.seizedShares).toBe(await lst.read.convertToShares([(ev.repaid * 10_500n) / BPS]));
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(shares - ev.seizedShares);
    expect(shares - ev.seizedShares).toBeGreaterThan(0n);
    expect(await pool.read.totalBadDebt()).toBe(0n);
  });

  it("collateral worth less than the debt: all of it is seized and the rest written off as bad debt (reserves first)", async () => {
    const { pool, lst, alice, bob, deployer } = f;
    const shares = await position();
    await increaseTime(30n * 24n * 3600n); // some interest, so there are reserves...
    // ...then a zero rate model (accruing at the old one first), so nothing moves between reads and the liquidation
    await receipt(
      await pool.write.setRateModel([{ baseRate: 0n, slope1: 0n, slope2: 0n, optimalUtilization: parseEther("0.8") }], {
        account: deployer.account,
      }),
    );
    await receipt(await lst.write.setExchangeRate([parseEther("0.7")], { account: deployer.account }));
    const reservesBefore = await pool.read.reserves();
    expect(reservesBefore).toBeGreaterThan(0n);
    const assetsBefore = await pool.read.totalAssets();

    const r = await receipt(
      await pool.write.liquidate([alice.account.address, lst.address, maxUint256], { account: bob.account }),
    );
    const liq = events(pool.abi, r.logs, "Liquidated")[0]!.args;
    const bad = events(pool.abi, r.logs, "BadDebtWrittenOff")[0]!.args;
    expect(liq.seizedShares).toBe(shares);
    const value = await lst.read.convertToAssets([shares]);
    expect(liq.repaid).toBe((value * BPS) / 10_500n);
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(0n);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await pool.read.scaledDebtOf([alice.account.address])).toBe(0n);
    expect(bad.borrower).toBe(getAddress(alice.account.address));
    expect(bad.coveredByReserves).toBe(reservesBefore < bad.amount ? reservesBefore : bad.amount);
    expect(bad.socialized).toBe(bad.amount - bad.coveredByReserves);
    expect(await pool.read.totalBadDebt()).toBe(bad.amount);
    expect(await pool.read.totalSocializedLoss()).toBe(bad.socialized);
    expect(await pool.read.reserves()).toBe(reservesBefore - bad.coveredByReserves);
    // lenders lose exactly the socialised part (interest in this block aside, which is ~0 without debt)
    const assetsAfter = await pool.read.totalAssets();
    const drop = assetsBefore - assetsAfter - bad.socialized;
    expect(drop >= -1n && drop <= 1n).toBe(true); // one wei of debt rounding at most
    // the whole debt is accounted: repaid + written off = debt at liquidation
    expect(liq.repaid + bad.amount).toBeGreaterThan(parseEther("7.5"));
    expect(await pool.read.totalScaledDebt()).toBe(0n);
  });

  it("with two collaterals, debt is written off only when the last one is seized", async () => {
    const { pool, lst, lst2, alice, bob, deployer } = f;
    await post(alice, parseEther("5"));
    await post(alice, parseEther("5"), lst2);
    await borrow(alice, parseEther("7.5"));
    await wrap(bob, parseEther("20"), pool.address);
    await receipt(await lst.write.setExchangeRate([parseEther("0.5")], { account: deployer.account }));
    await receipt(await lst2.write.setExchangeRate([parseEther("0.5")], { account: deployer.account }));
    const r1 = await receipt(
      await pool.write.liquidate([alice.account.address, lst.address, maxUint256], { account: bob.account }),
    );
    expect(events(pool.abi, r1.logs, "BadDebtWrittenOff")).toHaveLength(0);
    expect(await pool.read.debtOf([alice.account.address])).toBeGreaterThan(0n);
    const r2 = await receipt(
      await pool.write.liquidate([alice.account.address, lst2.address, maxUint256], { account: bob.account }),
    );
    expect(events(pool.abi, r2.logs, "BadDebtWrittenOff")).toHaveLength(1);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
  });

  it("stays open while paused; reverts ZeroAmount, CollateralNotListed, NoCollateral", async () => {
    const { pool, lst, lst2, weth, alice, bob, deployer } = f;
    await position();
    await receipt(await lst.write.setExchangeRate([parseEther("0.9")], { account: deployer.account }));
    await receipt(await pool.write.pause({ account: deployer.account }));
    const a = alice.account.address;
    await expectRevert(pool.write.liquidate([a, lst.address, 0n], { account: bob.account }), "ZeroAmount", []);
    await expectRevert(pool.write.liquidate([a, weth.address, 1n], { account: bob.account }), "CollateralNotListed", [
      getAddress(weth.address),
    ]);
    await expectRevert(pool.write.liquidate([a, lst2.address, 1n], { account: bob.account }), "NoCollateral", [
      getAddress(a),
      getAddress(lst2.address),
    ]);
    await receipt(await pool.write.liquidate([a, lst.address, parseEther("1")], { account: bob.account }));
    expect(await lst.read.balanceOf([bob.account.address])).toBeGreaterThan(0n);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool flash hooks", () => {
  isolateEachTest();

  async function callee() {
    const c = await hre.viem.deployContract("LeverageTestCallee", [f.pool.address, f.weth.address]);
    return c;
  }

  it("flashBorrow: the callback posts the collateral, then the debt is recorded and checked; Borrowed emitted", async () => {
    const { pool, lst, weth, alice, deployer } = f;
    const c = await callee();
    // the callee is its own borrower: it holds LST shares and posts them inside the callback
    await receipt(await lst.write.depositEth([c.address], { value: parseEther("10"), account: alice.account }));
    const shares = await lst.read.balanceOf([c.address]);
    await receipt(await c.write.approve([lst.address, pool.address, shares]));
    await receipt(
      await c.write.addCall([
        pool.address,
        0n,
        encodeFunctionData({ abi: pool.abi, functionName: "supplyCollateral", args: [lst.address, shares, c.address] }),
      ]),
    );
    const r = await receipt(await c.write.doFlashBorrow([parseEther("7"), c.address], { account: deployer.account }));
    expect(await c.read.lastAmount()).toBe(parseEther("7"));
    expect(await weth.read.balanceOf([c.address])).toBe(parseEther("7"));
    expect(await pool.read.debtOf([c.address])).toBe(parseEther("7"));
    expect(await pool.read.inFlight()).toBe(0n);
    expect(await pool.read.cash()).toBe(SEED - parseEther("7"));
    expect(events(pool.abi, r.logs, "Borrowed")[0]!.args).toEqual({
      account: getAddress(c.address),
      caller: getAddress(c.address),
      to: getAddress(c.address),
      amount: parseEther("7"),
    });
  });

  it("flashBorrow without enough collateral after the callback reverts BorrowLimitExceeded", async () => {
    const { pool } = f;
    const c = await callee();
    await expectRevert(
      c.write.doFlashBorrow([parseEther("1"), c.address]),
      "BorrowLimitExceeded",
      [getAddress(c.address), parseEther("1"), 0n],
      pool.abi,
    );
  });

  it("flashBorrow reverts NotAuthorized, ZeroAmount, InsufficientLiquidity, EnforcedPause, and HookActive when nested", async () => {
    const { pool, alice, deployer } = f;
    const c = await callee();
    await expectRevert(
      c.write.doFlashBorrow([1n, alice.account.address]),
      "NotAuthorized",
      [getAddress(c.address), getAddress(alice.account.address)],
      pool.abi,
    );
    await expectRevert(c.write.doFlashBorrow([0n, c.address]), "ZeroAmount", [], pool.abi);
    await expectRevert(
      c.write.doFlashBorrow([SEED + 1n, c.address]),
      "InsufficientLiquidity",
      [SEED + 1n, SEED],
      pool.abi,
    );
    await receipt(
      await c.write.addCall([
        pool.address,
        0n,
        encodeFunctionData({ abi: pool.abi, functionName: "flashBorrow", args: [1n, c.address, "0x"] }),
      ]),
    );
    await expectRevert(c.write.doFlashBorrow([1n, c.address]), "HookActive", [], pool.abi);
    await receipt(await pool.write.pause({ account: deployer.account }));
    await expectRevert(c.write.doFlashBorrow([1n, c.address]), "EnforcedPause", [], pool.abi);
  });

  it("lender shares bought inside a hook cost the normal price (in-flight WETH stays in totalAssets)", async () => {
    const { pool, lst, alice } = f;
    const c = await callee();
    await receipt(await lst.write.depositEth([c.address], { value: parseEther("300"), account: alice.account }));
    const shares = await lst.read.balanceOf([c.address]);
    await receipt(await c.write.approve([lst.address, pool.address, shares]));
    await receipt(
      await c.write.addCall([
        pool.address,
        0n,
        encodeFunctionData({ abi: pool.abi, functionName: "supplyCollateral", args: [lst.address, shares, c.address] }),
      ]),
    );
    await receipt(
      await c.write.addCall([
        pool.address,
        parseEther("1"),
        encodeFunctionData({ abi: pool.abi, functionName: "supplyEth", args: [c.address] }),
      ]),
    );
    await alice.sendTransaction({ to: c.address, value: parseEther("1") });
    await receipt(await c.write.doFlashBorrow([parseEther("200"), c.address]));
    // 200 of 500 ETH were out during the callback; the supply still got 1 share per ETH
    expect(await pool.read.lenderSharesOf([c.address])).toBe(parseEther("1"));
  });

  it("flashRepay: debt written down first, collateral withdrawn in the callback, WETH pulled after; Repaid emitted; open while paused", async () => {
    const { pool, lst, weth, alice, deployer } = f;
    const shares = await post(alice, parseEther("10"));
    await borrow(alice, parseEther("7"));
    const c = await callee();
    await receipt(await pool.write.setDelegate([c.address, true], { account: alice.account }));
    // the callee withdraws all of alice's collateral (possible only because her debt is already gone)
    await receipt(
      await c.write.addCall([
        pool.address,
        0n,
        encodeFunctionData({
          abi: pool.abi,
          functionName: "withdrawCollateral",
          args: [lst.address, shares, alice.account.address, c.address],
        }),
      ]),
    );
    await receipt(await weth.write.deposit({ value: parseEther("8"), account: alice.account }));
    await receipt(await weth.write.transfer([c.address, parseEther("8")], { account: alice.account }));
    await receipt(await pool.write.pause({ account: deployer.account }));
    const r = await receipt(await c.write.doFlashRepay([maxUint256, alice.account.address]));
    const repaid = events(pool.abi, r.logs, "Repaid")[0]!.args.amount as bigint;
    expect(repaid).toBeGreaterThanOrEqual(parseEther("7"));
    expect(await c.read.lastAmount()).toBe(repaid);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await lst.read.balanceOf([c.address])).toBe(shares);
    expect(await weth.read.balanceOf([c.address])).toBe(parseEther("8") - repaid);
    expect(await pool.read.inFlight()).toBe(0n);
    expect(await pool.read.cash()).toBe(SEED - parseEther("7") + repaid);
  });

  it("flashRepay reverts if the caller does not pay, NotAuthorized without delegation, NoDebt, ZeroAmount", async () => {
    const { pool, alice } = f;
    await post(alice, parseEther("10"));
    await borrow(alice, parseEther("1"));
    const c = await callee();
    await expectRevert(
      c.write.doFlashRepay([1n, alice.account.address]),
      "NotAuthorized",
      [getAddress(c.address), getAddress(alice.account.address)],
      pool.abi,
    );
    await receipt(await pool.write.setDelegate([c.address, true], { account: alice.account }));
    await receipt(await c.write.setApproveRepayment([false]));
    await expectRevert(
      c.write.doFlashRepay([parseEther("1"), alice.account.address]),
      "ERC20InsufficientAllowance",
      [getAddress(pool.address), 0n, parseEther("1")],
      hre.artifacts.readArtifactSync("LeverageTestWETH").abi as Abi,
    );
    expect(await pool.read.debtOf([alice.account.address])).toBeGreaterThanOrEqual(parseEther("1"));
    await expectRevert(c.write.doFlashRepay([0n, alice.account.address]), "ZeroAmount", [], pool.abi);
    await expectRevert(c.write.doFlashRepay([1n, c.address]), "NoDebt", [getAddress(c.address)], pool.abi);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool pause", () => {
  isolateEachTest();

  it("pause/unpause are PAUSER_ROLE only and emit Paused/Unpaused; the admin can grant the role", async () => {
    const { pool, alice, carol, deployer } = f;
    await expectRevert(pool.write.pause({ account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      PAUSER_ROLE,
    ]);
    await receipt(await pool.write.grantRole([PAUSER_ROLE, carol.account.address], { account: deployer.account }));
    const p = await receipt(await pool.write.pause({ account: carol.account }));
    expect(events(pool.abi, p.logs, "Paused")[0]!.args).toEqual({ account: getAddress(carol.account.address) });
    expect(await pool.read.paused()).toBe(true);
    await expectRevert(pool.write.unpause({ account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      PAUSER_ROLE,
    ]);
    const u = await receipt(await pool.write.unpause({ account: carol.account }));
    expect(events(pool.abi, u.logs, "Unpaused")[0]!.args).toEqual({ account: getAddress(carol.account.address) });
    await receipt(await pool.write.supplyEth([alice.account.address], { value: 1n, account: alice.account }));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LendingPool gas", () => {
  isolateEachTest();

  it("reports gasUsed of the user-facing calls", async () => {
    const { pool, lst, weth, alice, bob, deployer } = f;
    const g: Record<string, bigint> = {};
    g.supplyEth = (
      await receipt(await pool.write.supplyEth([bob.account.address], { value: parseEther("5"), account: bob.account }))
    ).gasUsed;
    await wrap(bob, parseEther("30"), pool.address);
    g.supply = (
      await receipt(await pool.write.supply([parseEther("5"), bob.account.address], { account: bob.account }))
    ).gasUsed;
    await receipt(
      await lst.write.depositEth([alice.account.address], { value: parseEther("10"), account: alice.account }),
    );
    await receipt(await lst.write.approve([pool.address, maxUint256], { account: alice.account }));
    const shares = await lst.read.balanceOf([alice.account.address]);
    g.supplyCollateral = (
      await receipt(
        await pool.write.supplyCollateral([lst.address, shares, alice.account.address], { account: alice.account }),
      )
    ).gasUsed;
    g.borrow = (await borrow(alice, parseEther("5"))).gasUsed;
    g.borrowEth = (
      await receipt(
        await pool.write.borrowEth([parseEther("1"), alice.account.address, alice.account.address], {
          account: alice.account,
        }),
      )
    ).gasUsed;
    await increaseTime(3600n);
    g.repay = (
      await receipt(await pool.write.repay([parseEther("1"), alice.account.address], { account: bob.account }))
    ).gasUsed;
    g.repayEth = (
      await receipt(
        await pool.write.repayEth([alice.account.address], { value: parseEther("1"), account: bob.account }),
      )
    ).gasUsed;
    g.withdrawCollateral = (
      await receipt(
        await pool.write.withdrawCollateral([lst.address, shares / 10n, alice.account.address, alice.account.address], {
          account: alice.account,
        }),
      )
    ).gasUsed;
    g.withdraw = (
      await receipt(await pool.write.withdraw([parseEther("1"), bob.account.address], { account: bob.account }))
    ).gasUsed;
    g.withdrawEth = (
      await receipt(await pool.write.withdrawEth([parseEther("1"), bob.account.address], { account: bob.account }))
    ).gasUsed;
    await receipt(await lst.write.setExchangeRate([parseEther("0.5")], { account: deployer.account }));
    g.liquidate = (
      await receipt(
        await pool.write.liquidate([alice.account.address, lst.address, parseEther("1")], { account: bob.account }),
      )
    ).gasUsed;
    g.setDelegate = (
      await receipt(await pool.write.setDelegate([bob.account.address, true], { account: alice.account }))
    ).gasUsed;
    for (const [fn, gas] of Object.entries(g)) {
      console.log(`[gas] LendingPool.${fn}: ${gas}`);
      expect(gas).toBeGreaterThan(21_000n);
      expect(gas).toBeLessThan(300_000n);
    }
    expect(await weth.read.balanceOf([pool.address])).toBeGreaterThan(0n);
  });
});
