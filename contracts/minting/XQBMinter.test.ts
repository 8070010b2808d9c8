// Tests for the ETH -> XQB + XQBUSD minter, the two tokens and the deployMinting wiring.
// Runs on Hardhat's in-process network (vitest project "contracts", pool "forks": one Hardhat per file).
// Each describe block deploys once; every test runs between evm_snapshot and evm_revert.
// Contracts are compiled before the tests run (`npm test` compiles once up front); test files never
// compile, so parallel workers only read artifacts/.
// ts-node is registered for Hardhat's config by the project's setup file (scripts/lib/register-ts-node.ts).
import hre from "hardhat";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  decodeErrorResult,
  getAddress,
  keccak256,
  parseEther,
  parseEventLogs,
  parseUnits,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { deployMinting, MINTING_PARAMS, type MintingDeployment } from "../../scripts/lib/deploy-minting";
import { expectRevert, isolateEachTest, revertTo, snapshot, type Snapshot } from "../testing/chain";

// ---------------------------------------------------------------------------------------------------
// helpers

const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const PRICE_3000 = parseUnits("3000", 8);

/** Independent reference for the minter's formula. */
function expected(weiIn: bigint, price: bigint, xqbPerEth = MINTING_PARAMS.xqbPerEth) {
  return {
    xqb: weiIn * xqbPerEth,
    xqbusd: (weiIn * price * 10_000n) / (10n ** 8n * 15_000n),
  };
}

/** Seeded PRNG (mulberry32) so the "random" cases are the same on every run. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Uniform-ish bigint in [lo, hi] built from 32-bit draws. */
function randBigInt(rand: () => number, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  let x = 0n;
  for (let i = 0; i < 4; i++) x = (x << 32n) | BigInt(Math.floor(rand() * 2 ** 32));
  return lo + (x % span);
}

async function deployFixture() {
  const deployment = await deployMinting(hre);
  const wallets = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const [deployer, alice, bob, carol] = wallets;
  if (!deployer || !alice || !bob || !carol) throw new Error("need 4 accounts");
  const minter = await hre.viem.getContractAt("XQBMinter", deployment.XQBMinter.address);
  const xqb = await hre.viem.getContractAt("XQBToken", deployment.XQBToken.address);
  const xqbusd = await hre.viem.getContractAt("XQBUSD", deployment.XQBUSD.address);
  return { deployment, publicClient, deployer, alice, bob, carol, minter, xqb, xqbusd };
}
type Fixture = Awaited<ReturnType<typeof deployFixture>>;

// Compile once per worker (a no-op when artifacts are fresh), and deploy a base set all blocks share.
let base: Fixture;
let fileSnap: Snapshot;
beforeAll(async () => {
  fileSnap = await snapshot();
  base = await deployFixture();
});
afterAll(async () => {
  await revertTo(fileSnap);
});

// ---------------------------------------------------------------------------------------------------

