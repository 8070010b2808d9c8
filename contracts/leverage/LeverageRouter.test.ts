// Tests for LeverageRouter (open/close leveraged LST positions in one transaction through the pool's flash
// hooks, previewPosition) and deployLeverage. Hardhat in-process network; every test runs between
// evm_snapshot and evm_revert on top of one shared deployment (see ./fixture.ts).
import hre from "hardhat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, maxUint256, parseEther, toHex, zeroAddress, type Abi } from "viem";
import {
  expectRevert,
  isolateEachTest,
  revertTo,
  snapshot,
  type Snapshot,
  restoreChainAfterFile,
} from "../testing/chain";
import { deployLeverage, LEVERAGE_PARAMS } from "../../scripts/lib/deploy-leverage";
import {
  BPS,
  DEFAULT_ADMIN_ROLE,
  RAY,
  WAD,
  YEAR,
  deployLeverageFixture,
  divUp,
  events,
  rateAt,
  receipt,
  setNextTimestamp,
  type LeverageFixture,
} from "./fixture";

const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const DAY = 24n * 3600n;
const E = parseEther("1");

let f: LeverageFixture;
restoreChainAfterFile();
beforeAll(async () => {
  f = await deployLeverageFixture();
  // alice and bob make the router their delegate once, as every user does before openPosition
  for (const w of [f.alice, f.bob]) {
    await receipt(await f.pool.write.setDelegate([f.router.address, true], { account: w.account }));
  }
});

type Wallet = LeverageFixture["alice"];
type Lst = LeverageFixture["lst"];
const lstAbi = () => hre.artifacts.readArtifactSync("LeverageTestLST").abi as Abi;
const routerAbi = () => hre.artifacts.readArtifactSync("LeverageRouter").abi as Abi;

