// Tests for LiquidityBufferUnwinder (the WETH-buffer instant exit LeverageRouter.closePosition uses on the
// queue-only LiquidStakingPools) and scripts/lib/deploy-unwinder.ts. Everything runs on the REAL suite:
// WETH9 + vibeETH/qETH/xqbETH (deployLiquidStaking), LendingPool + LeverageRouter (deployLeverage) and the
// unwinder (deployUnwinder: 200 ETH buffer, 0.2% fee). Hardhat in-process network; every test runs between
// evm_snapshot and evm_revert on top of one shared deployment.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEther, toHex, zeroAddress, type Abi, type Address } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";
import {
  deployLiquidStaking,
  LIQUID_STAKING_POOLS,
  type LiquidStakingPoolName,
} from "../../scripts/lib/deploy-liquid-staking";
import { deployLeverage } from "../../scripts/lib/deploy-leverage";
import { deployUnwinder, UNWINDER_PARAMS } from "../../scripts/lib/deploy-unwinder";
import {
  BPS,
  DEFAULT_ADMIN_ROLE,
  RAY,
  WAD,
  YEAR,
  divUp,
  events,
  latestTimestamp,
  rateAt,
  receipt,
  setNextTimestamp,
} from "./fixture";

const ROUTER_ROLE = keccak256(toHex("ROUTER_ROLE"));
const KEEPER_ROLE = keccak256(toHex("KEEPER_ROLE"));
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const DAY = 24n * 3600n;
const E = parseEther("1");
const FEE: bigint = UNWINDER_PARAMS.feeBps; // 20 bps

async function setup() {
  const wallets = await hre.viem.getWalletClients();
  const [deployer, alice, bob, carol, dave] = wallets;
  if (!deployer || !alice || !bob || !carol || !dave) throw new Error("need 5 accounts");
  const publicClient = await hre.viem.getPublicClient();
  const ls = await deployLiquidStaking(hre);
  const poolAddrs = LIQUID_STAKING_POOLS.map((p) => ls[p].address);
  const lev = await deployLeverage(hre, { weth: ls.WETH9.address, lsts: poolAddrs });
  const un = await deployUnwinder(hre, {
    router: lev.LeverageRouter.address,
    pools: poolAddrs,
    weth: ls.WETH9.address,
  });
  const weth = await hre.viem.getContractAt("WETH9", ls.WETH9.address);
  const lending = await hre.viem.getContractAt("LendingPool", lev.LendingPool.address);
  const router = await hre.viem.getContractAt("LeverageRouter", lev.LeverageRouter.address);
  const unwinder = await hre.viem.getContractAt("LiquidityBufferUnwinder", un.LiquidityBufferUnwinder.address);
  const pools = {} as Record<LiquidStakingPoolName, Awaited<ReturnType<typeof lsPool>>>;
  for (const p of LIQUID_STAKING_POOLS) pools[p] = await lsPool(ls[p].address);
  // carol plays a second router in the unit tests (calls unwind directly)
  await receipt(await unwinder.write.grantRole([ROUTER_ROLE, carol.account.address]));
  return { deployer, alice, bob, carol, dave, publicClient, weth, lending, router, unwinder, pools, un, ls, lev };
}
const lsPool = (a: Address) => hre.viem.getContractAt("LiquidStakingPool", a);
type Setup = Awaited<ReturnType<typeof setup>>;
type Wallet = Setup["alice"];

let f: Setup;
restoreChainAfterFile();
beforeAll(async () => {
  f = await setup();
  for (const w of [f.alice, f.bob]) {
    await receipt(await f.lending.write.setDelegate([f.router.address, true], { account: w.account }));
  }
});

const unwinderAbi = () => hre.artifacts.readArtifactSync("LiquidityBufferUnwinder").abi as Abi;
const poolAbi = () => hre.artifacts.readArtifactSync("LiquidStakingPool").abi as Abi;
const blockTime = async (blockNumber: bigint) => (await f.publicClient.getBlock({ blockNumber })).timestamp;
const feeOf = (value: bigint, feeBps = FEE) => value - (value * (BPS - feeBps)) / BPS;

/** `who` stakes `eth` in `pool` and approves the unwinder for its new shares; returns the shares. */
async function stake(who: Wallet, pool: LiquidStakingPoolName, eth: bigint) {
  const p = f.pools[pool];
  const before = await p.read.balanceOf([who.account.address]);
  await receipt(await p.write.depositEth([who.account.address], { value: eth, account: who.account }));
  const shares = (await p.read.balanceOf([who.account.address])) - before;
  await receipt(await p.write.approve([f.unwinder.address, shares], { account: who.account }));
  return shares;
}
/** carol (ROUTER_ROLE) sells `shares` of `pool` to the unwinder, paid to `receiver`. */
async function unwindAs(
  shares: bigint,
  pool: LiquidStakingPoolName = "qETH",
  receiver: Address = f.carol.account.address,
) {
  const r = await receipt(
    await f.unwinder.write.unwind([f.pools[pool].address, shares, receiver], { account: f.carol.account }),
  );
  return { r, ev: events(f.unwinder.abi, r.logs, "Unwound")[0]!.args };
}
async function openPos(who: Wallet, pool: LiquidStakingPoolName, eth: bigint, leverageBps: bigint) {
  const r = await receipt(
    await f.router.write.openPosition([f.pools[pool].address, leverageBps, 0n], { value: eth, account: who.account }),
  );
  return { r, ev: events(f.router.abi, r.logs, "PositionOpened")[0]!.args };
}
async function closePos(who: Wallet, pool: LiquidStakingPoolName, minOut = 0n) {
  const r = await receipt(
    await f.router.write.closePosition([f.pools[pool].address, minOut], { account: who.account }),
  );
  return {
    r,
    ev: events(f.router.abi, r.logs, "PositionClosed")[0]!.args,
    unwound: events(f.unwinder.abi, r.logs, "Unwound")[0]!.args,
  };
}