describe("XQBMinter.mint", () => {
  isolateEachTest();

  it("1 ETH mints exactly 3,000 XQB and 2,000 XQBUSD (150% collateral) to the recipient", async () => {
    const { minter, xqb, xqbusd, alice, bob, publicClient } = base;
    const hash = await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");

    expect(await xqb.read.balanceOf([bob.account.address])).toBe(parseEther("3000"));
    expect(await xqbusd.read.balanceOf([bob.account.address])).toBe(parseEther("2000"));
    // not the spec's naive 3,000 XQBUSD
    expect(await xqbusd.read.balanceOf([bob.account.address])).not.toBe(parseEther("3000"));
    // the payer receives nothing
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await xqbusd.read.balanceOf([alice.account.address])).toBe(0n);
    expect(await xqb.read.totalSupply()).toBe(parseEther("3000"));
    expect(await xqbusd.read.totalSupply()).toBe(parseEther("2000"));
  });

  it("0.01 ETH mints 30 XQB and 20 XQBUSD", async () => {
    const { minter, xqb, xqbusd, alice } = base;
    await minter.write.mint([alice.account.address], { value: parseEther("0.01"), account: alice.account });
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("30"));
    expect(await xqbusd.read.balanceOf([alice.account.address])).toBe(parseEther("20"));
  });

  it("keeps the ETH as collateral: contract balance and totalCollateralWei grow, payer pays value + gas", async () => {
    const { minter, alice, bob, carol, publicClient } = base;
    expect(await publicClient.getBalance({ address: minter.address })).toBe(0n);
    expect(await minter.read.totalCollateralWei()).toBe(0n);

    const aliceBefore = await publicClient.getBalance({ address: alice.account.address });
    const bobBefore = await publicClient.getBalance({ address: bob.account.address });
    const h1 = await minter.write.mint([bob.account.address], { value: parseEther("1.5"), account: alice.account });
    const r1 = await publicClient.waitForTransactionReceipt({ hash: h1 });
    const aliceAfter = await publicClient.getBalance({ address: alice.account.address });
    expect(aliceBefore - aliceAfter).toBe(parseEther("1.5") + r1.gasUsed * r1.effectiveGasPrice);
    // the recipient's ETH is untouched
    expect(await publicClient.getBalance({ address: bob.account.address })).toBe(bobBefore);

    await minter.write.mint([carol.account.address], { value: 123_456_789n * 10n ** 6n, account: carol.account });
    const total = parseEther("1.5") + 123_456_789n * 10n ** 6n;
    expect(await publicClient.getBalance({ address: minter.address })).toBe(total);
    expect(await minter.read.totalCollateralWei()).toBe(total);
  });

  it("emits Minted(payer, recipient, ethIn, xqbOut, xqbusdOut)", async () => {
    const { minter, alice, bob, publicClient } = base;
    const value = parseEther("0.25");
    const hash = await minter.write.mint([bob.account.address], { value, account: alice.account });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const events = parseEventLogs({ abi: minter.abi, logs: receipt.logs, eventName: "Minted" });
    expect(events).toHaveLength(1);
    expect(getAddress(events[0]!.address)).toBe(getAddress(minter.address));
    expect(events[0]!.args).toEqual({
      payer: getAddress(alice.account.address),
      recipient: getAddress(bob.account.address),
      ethIn: value,
      xqbOut: parseEther("750"),
      xqbusdOut: parseEther("500"),
    });
    // and the two token Transfer events from address(0) to the recipient
    const xqbTransfers = parseEventLogs({ abi: base.xqb.abi, logs: receipt.logs, eventName: "Transfer" });
    expect(xqbTransfers.map((e) => [getAddress(e.address), e.args.from, e.args.to, e.args.value])).toEqual([
      [getAddress(base.xqb.address), zeroAddress, getAddress(bob.account.address), parseEther("750")],
      [getAddress(base.xqbusd.address), zeroAddress, getAddress(bob.account.address), parseEther("500")],
    ]);
  });

  it("returns the minted amounts from the call (simulate)", async () => {
    const { minter, alice, bob } = base;
    const { result } = await minter.simulate.mint([bob.account.address], {
      value: parseEther("2"),
      account: alice.account.address,
    });
    expect(result).toEqual([parseEther("6000"), parseEther("4000")]);
  });

  it("accumulates across repeated mints to the same recipient", async () => {
    const { minter, xqb, xqbusd, alice, bob } = base;
    for (const v of [parseEther("0.1"), parseEther("0.2"), parseEther("0.3")]) {
      await minter.write.mint([bob.account.address], { value: v, account: alice.account });
    }
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(parseEther("1800"));
    expect(await xqbusd.read.balanceOf([bob.account.address])).toBe(parseEther("1200"));
    expect(await minter.read.totalCollateralWei()).toBe(parseEther("0.6"));
  });

  it("reverts ZeroAmount when no ETH is sent", async () => {
    const { minter, alice } = base;
    await expectRevert(minter.write.mint([alice.account.address], { value: 0n, account: alice.account }), "ZeroAmount", []);
    expect(await minter.read.totalCollateralWei()).toBe(0n);
  });

  it("reverts BelowMinimumDeposit(sent, minimum) below 0.0001 ETH, accepts exactly the minimum", async () => {
    const { minter, xqb, alice } = base;
    const min = parseEther("0.0001");
    expect(await minter.read.minDepositWei()).toBe(min);
    for (const sent of [1n, 12_345n, min - 1n]) {
      await expectRevert(
        minter.write.mint([alice.account.address], { value: sent, account: alice.account }),
        "BelowMinimumDeposit",
        [sent, min],
      );
    }
    await minter.write.mint([alice.account.address], { value: min, account: alice.account });
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("0.3"));
    expect(await minter.read.totalCollateralWei()).toBe(min);
  });

  it("reverts ZeroRecipient for address(0)", async () => {
    const { minter, alice, publicClient } = base;
    await expectRevert(
      minter.write.mint([zeroAddress], { value: parseEther("1"), account: alice.account }),
      "ZeroRecipient",
      [],
    );
    expect(await publicClient.getBalance({ address: minter.address })).toBe(0n);
  });

  it("simulate (eth_call) reports the same custom errors as the transaction", async () => {
    const { minter, alice } = base;
    const sim = (recipient: Address, value: bigint) =>
      minter.simulate.mint([recipient], { value, account: alice.account.address });
    await expectRevert(sim(alice.account.address, 0n), "ZeroAmount", []);
    await expectRevert(sim(alice.account.address, 99n), "BelowMinimumDeposit", [99n, parseEther("0.0001")]);
    await expectRevert(sim(zeroAddress, parseEther("1")), "ZeroRecipient", []);
  });

  it("rejects plain ETH transfers (no receive/fallback), so collateral only enters through mint", async () => {
    const { minter, alice, publicClient } = base;
    await expect(alice.sendTransaction({ to: minter.address, value: parseEther("1") })).rejects.toThrow();
    expect(await publicClient.getBalance({ address: minter.address })).toBe(0n);
  });

  it("gas: one mint call (reported for the lead)", async () => {
    const { minter, alice, bob, publicClient } = base;
    const first = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account }),
    });
    const second = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account }),
    });
    console.log(
      `[gas] XQBMinter.mint 1 ETH: first mint (fresh recipient, empty supply) gasUsed=${first.gasUsed}; ` +
        `repeat mint to same recipient gasUsed=${second.gasUsed}`,
    );
    expect(first.status).toBe("success");
    // a first mint writes 5 fresh storage slots (collateral, 2 supplies, 2 balances): > 5 * 20,000
    expect(first.gasUsed).toBeGreaterThan(100_000n);
    expect(first.gasUsed).toBeLessThan(200_000n);
    expect(second.gasUsed).toBeLessThan(first.gasUsed);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBMinter.quote", () => {
  isolateEachTest();

  it("quotes the spec's examples", async () => {
    const { minter } = base;
    expect(await minter.read.quote([parseEther("1")])).toEqual([parseEther("3000"), parseEther("2000")]);
    expect(await minter.read.quote([parseEther("0.01")])).toEqual([parseEther("30"), parseEther("20")]);
    expect(await minter.read.quote([0n])).toEqual([0n, 0n]);
  });

  it("matches what mint actually delivers, including odd wei amounts", async () => {
    const { minter, xqb, xqbusd, alice, publicClient } = base;
    const amounts = [
      parseEther("0.0001"),
      100_000_000_000_001n, // minimum + 1 wei
      123_456_789_012_345_678n,
      parseEther("1") + 1n,
      333_333_333_333_333_333n,
      777_777_777_777_777_777_777n, // ~777 ETH, odd
      10n ** 14n * 3n + 7n,
    ];
    let i = 0;
    for (const value of amounts) {
      // a distinct fresh recipient per amount, so balances equal exactly what that mint delivered
      const recipient = getAddress(`0x${(0xbeef0000 + i++).toString(16).padStart(40, "0")}`);
      const [qXqb, qUsd] = await minter.read.quote([value]);
      const e = expected(value, PRICE_3000);
      expect([qXqb, qUsd]).toEqual([e.xqb, e.xqbusd]);

      const receipt = await publicClient.waitForTransactionReceipt({
        hash: await minter.write.mint([recipient], { value, account: alice.account }),
      });
      const [ev] = parseEventLogs({ abi: minter.abi, logs: receipt.logs, eventName: "Minted" });
      expect(ev!.args.xqbOut).toBe(qXqb);
      expect(ev!.args.xqbusdOut).toBe(qUsd);
      expect(await xqb.read.balanceOf([recipient])).toBe(qXqb);
      expect(await xqbusd.read.balanceOf([recipient])).toBe(qUsd);
    }
    // at $3,000 each wei backs exactly 2,000 units (3,000 / 1.5), so odd wei amounts are exact...
    expect((await minter.read.quote([parseEther("1") + 1n]))[1]).toBe(parseEther("2000") + 2000n);
    // ...at $1 they are not, and the contract rounds down: 1 wei -> floor(2/3) = 0, 2 wei -> floor(4/3) = 1
    await minter.write.setEthUsdPrice([parseUnits("1", 8)], { account: base.deployer.account });
    expect(await minter.read.quote([1n])).toEqual([3000n, 0n]);
    expect(await minter.read.quote([2n])).toEqual([6000n, 1n]);
    expect(await minter.read.quote([parseEther("0.0001") + 1n])).toEqual([
      (parseEther("0.0001") + 1n) * 3000n,
      (parseEther("0.0001") + 1n) * 2n / 3n,
    ]);
  });

  it("never gives more XQBUSD than USD value / 1.5, and is the floor of it (seeded random amounts and prices)", async () => {
    const { minter, alice, deployer } = base;
    const rand = mulberry32(0x5eed_2024);
    let checked = 0;
    for (let p = 0; p < 6; p++) {
      // prices from $1.00000001 to $1,000,000 (8 decimals)
      const price = randBigInt(rand, 100_000_001n, 1_000_000n * 10n ** 8n);
      await minter.write.setEthUsdPrice([price], { account: deployer.account });
      expect(await minter.read.ethUsdPrice()).toBe(price);
      for (let a = 0; a < 8; a++) {
        // amounts from 1 wei to ~10,000 ETH
        const weiIn = randBigInt(rand, 1n, 10n ** 22n);
        const [xqbOut, xqbusdOut] = await minter.read.quote([weiIn]);
        // USD value with 18 + 8 decimals: weiIn * price. Collateral rule: xqbusdOut * 1.5 <= value,
        // written without division: xqbusdOut * 1.5 * 10^8 <= weiIn * price.
        const valueScaled = weiIn * price; // USD * 1e26
        expect(xqbusdOut * 15n * 10n ** 7n <= valueScaled).toBe(true);
        // ... and one more unit would break it (the contract rounds down, not far below)
        expect((xqbusdOut + 1n) * 15n * 10n ** 7n > valueScaled).toBe(true);
        expect(xqbusdOut).toBe(expected(weiIn, price).xqbusd);
        expect(xqbOut).toBe(weiIn * 3000n);
        checked++;
      }
      // and a real mint at this price delivers the quote
      const weiIn = randBigInt(rand, 10n ** 14n, 10n ** 20n);
      const recipient = getAddress(`0x${(0xcafe0000 + p).toString(16).padStart(40, "0")}`);
      const [, q] = await minter.read.quote([weiIn]);
      await minter.write.mint([recipient], { value: weiIn, account: alice.account });
      expect(await base.xqbusd.read.balanceOf([recipient])).toBe(q);
      expect(q * 15n * 10n ** 7n <= weiIn * price).toBe(true);
    }
    expect(checked).toBe(48);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBMinter.setEthUsdPrice", () => {
  isolateEachTest();

  it("admin sets the price, emits EthUsdPriceUpdated(old, new), and mint uses the new price", async () => {
    const { minter, xqb, xqbusd, deployer, alice, bob, publicClient } = base;
    expect(await minter.read.ethUsdPrice()).toBe(PRICE_3000);
    const newPrice = parseUnits("4500", 8);
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.setEthUsdPrice([newPrice], { account: deployer.account }),
    });
    const events = parseEventLogs({ abi: minter.abi, logs: receipt.logs, eventName: "EthUsdPriceUpdated" });
    expect(events).toHaveLength(1);
    expect(events[0]!.args).toEqual({ oldPrice: PRICE_3000, newPrice });
    expect(await minter.read.ethUsdPrice()).toBe(newPrice);

    // 1 ETH at $4,500 backs 3,000 XQBUSD; XQB per ETH does not depend on the price
    expect(await minter.read.quote([parseEther("1")])).toEqual([parseEther("3000"), parseEther("3000")]);
    await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account });
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(parseEther("3000"));
    expect(await xqbusd.read.balanceOf([bob.account.address])).toBe(parseEther("3000"));

    // a second update reports the previous new price as old
    const r2 = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.setEthUsdPrice([1n], { account: deployer.account }),
    });
    const [ev2] = parseEventLogs({ abi: minter.abi, logs: r2.logs, eventName: "EthUsdPriceUpdated" });
    expect(ev2!.args).toEqual({ oldPrice: newPrice, newPrice: 1n });
  });

  it("is admin only: AccessControlUnauthorizedAccount(account, DEFAULT_ADMIN_ROLE) for others", async () => {
    const { minter, alice } = base;
    await expectRevert(
      minter.write.setEthUsdPrice([parseUnits("1", 8)], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
    expect(await minter.read.ethUsdPrice()).toBe(PRICE_3000);
  });

  it("a newly granted admin may set it; a revoked one may not", async () => {
    const { minter, deployer, carol } = base;
    await minter.write.grantRole([DEFAULT_ADMIN_ROLE, carol.account.address], { account: deployer.account });
    await minter.write.setEthUsdPrice([parseUnits("2500", 8)], { account: carol.account });
    expect(await minter.read.ethUsdPrice()).toBe(parseUnits("2500", 8));
    await minter.write.revokeRole([DEFAULT_ADMIN_ROLE, carol.account.address], { account: deployer.account });
    await expectRevert(
      minter.write.setEthUsdPrice([parseUnits("2600", 8)], { account: carol.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(carol.account.address), DEFAULT_ADMIN_ROLE],
    );
  });

  it("reverts InvalidPrice on 0", async () => {
    const { minter, deployer } = base;
    await expectRevert(minter.write.setEthUsdPrice([0n], { account: deployer.account }), "InvalidPrice", []);
    expect(await minter.read.ethUsdPrice()).toBe(PRICE_3000);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBMinter constructor", () => {
  isolateEachTest();

  const minterAbi = () => hre.artifacts.readArtifactSync("XQBMinter").abi as Abi;
  type Over = Partial<Record<"admin" | "xqb" | "xqbusd", Address> & Record<"perEth" | "price" | "min", bigint>>;
  const args = (over: Over = {}): [Address, Address, Address, bigint, bigint, bigint] => [
    over.admin ?? base.deployer.account.address,
    over.xqb ?? base.xqb.address,
    over.xqbusd ?? base.xqbusd.address,
    over.perEth ?? 3_000n,
    over.price ?? PRICE_3000,
    over.min ?? parseEther("0.0001"),
  ];

  it("stores its configuration and makes the admin DEFAULT_ADMIN_ROLE holder", async () => {
    const { carol } = base;
    const m = await hre.viem.deployContract("XQBMinter", [
      carol.account.address,
      base.xqb.address,
      base.xqbusd.address,
      42n,
      parseUnits("1234.5", 8),
      7n,
    ]);
    expect(getAddress(await m.read.xqb())).toBe(getAddress(base.xqb.address));
    expect(getAddress(await m.read.xqbusd())).toBe(getAddress(base.xqbusd.address));
    expect(await m.read.xqbPerEth()).toBe(42n);
    expect(await m.read.ethUsdPrice()).toBe(parseUnits("1234.5", 8));
    expect(await m.read.minDepositWei()).toBe(7n);
    expect(await m.read.totalCollateralWei()).toBe(0n);
    expect(await m.read.COLLATERAL_RATIO_BPS()).toBe(15_000n);
    expect(await m.read.PRICE_DECIMALS()).toBe(8n);
    expect(await m.read.hasRole([DEFAULT_ADMIN_ROLE, carol.account.address])).toBe(true);
    expect(await m.read.hasRole([DEFAULT_ADMIN_ROLE, base.deployer.account.address])).toBe(false);
  });

  it("reverts ZeroRecipient for a zero admin, XQB or XQBUSD address", async () => {
    for (const over of [{ admin: zeroAddress }, { xqb: zeroAddress }, { xqbusd: zeroAddress }] as const) {
      await expectRevert(hre.viem.deployContract("XQBMinter", args(over)), "ZeroRecipient", [], minterAbi());
    }
  });

  it("reverts InvalidConfig for zero xqbPerEth or zero minDepositWei", async () => {
    await expectRevert(hre.viem.deployContract("XQBMinter", args({ perEth: 0n })), "InvalidConfig", [], minterAbi());
    await expectRevert(hre.viem.deployContract("XQBMinter", args({ min: 0n })), "InvalidConfig", [], minterAbi());
  });

  it("reverts InvalidPrice for a zero price", async () => {
    await expectRevert(hre.viem.deployContract("XQBMinter", args({ price: 0n })), "InvalidPrice", [], minterAbi());
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBToken and XQBUSD", () => {
  isolateEachTest();

  const tokens = () =>
    [
      { label: "XQBToken", c: base.xqb, name: "XQB Token", symbol: "XQB" },
      { label: "XQBUSD", c: base.xqbusd, name: "XQB USD Stablecoin", symbol: "XQBUSD" },
    ] as const;

  it("have the expected names, symbols, 18 decimals, zero initial supply and MINTER_ROLE id", async () => {
    for (const t of tokens()) {
      expect(await t.c.read.name()).toBe(t.name);
      expect(await t.c.read.symbol()).toBe(t.symbol);
      expect(await t.c.read.decimals()).toBe(18);
      expect(await t.c.read.totalSupply()).toBe(0n);
      expect(await t.c.read.MINTER_ROLE()).toBe(MINTER_ROLE);
    }
  });

  it("mint is MINTER_ROLE only: outsiders and even the admin revert AccessControlUnauthorizedAccount", async () => {
    const { alice, deployer } = base;
    for (const t of tokens()) {
      for (const who of [alice, deployer]) {
        await expectRevert(
          t.c.write.mint([who.account.address, parseEther("1")], { account: who.account }),
          "AccessControlUnauthorizedAccount",
          [getAddress(who.account.address), MINTER_ROLE],
        );
      }
      expect(await t.c.read.totalSupply()).toBe(0n);
    }
  });

  it("admin can grant MINTER_ROLE (holder then mints) and revoke it (holder then reverts)", async () => {
    const { deployer, carol, bob, publicClient } = base;
    for (const t of tokens()) {
      const g = await publicClient.waitForTransactionReceipt({
        hash: await t.c.write.grantRole([MINTER_ROLE, carol.account.address], { account: deployer.account }),
      });
      const [granted] = parseEventLogs({ abi: t.c.abi, logs: g.logs, eventName: "RoleGranted" });
      expect(granted!.args).toEqual({
        role: MINTER_ROLE,
        account: getAddress(carol.account.address),
        sender: getAddress(deployer.account.address),
      });
      expect(await t.c.read.hasRole([MINTER_ROLE, carol.account.address])).toBe(true);

      await t.c.write.mint([bob.account.address, 5n], { account: carol.account });
      expect(await t.c.read.balanceOf([bob.account.address])).toBe(5n);
      expect(await t.c.read.totalSupply()).toBe(5n);

      await t.c.write.revokeRole([MINTER_ROLE, carol.account.address], { account: deployer.account });
      expect(await t.c.read.hasRole([MINTER_ROLE, carol.account.address])).toBe(false);
      await expectRevert(
        t.c.write.mint([bob.account.address, 5n], { account: carol.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(carol.account.address), MINTER_ROLE],
      );
      expect(await t.c.read.totalSupply()).toBe(5n);
    }
  });

  it("non-admins cannot grant MINTER_ROLE (AccessControlUnauthorizedAccount for DEFAULT_ADMIN_ROLE)", async () => {
    const { alice } = base;
    for (const t of tokens()) {
      await expectRevert(
        t.c.write.grantRole([MINTER_ROLE, alice.account.address], { account: alice.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
      );
      expect(await t.c.read.hasRole([MINTER_ROLE, alice.account.address])).toBe(false);
    }
  });

  it("revoking the minter's MINTER_ROLE stops XQBMinter.mint", async () => {
    const { minter, deployer, alice } = base;
    await base.xqbusd.write.revokeRole([MINTER_ROLE, minter.address], { account: deployer.account });
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(minter.address), MINTER_ROLE],
    );
    // the whole mint reverted, XQB leg included
    expect(await base.xqb.read.totalSupply()).toBe(0n);
    expect(await minter.read.totalCollateralWei()).toBe(0n);
  });

  it("minted balances are ordinary ERC20 balances (transfer works)", async () => {
    const { minter, alice, bob } = base;
    await minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account });
    await base.xqbusd.write.transfer([bob.account.address, parseEther("500")], { account: alice.account });
    expect(await base.xqbusd.read.balanceOf([alice.account.address])).toBe(parseEther("1500"));
    expect(await base.xqbusd.read.balanceOf([bob.account.address])).toBe(parseEther("500"));
  });
});

// ---------------------------------------------------------------------------------------------------

describe("deployMinting", () => {
  let d: MintingDeployment;
  let snap: Snapshot;
  let blockBefore: bigint;
  beforeAll(async () => {
    snap = await snapshot();
    blockBefore = await (await hre.viem.getPublicClient()).getBlockNumber();
    d = await deployMinting(hre); // a second, independent deployment on top of `base`
  });
  afterAll(async () => {
    await revertTo(snap);
  });

  it("deploys three distinct contracts, new ones each time", async () => {
    const addrs = [d.XQBToken.address, d.XQBUSD.address, d.XQBMinter.address].map((a) => getAddress(a));
    expect(new Set(addrs).size).toBe(3);
    expect(addrs).not.toContain(getAddress(base.deployment.XQBMinter.address));
  });

  it("wires the minter with MINTER_ROLE on both tokens and the deployer with DEFAULT_ADMIN_ROLE everywhere", async () => {
    const [deployer, other] = await hre.viem.getWalletClients();
    const xqb = await hre.viem.getContractAt("XQBToken", d.XQBToken.address);
    const xqbusd = await hre.viem.getContractAt("XQBUSD", d.XQBUSD.address);
    const minter = await hre.viem.getContractAt("XQBMinter", d.XQBMinter.address);
    for (const token of [xqb, xqbusd]) {
      expect(await token.read.hasRole([MINTER_ROLE, d.XQBMinter.address])).toBe(true);
      expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, deployer!.account.address])).toBe(true);
      expect(await token.read.hasRole([MINTER_ROLE, deployer!.account.address])).toBe(false);
      expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, d.XQBMinter.address])).toBe(false);
      expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, other!.account.address])).toBe(false);
    }
    expect(await minter.read.hasRole([DEFAULT_ADMIN_ROLE, deployer!.account.address])).toBe(true);
    expect(getAddress(await minter.read.xqb())).toBe(getAddress(d.XQBToken.address));
    expect(getAddress(await minter.read.xqbusd())).toBe(getAddress(d.XQBUSD.address));
    expect(await minter.read.xqbPerEth()).toBe(MINTING_PARAMS.xqbPerEth);
    expect(await minter.read.ethUsdPrice()).toBe(MINTING_PARAMS.ethUsdPrice);
    expect(await minter.read.minDepositWei()).toBe(MINTING_PARAMS.minDepositWei);
  });

  it("records deployedOnBlock as the block where each contract's code first appears", async () => {
    const publicClient = await hre.viem.getPublicClient();
    let prev = Number(blockBefore);
    for (const name of ["XQBToken", "XQBUSD", "XQBMinter"] as const) {
      const { address, deployedOnBlock } = d[name];
      expect(Number.isInteger(deployedOnBlock)).toBe(true);
      expect(deployedOnBlock).toBeGreaterThan(prev); // deployed in order, one tx per block (automine)
      prev = deployedOnBlock;
      const before = await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock - 1) });
      const at = await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock) });
      expect(before ?? "0x").toBe("0x");
      expect(at && at.length).toBeGreaterThan(2);
      // and it is this artifact's runtime code (XQBMinter's immutables are filled in at deploy time,
      // so for it only the length can be compared)
      const artifact = await hre.artifacts.readArtifact(name);
      if (name === "XQBMinter") expect(at!.length).toBe(artifact.deployedBytecode.length);
      else expect(at).toBe(artifact.deployedBytecode);
    }
  });

  it("the freshly deployed minter mints end to end", async () => {
    const [, alice] = await hre.viem.getWalletClients();
    const minter = await hre.viem.getContractAt("XQBMinter", d.XQBMinter.address);
    const xqbusd = await hre.viem.getContractAt("XQBUSD", d.XQBUSD.address);
    await minter.write.mint([alice!.account.address], { value: parseEther("0.03"), account: alice!.account });
    expect(await xqbusd.read.balanceOf([alice!.account.address])).toBe(parseEther("60"));
  });
});