async function open(who: Wallet, eth: bigint, leverageBps: bigint, token: Lst = f.lst, minOut = 0n) {
  const r = await receipt(
    await f.router.write.openPosition([token.address, leverageBps, minOut], { value: eth, account: who.account }),
  );
  const ev = events(f.router.abi, r.logs, "PositionOpened")[0]!.args;
  return { r, ev };
}
async function close(who: Wallet, token: Lst = f.lst, minOut = 0n, value = 0n) {
  const r = await receipt(await f.router.write.closePosition([token.address, minOut], { value, account: who.account }));
  const ev = events(f.router.abi, r.logs, "PositionClosed")[0]!.args;
  return { r, ev };
}
async function blockTime(blockNumber: bigint) {
  return (await f.publicClient.getBlock({ blockNumber })).timestamp;
}

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter constructor and admin", () => {
  isolateEachTest();

  it("stores pool and WETH and grants admin + pauser", async () => {
    const { router, pool, weth, deployer } = f;
    expect(getAddress(await router.read.pool())).toBe(getAddress(pool.address));
    expect(getAddress(await router.read.weth())).toBe(getAddress(weth.address));
    expect(await router.read.hasRole([DEFAULT_ADMIN_ROLE, deployer.account.address])).toBe(true);
    expect(await router.read.hasRole([PAUSER_ROLE, deployer.account.address])).toBe(true);
    expect(await router.read.MIN_LEVERAGE_BPS()).toBe(15_000n);
    expect(await router.read.MAX_LEVERAGE_BPS()).toBe(50_000n);
    await expectRevert(
      hre.viem.deployContract("LeverageRouter", [zeroAddress, pool.address]),
      "ZeroAddress",
      [],
      routerAbi(),
    );
    await expectRevert(
      hre.viem.deployContract("LeverageRouter", [deployer.account.address, zeroAddress]),
      "ZeroAddress",
      [],
      routerAbi(),
    );
  });

  it("setUnwinder is admin only, emits UnwinderSet, rejects the zero LST", async () => {
    const { router, lst, weth, alice, deployer } = f;
    const u = await hre.viem.deployContract("LeverageTestUnwinder", [weth.address, 30n]);
    await expectRevert(
      router.write.setUnwinder([lst.address, u.address], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
    await expectRevert(
      router.write.setUnwinder([zeroAddress, u.address], { account: deployer.account }),
      "ZeroAddress",
      [],
    );
    const r = await receipt(await router.write.setUnwinder([lst.address, u.address], { account: deployer.account }));
    expect(events(router.abi, r.logs, "UnwinderSet")[0]!.args).toEqual({
      lst: getAddress(lst.address),
      unwinder: getAddress(u.address),
    });
    expect(getAddress(await router.read.unwinders([lst.address]))).toBe(getAddress(u.address));
  });

  it("pause/unpause: PAUSER_ROLE only; paused blocks openPosition but not closePosition", async () => {
    const { router, alice, deployer } = f;
    await open(alice, E, 20_000n);
    await expectRevert(router.write.pause({ account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      PAUSER_ROLE,
    ]);
    const p = await receipt(await router.write.pause({ account: deployer.account }));
    expect(events(router.abi, p.logs, "Paused")).toHaveLength(1);
    await expectRevert(
      router.write.openPosition([f.lst.address, 20_000n, 0n], { value: E, account: alice.account }),
      "EnforcedPause",
      [],
    );
    const { ev } = await close(alice);
    expect(ev.ethOut).toBeGreaterThan(parseEther("0.99"));
    await receipt(await router.write.unpause({ account: deployer.account }));
    await open(alice, E, 20_000n);
  });

  it("the pool's pause also blocks opening (flashBorrow) and still allows closing (flashRepay)", async () => {
    const { router, pool, alice, deployer } = f;
    await open(alice, E, 30_000n);
    await receipt(await pool.write.pause({ account: deployer.account }));
    await expectRevert(
      router.write.openPosition([f.lst.address, 20_000n, 0n], { value: E, account: alice.account }),
      "EnforcedPause",
      [],
    );
    const { ev } = await close(alice);
    expect(ev.ethOut).toBeGreaterThan(parseEther("0.99"));
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
  });

  it("callbacks only accept the pool (UnauthorizedCallback); plain ETH only from WETH (UnexpectedEthSender)", async () => {
    const { router, alice } = f;
    await expectRevert(
      router.write.onFlashBorrow([alice.account.address, 1n, "0x"], { account: alice.account }),
      "UnauthorizedCallback",
      [getAddress(alice.account.address)],
    );
    await expectRevert(
      router.write.onFlashRepay([alice.account.address, 1n, "0x"], { account: alice.account }),
      "UnauthorizedCallback",
      [getAddress(alice.account.address)],
    );
    await expectRevert(
      alice.sendTransaction({ to: router.address, value: 1n }),
      "UnexpectedEthSender",
      [getAddress(alice.account.address)],
      routerAbi(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter.previewPosition", () => {
  isolateEachTest();

  it("3x on 1 ETH: 2 ETH debt, 3 ETH staked, HF 1.275, liquidation price, rates now and after", async () => {
    const { router, lst, pool } = f;
    const p = await router.read.previewPosition([lst.address, E, 30_000n]);
    const shares = await lst.read.previewDeposit([3n * E]);
    const value = await lst.read.convertToAssets([shares]);
    expect(p.debt).toBe(2n * E);
    expect(p.collateralShares).toBe(shares);
    expect(p.collateralValue).toBe(value);
    expect(3n * E - value).toBeLessThanOrEqual(2n); // LST rounding only
    expect(p.healthFactor).toBe((((value * 8_500n) / BPS) * WAD) / (2n * E));
    expect(Number(p.healthFactor) / 1e18).toBeCloseTo(1.275, 9);
    expect(p.liquidationPrice).toBe(divUp(2n * E * WAD * BPS, shares * 8_500n));
    // liquidation at an LST/ETH rate 2 / (3 * 0.85) = 78.4% of today's
    expect(Number(p.liquidationPrice) / Number(p.exchangeRate)).toBeCloseTo(2 / (3 * 0.85), 6);
    expect(p.exchangeRate).toBe(await lst.read.exchangeRate());
    expect(p.effectiveLeverageBps).toBe((value * BPS) / E);
    expect(p.maxLeverageBps).toBe(50_000n);
    expect(p.borrowRateNow).toBe(await pool.read.borrowRate());
    expect(p.borrowRateAfter).toBe(rateAt((2n * E * WAD) / parseEther("500")));
    expect(p.poolLiquidity).toBe(parseEther("500"));
  });

  it("reverts LeverageOutOfRange outside 1.5x..5x, LeverageAboveLtvLimit above 1/(1-LTV), CollateralNotEnabled, ZeroAmount", async () => {
    const { router, pool, lst, lst2, weth, deployer } = f;
    for (const lev of [0n, 10_000n, 14_999n, 50_001n, 100_000n]) {
      await expectRevert(router.read.previewPosition([lst.address, E, lev]), "LeverageOutOfRange", [
        lev,
        15_000n,
        50_000n,
      ]);
    }
    // 75% LTV allows 4x at most
    await receipt(
      await pool.write.setCollateralConfig([lst.address, 7_500, 8_500, 500, maxUint256, true], {
        account: deployer.account,
      }),
    );
    expect(await router.read.maxLeverageBps([lst.address])).toBe(40_000n);
    await router.read.previewPosition([lst.address, E, 40_000n]);
    await expectRevert(router.read.previewPosition([lst.address, E, 40_001n]), "LeverageAboveLtvLimit", [
      40_001n,
      40_000n,
    ]);
    await expectRevert(router.read.previewPosition([lst.address, E, 50_000n]), "LeverageAboveLtvLimit", [
      50_000n,
      40_000n,
    ]);
    await expectRevert(
      router.write.openPosition([lst.address, 45_000n, 0n], { value: E, account: f.alice.account }),
      "LeverageAboveLtvLimit",
      [45_000n, 40_000n],
    );
    // disabled and unlisted
    await receipt(
      await pool.write.setCollateralConfig([lst2.address, 8_000, 8_500, 500, maxUint256, false], {
        account: deployer.account,
      }),
    );
    await expectRevert(router.read.previewPosition([lst2.address, E, 20_000n]), "CollateralNotEnabled", [
      getAddress(lst2.address),
    ]);
    const other = await hre.viem.deployContract("LeverageTestLST", [weth.address, "O", "O", 0n]);
    await expectRevert(router.read.previewPosition([other.address, E, 20_000n]), "CollateralNotEnabled", [
      getAddress(other.address),
    ]);
    await expectRevert(router.read.previewPosition([lst.address, 0n, 20_000n]), "ZeroAmount", []);
  });

  it("at exactly 5x the debt is lowered only by the LST's rounding (a few wei) to fit the 80% LTV", async () => {
    const { router, lst } = f;
    const p = await router.read.previewPosition([lst.address, E, 50_000n]);
    expect(p.debt).toBeLessThanOrEqual(4n * E);
    expect(4n * E - p.debt).toBeLessThan(100n);
    expect(p.debt + 2n).toBeLessThanOrEqual((p.collateralValue * 8_000n) / BPS);
    expect(Number(p.healthFactor) / 1e18).toBeCloseTo(8_500 / 8_000, 9);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter.openPosition", () => {
  isolateEachTest();

  it("opens 3x in one transaction exactly as previewed; the position sits in the user's pool account", async () => {
    const { router, pool, lst, weth, alice, publicClient } = f;
    const p = await router.read.previewPosition([lst.address, E, 30_000n]);
    const balBefore = await publicClient.getBalance({ address: alice.account.address });
    const { r, ev } = await open(alice, E, 30_000n, lst, p.collateralShares);
    expect(ev).toEqual({
      user: getAddress(alice.account.address),
      lst: getAddress(lst.address),
      ethIn: E,
      debt: p.debt,
      collateralShares: p.collateralShares,
      leverageBps: 30_000n,
      healthFactor: p.healthFactor,
    });
    expect(await publicClient.getBalance({ address: alice.account.address })).toBe(
      balBefore - E - r.gasUsed * r.effectiveGasPrice,
    );
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(p.collateralShares);
    expect(await pool.read.scaledDebtOf([alice.account.address])).toBe(p.debt); // index is still RAY
    const pos = await router.read.positionOf([alice.account.address, lst.address]);
    expect(pos[0]).toBe(p.collateralShares);
    expect(pos[1]).toBe(p.collateralValue);
    expect(pos[4]).toBe(p.liquidationPrice);
    // the router keeps nothing
    expect(await weth.read.balanceOf([router.address])).toBe(0n);
    expect(await lst.read.balanceOf([router.address])).toBe(0n);
    expect(await publicClient.getBalance({ address: router.address })).toBe(0n);
    // one Borrowed (the flash borrow) and one CollateralSupplied, both for alice
    expect(events(pool.abi, r.logs, "Borrowed")[0]!.args.account).toBe(getAddress(alice.account.address));
    expect(events(pool.abi, r.logs, "CollateralSupplied")[0]!.args.onBehalfOf).toBe(getAddress(alice.account.address));
  });

  it("the previewed liquidation price is where HF crosses 1", async () => {
    const { router, pool, lst, alice, deployer } = f;
    const p = await router.read.previewPosition([lst.address, E, 30_000n]);
    await open(alice, E, 30_000n);
    const above = (p.liquidationPrice * 1_001n) / 1_000n;
    const below = (p.liquidationPrice * 999n) / 1_000n;
    await receipt(await lst.write.setExchangeRate([above], { account: deployer.account }));
    expect(await pool.read.healthFactor([alice.account.address])).toBeGreaterThan(WAD);
    await receipt(await lst.write.setExchangeRate([below], { account: deployer.account }));
    expect(await pool.read.healthFactor([alice.account.address])).toBeLessThan(WAD);
  });

  it("5x (the 80% LTV maximum) opens at HF ~1.0625 and a 7% rate drop makes it liquidatable", async () => {
    const { router, pool, lst, alice, bob, deployer, weth } = f;
    const p = await router.read.previewPosition([lst.address, E, 50_000n]);
    const { ev } = await open(alice, E, 50_000n);
    expect(ev.debt).toBe(p.debt);
    expect(ev.collateralShares).toBe(p.collateralShares);
    expect(Number(ev.healthFactor) / 1e18).toBeCloseTo(1.0625, 6);
    const rate = await lst.read.exchangeRate();
    await receipt(await lst.write.setExchangeRate([(rate * 93n) / 100n], { account: deployer.account }));
    const hf = await pool.read.healthFactor([alice.account.address]);
    expect(hf).toBeLessThan(WAD);
    await receipt(await weth.write.deposit({ value: parseEther("5"), account: bob.account }));
    await receipt(await weth.write.approve([pool.address, maxUint256], { account: bob.account }));
    const lr = await receipt(
      await pool.write.liquidate([alice.account.address, lst.address, maxUint256], { account: bob.account }),
    );
    expect(events(pool.abi, lr.logs, "Liquidated")).toHaveLength(1);
    expect(await pool.read.healthFactor([alice.account.address])).toBeGreaterThan(hf);
    // what remains can still be closed: the router takes only what the account still has
    const left = await router.read.positionOf([alice.account.address, lst.address]);
    const { ev: c } = await close(alice);
    expect(c.collateralShares).toBe(left[0]);
    expect(c.debtRepaid).toBeGreaterThanOrEqual(left[2]);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(0n);
  });

  it("1.5x..5x across the range match their previews", async () => {
    const { router, lst, bob } = f;
    for (const lev of [15_000n, 20_000n, 25_000n, 40_000n]) {
      const eth = parseEther("0.036");
      const p = await router.read.previewPosition([lst.address, eth, lev]);
      const { ev } = await open(bob, eth, lev);
      expect(ev.debt).toBe(p.debt);
      expect(ev.debt).toBe((eth * (lev - BPS)) / BPS);
      expect(ev.collateralShares).toBe(p.collateralShares);
      await close(bob);
    }
  });

  it("reverts RouterNotDelegate, ZeroAmount, InsufficientCollateralOut, LeverageOutOfRange; the LST's minimum deposit applies", async () => {
    const { router, lst, lst2, carol, alice } = f;
    await expectRevert(
      router.write.openPosition([lst.address, 20_000n, 0n], { value: E, account: carol.account }),
      "RouterNotDelegate",
      [getAddress(carol.account.address)],
    );
    await expectRevert(
      router.write.openPosition([lst.address, 20_000n, 0n], { value: 0n, account: alice.account }),
      "ZeroAmount",
      [],
    );
    const p = await router.read.previewPosition([lst.address, E, 20_000n]);
    await expectRevert(
      router.write.openPosition([lst.address, 20_000n, p.collateralShares + 1n], { value: E, account: alice.account }),
      "InsufficientCollateralOut",
      [p.collateralShares, p.collateralShares + 1n],
    );
    await expectRevert(
      router.write.openPosition([lst.address, 14_999n, 0n], { value: E, account: alice.account }),
      "LeverageOutOfRange",
      [14_999n, 15_000n, 50_000n],
    );
    // vibeETH takes at least 0.01 ETH per deposit: 0.004 ETH at 2x stakes 0.008
    await expectRevert(
      router.write.openPosition([lst2.address, 20_000n, 0n], { value: parseEther("0.004"), account: alice.account }),
      "BelowMinimumDeposit",
      [parseEther("0.008"), parseEther("0.01")],
      lstAbi(),
    );
    await open(alice, parseEther("0.005"), 20_000n, lst2);
  });

  it("revoking the delegation stops the router", async () => {
    const { router, pool, lst, alice } = f;
    await receipt(await pool.write.setDelegate([router.address, false], { account: alice.account }));
    await expectRevert(
      router.write.openPosition([lst.address, 20_000n, 0n], { value: E, account: alice.account }),
      "RouterNotDelegate",
      [getAddress(alice.account.address)],
    );
    await receipt(await pool.write.setDelegate([router.address, true], { account: alice.account }));
  });

  it("a second open adds to the position; positions in two LSTs are tracked separately", async () => {
    const { router, pool, lst, lst2, alice } = f;
    const a = await open(alice, E, 20_000n);
    const b = await open(alice, E, 30_000n);
    await open(alice, E, 20_000n, lst2);
    const pos = await router.read.positionOf([alice.account.address, lst.address]);
    expect(pos[0]).toBe(a.ev.collateralShares + b.ev.collateralShares);
    expect(pos[2]).toBeGreaterThanOrEqual(3n * E);
    expect(pos[2]).toBeLessThan(3n * E + parseEther("0.0000001"));
    await close(alice, lst);
    // the vibeETH position is untouched
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(0n);
    expect(await pool.read.collateralOf([alice.account.address, lst2.address])).toBeGreaterThan(0n);
    const debt = await pool.read.debtOf([alice.account.address]);
    expect(debt).toBeGreaterThanOrEqual(E);
    expect(debt).toBeLessThan(E + parseEther("0.0000001"));
    await close(alice, lst2);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter.closePosition", () => {
  isolateEachTest();

  /**
   * Opens 3x on 1 ETH, waits `days` (setting the close block's timestamp) and closes. Returns what the
   * model predicts: the index grows linearly at the rate fixed by the utilisation after the open.
   */
  async function roundTrip(days: bigint, afterOpen?: () => Promise<void>) {
    const { pool, alice, publicClient } = f;
    const { r: ro, ev: opened } = await open(alice, E, 30_000n);
    const tOpen = await blockTime(ro.blockNumber);
    const index0 = await pool.read.borrowIndex();
    const scaled = await pool.read.scaledDebtOf([alice.account.address]);
    const u = ((await pool.read.totalDebt()) * WAD) / ((await pool.read.cash()) + (await pool.read.totalDebt()));
    const rate = rateAt(u);
    if (afterOpen) await afterOpen();
    const tClose = tOpen + days * DAY;
    const indexClose = index0 + (index0 * rate * (tClose - tOpen)) / (YEAR * WAD);
    const debtClose = divUp(scaled * indexClose, RAY);
    await setNextTimestamp(tClose);
    const balBefore = await publicClient.getBalance({ address: alice.account.address });
    const { r, ev } = await close(alice);
    const received =
      (await publicClient.getBalance({ address: alice.account.address })) - balBefore + r.gasUsed * r.effectiveGasPrice;
    return { opened, ev, r, debtClose, received, shares: opened.collateralShares as bigint };
  }

  it("3x opened and unwound after 30 days returns 1 ETH less exactly the interest (and <= 2 wei of LST rounding)", async () => {
    const { pool, lst, router, weth, alice } = f;
    const { ev, debtClose, received, shares } = await roundTrip(30n);
    const value = await lst.read.convertToAssets([shares]); // the rate has not moved; redeem pays exactly this
    const interest = debtClose - 2n * E;
    const lstRounding = 3n * E - value;
    expect(ev.debtRepaid).toBe(debtClose);
    expect(ev.wethFromCollateral).toBe(value);
    expect(ev.ethOut).toBe(value - debtClose);
    expect(received).toBe(ev.ethOut);
    // the bound: 1 ETH - interest - rounding, with no fee on this path
    expect(ev.ethOut).toBe(E - interest - lstRounding);
    expect(lstRounding >= 0n && lstRounding <= 2n).toBe(true);
    // 2 ETH at 1% + 4% * (2/500)/0.8 = 1.02% a year for 30 days
    expect(Number(interest) / 1e18).toBeCloseTo((2 * 0.0102 * 30) / 365, 9);
    expect(ev.user).toBe(getAddress(alice.account.address));
    // nothing left anywhere
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    expect(await pool.read.collateralOf([alice.account.address, lst.address])).toBe(0n);
    expect(await weth.read.balanceOf([router.address])).toBe(0n);
    expect((await router.read.positionOf([alice.account.address, lst.address]))[0]).toBe(0n);
    await expectRevert(router.write.closePosition([lst.address, 0n], { account: alice.account }), "NoPosition", [
      getAddress(alice.account.address),
      getAddress(lst.address),
    ]);
  });

  it("staking rewards are leveraged: +1% on the LST rate returns ~3% on the equity, less interest", async () => {
    const { lst, deployer } = f;
    let rateAfter = 0n;
    const { ev, debtClose, shares } = await roundTrip(30n, async () => {
      const rate = await lst.read.exchangeRate();
      await receipt(
        await lst.write.setExchangeRate([(rate * 101n) / 100n], { account: deployer.account, value: parseEther("1") }),
      );
      rateAfter = await lst.read.exchangeRate();
    });
    expect(rateAfter).toBeGreaterThan(0n);
    const value = await lst.read.convertToAssets([shares]);
    expect(ev.ethOut).toBe(value - debtClose);
    const gain = Number(ev.ethOut - E) / 1e18;
    expect(gain).toBeGreaterThan(0.03 - 0.002);
    expect(gain).toBeLessThan(0.03);
  });

  it("through an instant-exit unwinder (queue-only LST): 1 ETH less interest, the unwinder's fee and rounding", async () => {
    const { router, lst, weth, deployer } = f;
    const u = await hre.viem.deployContract("LeverageTestUnwinder", [weth.address, 30n]); // 0.3% fee
    await receipt(await u.write.fund({ value: parseEther("10") }));
    await receipt(await router.write.setUnwinder([lst.address, u.address], { account: deployer.account }));
    await receipt(await lst.write.setInstantRedeem([false], { account: deployer.account }));
    const { ev, debtClose, received, shares } = await roundTrip(10n);
    const value = await lst.read.convertToAssets([shares]);
    const out = (value * 9_970n) / BPS;
    expect(ev.wethFromCollateral).toBe(out);
    expect(ev.ethOut).toBe(out - debtClose);
    expect(received).toBe(ev.ethOut);
    const fee = value - out;
    expect(ev.ethOut).toBe(E - (debtClose - 2n * E) - fee - (3n * E - value));
    expect(Number(fee) / 1e18).toBeCloseTo(0.009, 6); // 0.3% of 3 ETH
    expect(await lst.read.balanceOf([u.address])).toBe(shares);
  });

  it("a queue-only LST without an unwinder cannot be unwound (the LST's InstantRedemptionDisabled)", async () => {
    const { router, lst, alice, deployer } = f;
    await open(alice, E, 20_000n);
    await receipt(await lst.write.setInstantRedeem([false], { account: deployer.account }));
    await expectRevert(
      router.write.closePosition([lst.address, 0n], { account: alice.account }),
      "InstantRedemptionDisabled",
      [],
      lstAbi(),
    );
  });

  it("reverts InsufficientEthOut below minEthOut", async () => {
    const { router, lst, alice } = f;
    await open(alice, E, 20_000n);
    await expectRevert(router.write.closePosition([lst.address, E], { account: alice.account }), "InsufficientEthOut");
    await close(alice, lst, parseEther("0.99"));
  });

  it("an underwater position needs the shortfall as msg.value (InsufficientUnwindProceeds), then closes", async () => {
    const { router, pool, lst, alice, deployer } = f;
    await open(alice, E, 50_000n);
    const rate = await lst.read.exchangeRate();
    await receipt(await lst.write.setExchangeRate([(rate * 75n) / 100n], { account: deployer.account })); // 5 -> 3.75 ETH
    const [shares, value, debt] = await router.read.positionOf([alice.account.address, lst.address]);
    expect(value).toBeLessThan(debt);
    await expectRevert(
      router.write.closePosition([lst.address, 0n], { account: alice.account }),
      "InsufficientUnwindProceeds",
    );
    const { ev } = await close(alice, lst, 0n, parseEther("0.3"));
    expect(ev.collateralShares).toBe(shares);
    const shortfall = ev.debtRepaid - (await lst.read.convertToAssets([shares]));
    expect(ev.ethOut).toBe(parseEther("0.3") - shortfall);
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
  });

  it("a position whose debt was repaid directly closes without the flash hook", async () => {
    const { router, pool, lst, alice } = f;
    const { ev: o } = await open(alice, E, 20_000n);
    await receipt(
      await pool.write.repayEth([alice.account.address], { value: parseEther("2"), account: alice.account }),
    );
    expect(await pool.read.debtOf([alice.account.address])).toBe(0n);
    const { ev } = await close(alice);
    expect(ev.debtRepaid).toBe(0n);
    expect(ev.ethOut).toBe(await lst.read.convertToAssets([o.collateralShares]));
    expect(await router.read.hasRole([DEFAULT_ADMIN_ROLE, alice.account.address])).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("deployLeverage options", () => {
  let snap: Snapshot;
  beforeAll(async () => {
    snap = await snapshot();
  });
  afterAll(async () => {
    await revertTo(snap);
  });

  it("seedLiquidityWei 0 seeds nothing; custom collateral params are applied; addresses are new", async () => {
    const d = await deployLeverage(hre, {
      weth: f.weth.address,
      lsts: [f.lst.address],
      seedLiquidityWei: 0n,
      collateral: { ltvBps: 7_500, supplyCap: parseEther("10") },
    });
    expect(getAddress(d.LendingPool.address)).not.toBe(getAddress(f.pool.address));
    const pool = await hre.viem.getContractAt("LendingPool", d.LendingPool.address);
    const router = await hre.viem.getContractAt("LeverageRouter", d.LeverageRouter.address);
    expect(await pool.read.cash()).toBe(0n);
    expect(await pool.read.collateralConfig([f.lst.address])).toEqual({
      listed: true,
      enabled: true,
      ltvBps: 7_500,
      liquidationThresholdBps: LEVERAGE_PARAMS.collateral.liquidationThresholdBps,
      liquidationBonusBps: LEVERAGE_PARAMS.collateral.liquidationBonusBps,
      supplyCap: parseEther("10"),
    });
    expect(await router.read.maxLeverageBps([f.lst.address])).toBe(40_000n);
  });

  it("seeds from another account when asked", async () => {
    const d = await deployLeverage(hre, {
      weth: f.weth.address,
      lsts: [],
      seedLiquidityWei: parseEther("7"),
      seedAccountIndex: 3,
    });
    const pool = await hre.viem.getContractAt("LendingPool", d.LendingPool.address);
    expect(await pool.read.lenderSharesOf([f.carol.account.address])).toBe(parseEther("7"));
    expect(await pool.read.collateralTokens()).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter gas", () => {
  isolateEachTest();

  it("reports gasUsed of openPosition and closePosition", async () => {
    const { alice, bob } = f;
    const first = await open(alice, E, 30_000n);
    const second = await open(bob, E, 50_000n);
    const c1 = await close(alice);
    const c2 = await close(bob);
    console.log(`[gas] LeverageRouter.openPosition 3x (first position): ${first.r.gasUsed}`);
    console.log(`[gas] LeverageRouter.openPosition 5x: ${second.r.gasUsed}`);
    console.log(`[gas] LeverageRouter.closePosition 3x: ${c1.r.gasUsed}`);
    console.log(`[gas] LeverageRouter.closePosition 5x: ${c2.r.gasUsed}`);
    for (const g of [first.r.gasUsed, second.r.gasUsed, c1.r.gasUsed, c2.r.gasUsed]) {
      expect(g).toBeGreaterThan(100_000n);
      expect(g).toBeLessThan(500_000n);
    }
  });
});