// ---------------------------------------------------------------------------------------------------

describe("LeverageRouter.closePosition 3x on the real qETH through the buffer (headline)", () => {
  isolateEachTest();

  it("returns 1 ETH + staking yield - interest - unwinder fee (within 2 wei); the shares wait in qETH's queue, claimable after 3 days and not before, refilling the buffer", async () => {
    const { router, lending, unwinder, alice, bob, publicClient, weth } = f;
    const qeth = f.pools.qETH;
    const bufferBefore = await unwinder.read.bufferValue();
    expect(bufferBefore).toBe(parseEther("200"));

    // open 3x with 1 ETH: 2 ETH borrowed, 3 ETH staked in qETH as alice's collateral
    const { r: ro, ev: opened } = await openPos(alice, "qETH", E, 30_000n);
    expect(opened.debt).toBe(2n * E);
    const shares = opened.collateralShares as bigint;
    const tOpen = await blockTime(ro.blockNumber);
    const valueOpen = await qeth.read.convertToAssets([shares]);
    const assets0 = await qeth.read.totalAssets();
    const supply0 = await qeth.read.totalSupply();
    const rewardRate = await qeth.read.rewardRate();
    const index0 = await lending.read.borrowIndex();
    const scaled = await lending.read.scaledDebtOf([alice.account.address]);
    const totalDebt = await lending.read.totalDebt();
    const borrowRate = rateAt((totalDebt * WAD) / ((await lending.read.cash()) + totalDebt));
    expect(3n * E - valueOpen).toBeLessThanOrEqual(2n); // the vault's rounding on the stake

    // 30 days later, close through the unwinder
    const days = 30n;
    const tClose = tOpen + days * DAY;
    await setNextTimestamp(tClose);
    const balBefore = await publicClient.getBalance({ address: alice.account.address });
    const { r, ev, unwound } = await closePos(alice, "qETH");
    const received =
      (await publicClient.getBalance({ address: alice.account.address })) - balBefore + r.gasUsed * r.effectiveGasPrice;

    // the models: the reward stream accrues rewardRate per second to the holders pro rata (OZ virtual
    // share/asset of 1), the borrow index grows linearly at the rate fixed by the utilisation after the open
    const valueClose = (shares * (assets0 + rewardRate * (tClose - tOpen) + 1n)) / (supply0 + 1n);
    const yieldOnCollateral = valueClose - valueOpen;
    const debtClose = divUp(scaled * (index0 + (index0 * borrowRate * (tClose - tOpen)) / (YEAR * WAD)), RAY);
    const interest = debtClose - 2n * E;
    const fee = feeOf(valueClose);

    expect(unwound.assets).toBe(valueClose);
    expect(unwound.fee).toBe(fee);
    expect(unwound.wethOut).toBe(valueClose - fee);
    expect(ev.wethFromCollateral).toBe(valueClose - fee);
    expect(ev.debtRepaid).toBe(debtClose);
    expect(ev.ethOut).toBe(valueClose - fee - debtClose);
    expect(received).toBe(ev.ethOut);
    // the bound: 1 ETH + yield - interest - fee, less only the stake's rounding (<= 2 wei)
    const bound = E + yieldOnCollateral - interest - fee;
    expect(bound - received).toBe(3n * E - valueOpen);
    expect(bound - received).toBeLessThanOrEqual(2n);
    // sanity on sizes: yield ~ 3/4 of the 3.8%-of-1-ETH stream (3 of the pool's 4 ETH), 1.02% on 2 ETH, 0.2% of ~3 ETH
    expect(Number(yieldOnCollateral) / 1e18).toBeCloseTo((0.038 * 3 * 30) / (4 * 365), 6);
    expect(Number(interest) / 1e18).toBeCloseTo((2 * 0.0102 * 30) / 365, 9);
    expect(Number(fee) / 1e18).toBeCloseTo(0.006, 5);
    console.log(
      `[3x qETH via buffer, ${days} days] ethIn 1 ETH, shares ${shares}, value at open ${valueOpen}, at close ${valueClose}, ` +
        `yield ${yieldOnCollateral}, debt ${debtClose} (interest ${interest}), fee ${fee}, ethOut ${received}, ` +
        `bound 1 ETH + yield - interest - fee = ${bound} (diff ${bound - received} wei)`,
    );

    // nothing left with the user, the router, the lending pool account
    expect(await lending.read.debtOf([alice.account.address])).toBe(0n);
    expect(await lending.read.collateralOf([alice.account.address, qeth.address])).toBe(0n);
    expect(await weth.read.balanceOf([router.address])).toBe(0n);
    expect(await qeth.read.balanceOf([unwinder.address])).toBe(0n); // burned by the request

    // the shares sit in qETH's withdrawal queue for the unwinder
    const id = unwound.requestId as bigint;
    const req = await qeth.read.getWithdrawalRequest([id]);
    expect(getAddress(req.owner)).toBe(getAddress(unwinder.address));
    expect(req.shares).toBe(shares);
    expect(req.assets).toBe(valueClose);
    expect(req.claimed).toBe(false);
    expect(BigInt(req.claimableAt)).toBe(tClose + 3n * DAY);
    expect(unwound.claimableAt).toBe(tClose + 3n * DAY);
    expect(await unwinder.read.pendingRequests([qeth.address])).toEqual([id]);
    expect(await unwinder.read.pendingClaim([qeth.address, id])).toEqual([valueClose, tClose + 3n * DAY]);
    expect(await unwinder.read.pendingOf([qeth.address])).toBe(valueClose);
    expect(await unwinder.read.totalPending()).toBe(valueClose);
    expect(await unwinder.read.liquidBuffer()).toBe(bufferBefore - (valueClose - fee));
    expect(await unwinder.read.bufferValue()).toBe(bufferBefore + fee); // the buffer earned the fee
    expect(await unwinder.read.totalFees()).toBe(fee);

    // not before the delay (one second early), by anyone
    await setNextTimestamp(tClose + 3n * DAY - 1n);
    await expectRevert(unwinder.write.claimMatured([qeth.address, [id]], { account: bob.account }), "ClaimNotMatured", [
      getAddress(qeth.address),
      id,
      tClose + 3n * DAY,
    ]);
    expect((await unwinder.read.claimableRequests([qeth.address]))[0]).toEqual([]);
    // at claimableAt: bob (no role) claims it back into the buffer
    await setNextTimestamp(tClose + 3n * DAY);
    const c = await receipt(await unwinder.write.claimMatured([qeth.address, [id]], { account: bob.account }));
    expect(events(unwinder.abi, c.logs, "Claimed")[0]!.args).toEqual({
      pool: getAddress(qeth.address),
      requestId: id,
      caller: getAddress(bob.account.address),
      assets: valueClose,
    });
    expect(await unwinder.read.liquidBuffer()).toBe(bufferBefore + fee);
    expect(await unwinder.read.bufferValue()).toBe(bufferBefore + fee);
    expect(await unwinder.read.totalPending()).toBe(0n);
    expect(await unwinder.read.pendingRequests([qeth.address])).toEqual([]);
    expect((await qeth.read.getWithdrawalRequest([id])).claimed).toBe(true);
  });

  it("every pool (vibeETH 1 day, qETH 3 days, xqbETH 7 days) round-trips 2x through the buffer and refills after its own delay", async () => {
    const { unwinder, alice } = f;
    const delays: Record<LiquidStakingPoolName, bigint> = { vibeETH: 1n, qETH: 3n, xqbETH: 7n };
    let fees = 0n;
    for (const p of LIQUID_STAKING_POOLS) {
      await openPos(alice, p, E, 20_000n);
      const { ev, unwound, r } = await closePos(alice, p);
      expect(ev.ethOut).toBeGreaterThan(parseEther("0.99"));
      expect(unwound.claimableAt).toBe((await blockTime(r.blockNumber)) + delays[p] * DAY);
      fees += unwound.fee as bigint;
    }
    expect(await unwinder.read.bufferValue()).toBe(parseEther("200") + fees);
    const t = await latestTimestamp();
    await setNextTimestamp(t + 1n * DAY + 1n);
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    // after ~1 day only vibeETH has matured
    for (const p of LIQUID_STAKING_POOLS) {
      const [ids] = await unwinder.read.claimableRequests([f.pools[p].address]);
      expect(ids.length).toBe(p === "vibeETH" ? 1 : 0);
    }
    await setNextTimestamp(t + 7n * DAY + 1n);
    for (const p of LIQUID_STAKING_POOLS) {
      const [ids, assets] = await unwinder.read.claimableRequests([f.pools[p].address]);
      expect(ids.length).toBe(1);
      const before = await unwinder.read.liquidBuffer();
      await receipt(await unwinder.write.claimMatured([f.pools[p].address, [...ids]], { account: alice.account }));
      expect((await unwinder.read.liquidBuffer()) - before).toBe(assets);
    }
    expect(await unwinder.read.totalPending()).toBe(0n);
    expect(await unwinder.read.liquidBuffer()).toBe(parseEther("200") + fees);
  });

  it("a buffer too small makes closePosition fail cleanly with InsufficientBufferLiquidity(available, needed); funding fixes it", async () => {
    const { router, unwinder, deployer, alice } = f;
    const { ev } = await openPos(alice, "qETH", E, 30_000n);
    await receipt(
      await unwinder.write.withdrawBuffer([parseEther("199"), deployer.account.address], { account: deployer.account }),
    );
    const [, value] = await router.read.positionOf([alice.account.address, f.pools.qETH.address]);
    // views see the latest block; the close is mined 1 s later, so compute the need at that time
    const t = (await latestTimestamp()) + 60n;
    const needed = await computeValueAt(f.pools.qETH, ev.collateralShares, t);
    await setNextTimestamp(t);
    await expectRevert(
      router.write.closePosition([f.pools.qETH.address, 0n], { account: alice.account }),
      "InsufficientBufferLiquidity",
      [E, needed - feeOf(needed)],
      unwinderAbi(),
    );
    expect(value).toBeGreaterThan(E);
    // the position is untouched
    expect((await router.read.positionOf([alice.account.address, f.pools.qETH.address]))[0]).toBe(ev.collateralShares);
    await receipt(await unwinder.write.fundBuffer({ value: parseEther("5"), account: deployer.account }));
    const { ev: closed } = await closePos(alice, "qETH");
    expect(closed.ethOut).toBeGreaterThan(parseEther("0.99"));
  });

  it("paused unwinder: closePosition reverts EnforcedPause; without an unwinder the real pool says InstantRedemptionDisabled", async () => {
    const { router, unwinder, deployer, alice } = f;
    await openPos(alice, "qETH", E, 30_000n);
    await receipt(await unwinder.write.pause({ account: deployer.account }));
    await expectRevert(
      router.write.closePosition([f.pools.qETH.address, 0n], { account: alice.account }),
      "EnforcedPause",
      [],
      unwinderAbi(),
    );
    await receipt(await router.write.setUnwinder([f.pools.qETH.address, zeroAddress], { account: deployer.account }));
    await expectRevert(
      router.write.closePosition([f.pools.qETH.address, 0n], { account: alice.account }),
      "InstantRedemptionDisabled",
      [],
      poolAbi(),
    );
    await receipt(
      await router.write.setUnwinder([f.pools.qETH.address, unwinder.address], { account: deployer.account }),
    );
    await receipt(await unwinder.write.unpause({ account: deployer.account }));
    await closePos(alice, "qETH");
  });

  it("a paused staking pool (no new requests) makes the unwind revert PoolPaused(pool) up front", async () => {
    const { router, deployer, alice } = f;
    await openPos(alice, "qETH", E, 20_000n);
    await receipt(await f.pools.qETH.write.pause({ account: deployer.account }));
    await expectRevert(
      router.write.closePosition([f.pools.qETH.address, 0n], { account: alice.account }),
      "PoolPaused",
      [getAddress(f.pools.qETH.address)],
      unwinderAbi(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder constructor and roles", () => {
  isolateEachTest();

  it("grants admin/pauser/keeper to the admin and ROUTER_ROLE to the routers, lists the pools, sets the fee (events)", async () => {
    const { unwinder, router, deployer, weth, pools } = f;
    expect(getAddress(await unwinder.read.weth())).toBe(getAddress(weth.address));
    for (const r of [DEFAULT_ADMIN_ROLE, PAUSER_ROLE, KEEPER_ROLE]) {
      expect(await unwinder.read.hasRole([r, deployer.account.address])).toBe(true);
    }
    expect(await unwinder.read.hasRole([ROUTER_ROLE, router.address])).toBe(true);
    expect(await unwinder.read.hasRole([ROUTER_ROLE, deployer.account.address])).toBe(false);
    for (const p of LIQUID_STAKING_POOLS) expect(await unwinder.read.isPool([pools[p].address])).toBe(true);
    expect(await unwinder.read.feeBps()).toBe(20n);
    expect(await unwinder.read.MAX_FEE_BPS()).toBe(100n);
    expect(await unwinder.read.ROUTER_ROLE()).toBe(ROUTER_ROLE);

    const sent = await hre.viem.sendDeploymentTransaction("LiquidityBufferUnwinder", [
      deployer.account.address,
      weth.address,
      [router.address],
      [pools.qETH.address],
      30n,
    ]);
    const r = await receipt(sent.deploymentTransaction.hash);
    expect(events(unwinderAbi(), r.logs, "PoolSet").map((e) => e.args)).toEqual([
      { pool: getAddress(pools.qETH.address), supported: true },
    ]);
    expect(events(unwinderAbi(), r.logs, "FeeUpdated").map((e) => e.args)).toEqual([{ oldFeeBps: 0n, newFeeBps: 30n }]);
    expect(events(unwinderAbi(), r.logs, "RoleGranted")).toHaveLength(4);
  });

  it("reverts ZeroAddress (admin, WETH, a router, a pool), FeeTooHigh, PoolAssetMismatch", async () => {
    const { deployer, weth, router, pools } = f;
    const me = deployer.account.address;
    const d = (args: readonly unknown[]) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      hre.viem.deployContract("LiquidityBufferUnwinder", args as any);
    await expectRevert(d([zeroAddress, weth.address, [], [], 20n]), "ZeroAddress", [], unwinderAbi());
    await expectRevert(d([me, zeroAddress, [], [], 20n]), "ZeroAddress", [], unwinderAbi());
    await expectRevert(d([me, weth.address, [zeroAddress], [], 20n]), "ZeroAddress", [], unwinderAbi());
    await expectRevert(d([me, weth.address, [], [zeroAddress], 20n]), "ZeroAddress", [], unwinderAbi());
    await expectRevert(d([me, weth.address, [router.address], [], 101n]), "FeeTooHigh", [101n, 100n], unwinderAbi());
    const otherWeth = await hre.viem.deployContract("WETH9", []);
    await expectRevert(
      d([me, otherWeth.address, [], [pools.qETH.address], 20n]),
      "PoolAssetMismatch",
      [getAddress(pools.qETH.address), getAddress(weth.address)],
      unwinderAbi(),
    );
    await d([me, weth.address, [], [], 100n]); // the maximum is allowed
  });

  it("plain ETH is accepted only from WETH (UnexpectedEthSender)", async () => {
    const { unwinder, alice } = f;
    await expectRevert(
      alice.sendTransaction({ to: unwinder.address, value: 1n }),
      "UnexpectedEthSender",
      [getAddress(alice.account.address)],
      unwinderAbi(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder buffer: fundBuffer, fundBufferWeth, withdrawBuffer, withdrawBufferEth", () => {
  isolateEachTest();

  it("fundBuffer (ETH) and fundBufferWeth: KEEPER_ROLE only, ZeroAmount, BufferFunded events", async () => {
    const { unwinder, weth, deployer, alice, bob } = f;
    await expectRevert(
      unwinder.write.fundBuffer({ value: E, account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), KEEPER_ROLE],
    );
    await expectRevert(
      unwinder.write.fundBufferWeth([E], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), KEEPER_ROLE],
    );
    await expectRevert(unwinder.write.fundBuffer({ value: 0n, account: deployer.account }), "ZeroAmount", []);
    await expectRevert(unwinder.write.fundBufferWeth([0n], { account: deployer.account }), "ZeroAmount", []);

    await receipt(await unwinder.write.grantRole([KEEPER_ROLE, bob.account.address], { account: deployer.account }));
    const r1 = await receipt(await unwinder.write.fundBuffer({ value: parseEther("3"), account: bob.account }));
    expect(events(unwinder.abi, r1.logs, "BufferFunded")[0]!.args).toEqual({
      funder: getAddress(bob.account.address),
      amount: parseEther("3"),
      asEth: true,
      liquid: parseEther("203"),
    });
    await receipt(await weth.write.deposit({ value: parseEther("2"), account: bob.account }));
    await receipt(await weth.write.approve([unwinder.address, parseEther("2")], { account: bob.account }));
    const r2 = await receipt(await unwinder.write.fundBufferWeth([parseEther("2")], { account: bob.account }));
    expect(events(unwinder.abi, r2.logs, "BufferFunded")[0]!.args).toEqual({
      funder: getAddress(bob.account.address),
      amount: parseEther("2"),
      asEth: false,
      liquid: parseEther("205"),
    });
    expect(await unwinder.read.liquidBuffer()).toBe(parseEther("205"));
    expect(await unwinder.read.bufferValue()).toBe(parseEther("205"));
    expect(await weth.read.balanceOf([unwinder.address])).toBe(parseEther("205"));
  });

  it("withdrawBuffer (WETH) and withdrawBufferEth: admin only, ZeroAddress, ZeroAmount, only liquid WETH (InsufficientBufferLiquidity), events", async () => {
    const { unwinder, weth, deployer, alice, bob, publicClient } = f;
    for (const call of [
      () => unwinder.write.withdrawBuffer([E, alice.account.address], { account: alice.account }),
      () => unwinder.write.withdrawBufferEth([E, alice.account.address], { account: alice.account }),
    ]) {
      await expectRevert(call(), "AccessControlUnauthorizedAccount", [
        getAddress(alice.account.address),
        DEFAULT_ADMIN_ROLE,
      ]);
    }
    const a = { account: deployer.account };
    await expectRevert(unwinder.write.withdrawBuffer([E, zeroAddress], a), "ZeroAddress", []);
    await expectRevert(unwinder.write.withdrawBufferEth([E, zeroAddress], a), "ZeroAddress", []);
    await expectRevert(unwinder.write.withdrawBuffer([0n, bob.account.address], a), "ZeroAmount", []);
    await expectRevert(unwinder.write.withdrawBufferEth([0n, bob.account.address], a), "ZeroAmount", []);

    // with 1 ETH of shares bought, only the liquid part can leave
    const shares = await stake(f.carol, "qETH", E);
    const { ev } = await unwindAs(shares);
    const liquid = parseEther("200") - ev.wethOut;
    expect(await unwinder.read.liquidBuffer()).toBe(liquid);
    await expectRevert(
      unwinder.write.withdrawBuffer([liquid + 1n, bob.account.address], a),
      "InsufficientBufferLiquidity",
      [liquid, liquid + 1n],
    );
    await expectRevert(
      unwinder.write.withdrawBufferEth([parseEther("200"), bob.account.address], a),
      "InsufficientBufferLiquidity",
      [liquid, parseEther("200")],
    );

    const r1 = await receipt(await unwinder.write.withdrawBuffer([parseEther("50"), bob.account.address], a));
    expect(events(unwinder.abi, r1.logs, "BufferWithdrawn")[0]!.args).toEqual({
      to: getAddress(bob.account.address),
      amount: parseEther("50"),
      asEth: false,
      liquid: liquid - parseEther("50"),
    });
    expect(await weth.read.balanceOf([bob.account.address])).toBe(parseEther("50"));
    const ethBefore = await publicClient.getBalance({ address: bob.account.address });
    const r2 = await receipt(await unwinder.write.withdrawBufferEth([parseEther("20"), bob.account.address], a));
    expect(events(unwinder.abi, r2.logs, "BufferWithdrawn")[0]!.args).toEqual({
      to: getAddress(bob.account.address),
      amount: parseEther("20"),
      asEth: true,
      liquid: liquid - parseEther("70"),
    });
    expect((await publicClient.getBalance({ address: bob.account.address })) - ethBefore).toBe(parseEther("20"));
    // everything liquid can leave; the pending claim stays in bufferValue
    await receipt(await unwinder.write.withdrawBuffer([liquid - parseEther("70"), deployer.account.address], a));
    expect(await unwinder.read.liquidBuffer()).toBe(0n);
    expect(await unwinder.read.bufferValue()).toBe(ev.assets);
  });

  it("withdrawBufferEth to an address that refuses ETH reverts EthTransferFailed(to, amount)", async () => {
    const { unwinder, deployer, pools } = f;
    // a staking pool accepts ETH only from WETH
    await expectRevert(
      unwinder.write.withdrawBufferEth([E, pools.qETH.address], { account: deployer.account }),
      "EthTransferFailed",
      [getAddress(pools.qETH.address), E],
    );
  });

  it("funding and withdrawing keep working while paused", async () => {
    const { unwinder, deployer } = f;
    await receipt(await unwinder.write.pause({ account: deployer.account }));
    await receipt(await unwinder.write.fundBuffer({ value: E, account: deployer.account }));
    await receipt(await unwinder.write.withdrawBuffer([E, deployer.account.address], { account: deployer.account }));
    expect(await unwinder.read.liquidBuffer()).toBe(parseEther("200"));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder.unwind", () => {
  isolateEachTest();

  it("pays value x (1 - fee) to the receiver, queues the shares, records the pending claim (Unwound event); quote matches", async () => {
    const { unwinder, weth, carol, dave, pools } = f;
    const shares = await stake(carol, "qETH", parseEther("2"));
    const t = (await latestTimestamp()) + 1n;
    await setNextTimestamp(t);
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    const [qOut, qFee] = await unwinder.read.quote([pools.qETH.address, shares]);
    const value = await pools.qETH.read.convertToAssets([shares]);
    expect(qOut + qFee).toBe(value);
    expect(qFee).toBe(feeOf(value));

    await setNextTimestamp(t + 10n);
    const { ev, r } = await unwindAs(shares, "qETH", dave.account.address);
    const valueNow = (await pools.qETH.read.getWithdrawalRequest([ev.requestId])).assets;
    expect(ev).toEqual({
      router: getAddress(carol.account.address),
      pool: getAddress(pools.qETH.address),
      requestId: ev.requestId,
      receiver: getAddress(dave.account.address),
      shares,
      assets: valueNow,
      wethOut: valueNow - feeOf(valueNow),
      fee: feeOf(valueNow),
      claimableAt: (await blockTime(r.blockNumber)) + 3n * DAY,
    });
    expect(valueNow).toBeGreaterThan(value); // the stream kept running for 10 s
    expect(await weth.read.balanceOf([dave.account.address])).toBe(ev.wethOut);
    expect(await pools.qETH.read.balanceOf([carol.account.address])).toBe(0n);
    expect(await unwinder.read.pendingClaim([pools.qETH.address, ev.requestId])).toEqual([valueNow, ev.claimableAt]);
    expect(await unwinder.read.pendingOf([pools.qETH.address])).toBe(valueNow);
    expect(await unwinder.read.totalFees()).toBe(ev.fee);
    expect(await unwinder.read.bufferValue()).toBe(parseEther("200") + ev.fee);
    // pendingClaim of an unknown id is zero
    expect(await unwinder.read.pendingClaim([pools.qETH.address, 999n])).toEqual([0n, 0n]);
  });

  it("only ROUTER_ROLE (AccessControlUnauthorizedAccount)", async () => {
    const { unwinder, alice, pools } = f;
    await stake(alice, "qETH", E);
    await expectRevert(
      unwinder.write.unwind([pools.qETH.address, E / 2n, alice.account.address], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), ROUTER_ROLE],
    );
  });

  it("reverts UnsupportedPool, ZeroAmount, ZeroAddress receiver, PoolPaused, InsufficientBufferLiquidity(available, needed)", async () => {
    const { unwinder, carol, deployer, weth, pools } = f;
    const c = { account: carol.account };
    const shares = await stake(carol, "qETH", parseEther("250"));
    await expectRevert(unwinder.write.unwind([weth.address, 1n, carol.account.address], c), "UnsupportedPool", [
      getAddress(weth.address),
    ]);
    await expectRevert(unwinder.write.unwind([pools.qETH.address, 0n, carol.account.address], c), "ZeroAmount", []);
    await expectRevert(unwinder.write.unwind([pools.qETH.address, 1n, zeroAddress], c), "ZeroAddress", []);
    // 250 ETH of shares against a 200 ETH buffer; the unwind is mined 100 s after the stake
    const [needed] = await unwinder.read.quote([pools.qETH.address, shares]);
    const t = (await latestTimestamp()) + 100n;
    const value = await computeValueAt(pools.qETH, shares, t);
    await setNextTimestamp(t);
    await expectRevert(
      unwinder.write.unwind([pools.qETH.address, shares, carol.account.address], c),
      "InsufficientBufferLiquidity",
      [parseEther("200"), value - feeOf(value)],
    );
    expect(needed).toBeGreaterThan(parseEther("200"));
    // a paused staking pool cannot take requests: rejected up front
    await receipt(await pools.qETH.write.pause({ account: deployer.account }));
    await expectRevert(unwinder.write.unwind([pools.qETH.address, 1n, carol.account.address], c), "PoolPaused", [
      getAddress(pools.qETH.address),
    ]);
  });

  it("pause (PAUSER_ROLE) stops unwind; unpause resumes; Paused/Unpaused events", async () => {
    const { unwinder, carol, alice, deployer, pools } = f;
    const shares = await stake(carol, "qETH", E);
    await expectRevert(unwinder.write.pause({ account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      PAUSER_ROLE,
    ]);
    const p = await receipt(await unwinder.write.pause({ account: deployer.account }));
    expect(events(unwinder.abi, p.logs, "Paused")).toHaveLength(1);
    await expectRevert(
      unwinder.write.unwind([pools.qETH.address, shares, carol.account.address], { account: carol.account }),
      "EnforcedPause",
      [],
    );
    await expectRevert(unwinder.write.unpause({ account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      PAUSER_ROLE,
    ]);
    const u = await receipt(await unwinder.write.unpause({ account: deployer.account }));
    expect(events(unwinder.abi, u.logs, "Unpaused")).toHaveLength(1);
    await unwindAs(shares);
  });

  it("a router whose role is revoked can no longer unwind", async () => {
    const { unwinder, carol, deployer, pools } = f;
    const shares = await stake(carol, "qETH", E);
    await receipt(await unwinder.write.revokeRole([ROUTER_ROLE, carol.account.address], { account: deployer.account }));
    await expectRevert(
      unwinder.write.unwind([pools.qETH.address, shares, carol.account.address], { account: carol.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(carol.account.address), ROUTER_ROLE],
    );
  });
});

/** convertToAssets(shares) as the pool will compute it at `ts` (reward stream, OZ virtual share/asset). */
async function computeValueAt(pool: Setup["pools"]["qETH"], shares: bigint, ts: bigint) {
  const now = await latestTimestamp();
  const assets = (await pool.read.totalAssets()) + (await pool.read.rewardRate()) * (ts - now);
  return (shares * (assets + 1n)) / ((await pool.read.totalSupply()) + 1n);
}

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder admin: setFee, setPool", () => {
  isolateEachTest();

  it("setFee: admin only, FeeTooHigh above 1%, FeeUpdated, applied to the next unwind", async () => {
    const { unwinder, deployer, alice, carol, pools } = f;
    await expectRevert(unwinder.write.setFee([30n], { account: alice.account }), "AccessControlUnauthorizedAccount", [
      getAddress(alice.account.address),
      DEFAULT_ADMIN_ROLE,
    ]);
    await expectRevert(unwinder.write.setFee([101n], { account: deployer.account }), "FeeTooHigh", [101n, 100n]);
    const r = await receipt(await unwinder.write.setFee([30n], { account: deployer.account }));
    expect(events(unwinder.abi, r.logs, "FeeUpdated")[0]!.args).toEqual({ oldFeeBps: 20n, newFeeBps: 30n });
    expect(await unwinder.read.feeBps()).toBe(30n);
    const shares = await stake(carol, "qETH", E);
    const { ev } = await unwindAs(shares);
    expect(ev.fee).toBe(feeOf(ev.assets, 30n));
    await receipt(await unwinder.write.setFee([0n], { account: deployer.account }));
    const s2 = await stake(carol, "qETH", E);
    const { ev: ev2 } = await unwindAs(s2);
    expect(ev2.fee).toBe(0n);
    expect(ev2.wethOut).toBe(ev2.assets);
    void pools;
  });

  it("setPool: admin only, ZeroAddress, PoolAssetMismatch, PoolSet; a delisted pool's unwinds stop but its claims still work", async () => {
    const { unwinder, deployer, alice, carol, pools } = f;
    await expectRevert(
      unwinder.write.setPool([pools.qETH.address, false], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
    await expectRevert(unwinder.write.setPool([zeroAddress, true], { account: deployer.account }), "ZeroAddress", []);
    const otherWeth = await hre.viem.deployContract("WETH9", []);
    const foreign = await hre.viem.deployContract(
      "LiquidStakingPool",
      [otherWeth.address, "F", "F", 1n, DAY, deployer.account.address, deployer.account.address],
      { value: 1n },
    );
    await expectRevert(
      unwinder.write.setPool([foreign.address, true], { account: deployer.account }),
      "PoolAssetMismatch",
      [getAddress(foreign.address), getAddress(otherWeth.address)],
    );
    // delisting needs no asset check
    await receipt(await unwinder.write.setPool([foreign.address, false], { account: deployer.account }));

    const shares = await stake(carol, "qETH", E);
    const { ev } = await unwindAs(shares / 2n);
    const r = await receipt(await unwinder.write.setPool([pools.qETH.address, false], { account: deployer.account }));
    expect(events(unwinder.abi, r.logs, "PoolSet")[0]!.args).toEqual({
      pool: getAddress(pools.qETH.address),
      supported: false,
    });
    expect(await unwinder.read.isPool([pools.qETH.address])).toBe(false);
    await expectRevert(
      unwinder.write.unwind([pools.qETH.address, shares / 2n, carol.account.address], { account: carol.account }),
      "UnsupportedPool",
      [getAddress(pools.qETH.address)],
    );
    await setNextTimestamp(ev.claimableAt);
    await receipt(await unwinder.write.claimMatured([pools.qETH.address, [ev.requestId]], { account: alice.account }));
    expect(await unwinder.read.totalPending()).toBe(0n);
    await receipt(await unwinder.write.setPool([pools.qETH.address, true], { account: deployer.account }));
    await unwindAs(shares / 2n);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder.claimMatured", () => {
  isolateEachTest();

  it("claims a batch in any order (id list stays consistent), anyone may call, works while paused; claimableRequests lists matured ids", async () => {
    const { unwinder, carol, dave, deployer, pools } = f;
    const q = pools.qETH.address;
    const ids: bigint[] = [];
    const assets: bigint[] = [];
    for (let i = 0; i < 4; i++) {
      const shares = await stake(carol, "qETH", parseEther("1") + BigInt(i));
      const { ev } = await unwindAs(shares);
      ids.push(ev.requestId);
      assets.push(ev.assets);
    }
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    expect(await unwinder.read.pendingRequests([q])).toEqual(ids);
    expect(await unwinder.read.pendingOf([q])).toBe(sum(assets));
    const last = (await unwinder.read.pendingClaim([q, ids[3]!]))[1];
    await setNextTimestamp(last);
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    const [matured, maturedAssets] = await unwinder.read.claimableRequests([q]);
    expect([...matured].sort()).toEqual([...ids].sort());
    expect(maturedAssets).toBe(sum(assets));

    await receipt(await unwinder.write.pause({ account: deployer.account }));
    // claim the 2nd and 1st (swap-and-pop moves the last ids around)
    const before = await unwinder.read.liquidBuffer();
    const r = await receipt(await unwinder.write.claimMatured([q, [ids[1]!, ids[0]!]], { account: dave.account }));
    const claimed = events(unwinder.abi, r.logs, "Claimed").map((e) => e.args);
    expect(claimed).toEqual([
      { pool: getAddress(q), requestId: ids[1], caller: getAddress(dave.account.address), assets: assets[1] },
      { pool: getAddress(q), requestId: ids[0], caller: getAddress(dave.account.address), assets: assets[0] },
    ]);
    expect((await unwinder.read.liquidBuffer()) - before).toBe(assets[0]! + assets[1]!);
    expect([...(await unwinder.read.pendingRequests([q]))].sort()).toEqual([ids[2], ids[3]].sort());
    expect(await unwinder.read.pendingOf([q])).toBe(assets[2]! + assets[3]!);
    // the moved ids still claim correctly
    await receipt(await unwinder.write.claimMatured([q, [ids[3]!, ids[2]!]], { account: dave.account }));
    expect(await unwinder.read.pendingRequests([q])).toEqual([]);
    expect(await unwinder.read.totalPending()).toBe(0n);
  });

  it("reverts ZeroAmount (no ids), UnknownClaim (never made, another owner's, already claimed), ClaimNotMatured(pool, id, claimableAt)", async () => {
    const { unwinder, alice, carol, pools } = f;
    const q = pools.qETH.address;
    await expectRevert(unwinder.write.claimMatured([q, []], { account: alice.account }), "ZeroAmount", []);
    await expectRevert(unwinder.write.claimMatured([q, [12345n]], { account: alice.account }), "UnknownClaim", [
      getAddress(q),
      12345n,
    ]);
    // a request of alice's own in the pool is not the unwinder's
    const own = await stake(alice, "qETH", E);
    await receipt(await pools.qETH.write.requestWithdrawal([own], { account: alice.account }));
    const aliceId = await pools.qETH.read.withdrawalRequestCount();
    await expectRevert(unwinder.write.claimMatured([q, [aliceId]], { account: alice.account }), "UnknownClaim", [
      getAddress(q),
      aliceId,
    ]);

    const shares = await stake(carol, "qETH", E);
    const { ev } = await unwindAs(shares);
    await expectRevert(
      unwinder.write.claimMatured([q, [ev.requestId]], { account: alice.account }),
      "ClaimNotMatured",
      [getAddress(q), ev.requestId, ev.claimableAt],
    );
    // the same id under another pool is unknown
    await expectRevert(
      unwinder.write.claimMatured([pools.vibeETH.address, [ev.requestId]], { account: alice.account }),
      "UnknownClaim",
      [getAddress(pools.vibeETH.address), ev.requestId],
    );
    await setNextTimestamp(ev.claimableAt);
    await receipt(await unwinder.write.claimMatured([q, [ev.requestId]], { account: alice.account }));
    await expectRevert(unwinder.write.claimMatured([q, [ev.requestId]], { account: alice.account }), "UnknownClaim", [
      getAddress(q),
      ev.requestId,
    ]);
    // a batch with one immature id reverts as a whole
    const s2 = await stake(carol, "qETH", E);
    const { ev: e2 } = await unwindAs(s2);
    const s3 = await stake(carol, "qETH", E);
    const { ev: e3 } = await unwindAs(s3);
    await setNextTimestamp(e2.claimableAt);
    await expectRevert(
      unwinder.write.claimMatured([q, [e2.requestId, e3.requestId]], { account: alice.account }),
      "ClaimNotMatured",
      [getAddress(q), e3.requestId, e3.claimableAt],
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("deployUnwinder", () => {
  isolateEachTest();

  it("defaults: 200 ETH buffer, 0.2% fee, ROUTER_ROLE for the router, every pool listed and set as the router's unwinder", async () => {
    const { unwinder, router, un, pools, publicClient } = f;
    expect(await unwinder.read.liquidBuffer()).toBe(parseEther("200"));
    expect(await unwinder.read.feeBps()).toBe(20n);
    for (const p of LIQUID_STAKING_POOLS) {
      expect(getAddress(await router.read.unwinders([pools[p].address]))).toBe(getAddress(unwinder.address));
    }
    const code = await publicClient.getCode({
      address: unwinder.address,
      blockNumber: BigInt(un.LiquidityBufferUnwinder.deployedOnBlock),
    });
    expect(code && code !== "0x").toBe(true);
  });

  it("bufferWei and feeBps options; refuses to run once the deployer is no longer the router's admin", async () => {
    const { router, deployer, bob, ls, lev } = f;
    const d = await deployUnwinder(hre, {
      router: router.address,
      pools: [ls.qETH.address],
      weth: ls.WETH9.address,
      bufferWei: 0n,
      feeBps: 10n,
    });
    const u = await hre.viem.getContractAt("LiquidityBufferUnwinder", d.LiquidityBufferUnwinder.address);
    expect(await u.read.liquidBuffer()).toBe(0n);
    expect(await u.read.feeBps()).toBe(10n);
    expect(await u.read.isPool([ls.vibeETH.address])).toBe(false);
    expect(getAddress(await router.read.unwinders([ls.qETH.address]))).toBe(getAddress(u.address));
    // after a handover the deployer cannot call setUnwinder: deployUnwinder says so before deploying anything
    await receipt(
      await router.write.grantRole([DEFAULT_ADMIN_ROLE, bob.account.address], { account: deployer.account }),
    );
    await receipt(
      await router.write.renounceRole([DEFAULT_ADMIN_ROLE, deployer.account.address], { account: deployer.account }),
    );
    await expect(
      deployUnwinder(hre, { router: lev.LeverageRouter.address, pools: [ls.qETH.address], weth: ls.WETH9.address }),
    ).rejects.toThrow(/must run before the admin handover/);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("LiquidityBufferUnwinder gas", () => {
  isolateEachTest();

  it("reports gasUsed of every entrypoint and of closePosition 3x via the buffer", async () => {
    const { unwinder, weth, deployer, alice, bob, carol, pools } = f;
    const a = { account: deployer.account };
    const gas: Record<string, bigint> = {};
    gas["fundBuffer"] = (await receipt(await unwinder.write.fundBuffer({ value: E, ...a }))).gasUsed;
    await receipt(await weth.write.deposit({ value: E, ...a }));
    await receipt(await weth.write.approve([unwinder.address, E], a));
    gas["fundBufferWeth"] = (await receipt(await unwinder.write.fundBufferWeth([E], a))).gasUsed;
    gas["withdrawBuffer"] = (
      await receipt(await unwinder.write.withdrawBuffer([E, deployer.account.address], a))
    ).gasUsed;
    gas["withdrawBufferEth"] = (
      await receipt(await unwinder.write.withdrawBufferEth([E, deployer.account.address], a))
    ).gasUsed;
    gas["setFee"] = (await receipt(await unwinder.write.setFee([25n], a))).gasUsed;
    gas["setPool"] = (await receipt(await unwinder.write.setPool([pools.qETH.address, true], a))).gasUsed;
    gas["pause"] = (await receipt(await unwinder.write.pause(a))).gasUsed;
    gas["unpause"] = (await receipt(await unwinder.write.unpause(a))).gasUsed;
    const shares = await stake(carol, "qETH", E);
    const { r: ru, ev } = await unwindAs(shares);
    gas["unwind (direct, first request: every slot cold and zero)"] = ru.gasUsed;
    const shares2 = await stake(carol, "qETH", E);
    gas["unwind (direct, later request)"] = (await unwindAs(shares2)).r.gasUsed;

    await openPos(alice, "qETH", E, 30_000n);
    const { r: rc, unwound } = await closePos(alice, "qETH");
    await openPos(bob, "qETH", E, 30_000n);
    await setNextTimestamp(unwound.claimableAt);
    gas["claimMatured (1 request)"] = (
      await receipt(await unwinder.write.claimMatured([pools.qETH.address, [ev.requestId]], { account: bob.account }))
    ).gasUsed;
    const { r: rc2, unwound: u2 } = await closePos(bob, "qETH");
    await setNextTimestamp(u2.claimableAt);
    gas["claimMatured (2 requests)"] = (
      await receipt(
        await unwinder.write.claimMatured([pools.qETH.address, [unwound.requestId, u2.requestId]], {
          account: bob.account,
        }),
      )
    ).gasUsed;

    for (const [fn, g] of Object.entries(gas)) console.log(`[gas] LiquidityBufferUnwinder.${fn}: ${g}`);
    console.log(`[gas] LeverageRouter.closePosition 3x via buffer: ${rc.gasUsed}`);
    console.log(`[gas] LeverageRouter.closePosition 3x via buffer (second close, warm queue): ${rc2.gasUsed}`);
    expect(rc.gasUsed).toBeLessThan(600_000n);
    expect(gas["unwind (direct, later request)"]!).toBeLessThan(300_000n);
  });
});
