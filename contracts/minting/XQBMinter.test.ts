// Tests for the ETH -> XQB + XQBUSD minter (XQBUSD now minted by the TreasuryVault at the oracle price),
// the two tokens (XQB's cap and genesis allocation, XQBUSD's vault-only mint/burn) and deployMinting.
// Runs on Hardhat's in-process network (vitest project "contracts", pool "forks": one Hardhat per file).
// Each describe block deploys once; every test runs between evm_snapshot and evm_revert.
// Contracts are compiled before the tests run (`npm test` compiles once up front); test files never
// compile, so parallel workers only read artifacts/.
// ts-node is registered for Hardhat's config by the project's setup file (scripts/lib/register-ts-node.ts).
import hre from "hardhat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getAddress,
  keccak256,
  parseEther,
  parseEventLogs,
  parseUnits,
  stringToHex,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import {
  deployMinting,
  GENESIS_ALLOCATION,
  LOCAL_GENESIS_ADDRESSES,
  MINTING_PARAMS,
  type MintingDeployment,
} from "../../scripts/lib/deploy-minting";
import {
  expectRevert,
  isolateEachTest,
  revertTo,
  snapshot,
  type Snapshot,
  restoreChainAfterFile,
} from "../testing/chain";
import { mulberry32, randBigInt } from "../testing/random";

// ---------------------------------------------------------------------------------------------------
// helpers

const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const VAULT_ROLE = keccak256(toHex("VAULT_ROLE"));
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const GENESIS_SUPPLY = parseEther("150000000");
const MAX_SUPPLY = parseEther("1000000000");
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const PRICE_3000 = parseUnits("3000", 8);

/** Independent reference for the minter's formula. */
function expected(weiIn: bigint, price: bigint, xqbPerEth = MINTING_PARAMS.xqbPerEth) {
  return {
    xqb: weiIn * xqbPerEth,
    xqbusd: (weiIn * price * 10_000n) / (10n ** 8n * 15_000n),
  };
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
  const vault = await hre.viem.getContractAt("TreasuryVault", deployment.TreasuryVault.address);
  const feed = await hre.viem.getContractAt("MockV3Aggregator", deployment.MockV3Aggregator!.address);
  /** Sets the mock ETH/USD feed (8 decimals), as the old setEthUsdPrice did on the minter. */
  const setPrice = async (price: bigint) => {
    await publicClient.waitForTransactionReceipt({
      hash: await feed.write.updateAnswer([price], { account: deployer.account }),
    });
  };
  return { deployment, publicClient, deployer, alice, bob, carol, minter, xqb, xqbusd, vault, feed, setPrice };
}
type Fixture = Awaited<ReturnType<typeof deployFixture>>;

// Compile once per worker (a no-op when artifacts are fresh), and deploy a base set all blocks share.
let base: Fixture;
restoreChainAfterFile();
beforeAll(async () => {
  base = await deployFixture();
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
    expect(await xqb.read.totalSupply()).toBe(GENESIS_SUPPLY + parseEther("3000"));
    expect(await xqbusd.read.totalSupply()).toBe(parseEther("2000"));
  });

  it("0.01 ETH mints 30 XQB and 20 XQBUSD", async () => {
    const { minter, xqb, xqbusd, alice } = base;
    await minter.write.mint([alice.account.address], { value: parseEther("0.01"), account: alice.account });
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("30"));
    expect(await xqbusd.read.balanceOf([alice.account.address])).toBe(parseEther("20"));
  });

  it("keeps the ETH as collateral in the vault: vault balance and totalCollateralWei grow, payer pays value + gas", async () => {
    const { minter, vault, alice, bob, carol, publicClient } = base;
    expect(await publicClient.getBalance({ address: vault.address })).toBe(0n);
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
    expect(await publicClient.getBalance({ address: vault.address })).toBe(total);
    expect(await publicClient.getBalance({ address: minter.address })).toBe(0n); // nothing stays in the minter
    expect(await minter.read.totalCollateralWei()).toBe(total);
    // it is the collateral of the minter's own position, carrying the XQBUSD minted as its debt
    const pos = await vault.read.positionOf([minter.address]);
    expect(pos.ethCollateral).toBe(total);
    expect(pos.debt).toBe(
      expected(parseEther("1.5"), PRICE_3000).xqbusd + expected(123_456_789n * 10n ** 6n, PRICE_3000).xqbusd,
    );
    expect(pos.collateralRatioBps).toBe(15_000n);
    expect(await vault.read.totalEthCollateral()).toBe(total);
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
    await expectRevert(
      minter.write.mint([alice.account.address], { value: 0n, account: alice.account }),
      "ZeroAmount",
      [],
    );
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
    expect(await publicClient.getBalance({ address: base.vault.address })).toBe(0n);
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
    const { minter, vault, alice, publicClient } = base;
    await expect(alice.sendTransaction({ to: minter.address, value: parseEther("1") })).rejects.toThrow();
    await expect(alice.sendTransaction({ to: vault.address, value: parseEther("1") })).rejects.toThrow();
    expect(await publicClient.getBalance({ address: minter.address })).toBe(0n);
    expect(await publicClient.getBalance({ address: vault.address })).toBe(0n);
  });

  it("reverts with the vault's EnforcedPause while the vault is paused, and mints again after unpause", async () => {
    const { minter, vault, xqb, deployer, alice } = base;
    await vault.write.pause({ account: deployer.account });
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "EnforcedPause",
      [],
    );
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(0n); // the XQB leg reverted too
    await vault.write.unpause({ account: deployer.account });
    await minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account });
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("3000"));
  });

  it("reverts with the vault's StalePrice(updatedAt, maxPriceAge) when the feed is older than maxPriceAge", async () => {
    const { minter, vault, feed, deployer, alice, publicClient } = base;
    await vault.write.setMaxPriceAge([3600n], { account: deployer.account });
    const [, , , updatedAt] = await feed.read.latestRoundData();
    await hre.network.provider.request({ method: "evm_increaseTime", params: [3601] });
    await hre.network.provider.request({ method: "evm_mine", params: [] });
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "StalePrice",
      [updatedAt, 3600n],
    );
    await expectRevert(minter.read.quote([parseEther("1")]), "StalePrice", [updatedAt, 3600n]);
    expect(await publicClient.getBalance({ address: vault.address })).toBe(0n);
  });

  it("reverts with the vault's NonPositivePrice(answer) for a zero or negative feed answer", async () => {
    const { minter, setPrice, alice } = base;
    for (const answer of [0n, -1n]) {
      await setPrice(answer);
      await expectRevert(
        minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
        "NonPositivePrice",
        [answer],
      );
    }
  });

  it("gas: one mint call (reported for the lead)", async () => {
    const { minter, alice, bob, publicClient } = base;
    const first = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account }),
    });
    const second = await publicClient.waitForTransactionReceipt({
      hash: await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account }),
    });
    console.log(`[gas] XQBMinter.mint (first: fresh recipient, fresh minter position): ${first.gasUsed}`);
    console.log(`[gas] XQBMinter.mint (repeat to same recipient): ${second.gasUsed}`);
    expect(first.status).toBe("success");
    // a first mint writes fresh slots: XQBUSD supply, 2 balances, the minter position's ETH and debt and the
    // vault's two totals (XQB's supply is already non-zero from genesis): > 7 * 20,000
    expect(first.gasUsed).toBeGreaterThan(140_000n);
    expect(first.gasUsed).toBeLessThan(300_000n);
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
    await base.setPrice(parseUnits("1", 8));
    expect(await minter.read.quote([1n])).toEqual([3000n, 0n]);
    expect(await minter.read.quote([2n])).toEqual([6000n, 1n]);
    expect(await minter.read.quote([parseEther("0.0001") + 1n])).toEqual([
      (parseEther("0.0001") + 1n) * 3000n,
      ((parseEther("0.0001") + 1n) * 2n) / 3n,
    ]);
  });

  it("never gives more XQBUSD than USD value / 1.5, and is the floor of it (seeded random amounts and prices)", async () => {
    const { minter, alice, setPrice } = base;
    const rand = mulberry32(0x5eed_2024);
    let checked = 0;
    for (let p = 0; p < 6; p++) {
      // prices from $1.00000001 to $1,000,000 (8 decimals)
      const price = randBigInt(rand, 100_000_001n, 1_000_000n * 10n ** 8n);
      await setPrice(price);
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

describe("XQBMinter price (the vault's ETH/USD feed replaces setEthUsdPrice)", () => {
  isolateEachTest();

  it("reports the feed's price with 8 decimals and quotes/mints at a new answer as soon as the feed moves", async () => {
    const { minter, xqb, xqbusd, alice, bob, setPrice } = base;
    expect(await minter.read.ethUsdPrice()).toBe(PRICE_3000);
    expect(await minter.read.PRICE_DECIMALS()).toBe(8n);
    await setPrice(parseUnits("4500", 8));
    expect(await minter.read.ethUsdPrice()).toBe(parseUnits("4500", 8));
    // 1 ETH at $4,500 backs 3,000 XQBUSD; XQB per ETH does not depend on the price
    expect(await minter.read.quote([parseEther("1")])).toEqual([parseEther("3000"), parseEther("3000")]);
    await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account });
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(parseEther("3000"));
    expect(await xqbusd.read.balanceOf([bob.account.address])).toBe(parseEther("3000"));
  });

  it("the minter has no price setter any more: its ABI has no setEthUsdPrice", async () => {
    const names = (hre.artifacts.readArtifactSync("XQBMinter").abi as Abi).map((x) => ("name" in x ? x.name : ""));
    expect(names).not.toContain("setEthUsdPrice");
    expect(names).toEqual(
      expect.arrayContaining([
        "mint",
        "quote",
        "Minted",
        "ZeroAmount",
        "BelowMinimumDeposit",
        "ZeroRecipient",
        "InvalidPrice",
        "InvalidConfig",
        "StalePrice",
        "NonPositivePrice",
        "EnforcedPause",
      ]),
    );
  });

  it("after a price drop, a new mint still gets exactly value / 1.5 and moves the minter position toward 150%", async () => {
    const { minter, vault, xqbusd, alice, bob, setPrice } = base;
    await minter.write.mint([bob.account.address], { value: parseEther("1"), account: alice.account });
    await setPrice(parseUnits("2700", 8)); // 1 ETH now backs 2,000 at 135%
    expect((await vault.read.positionOf([minter.address])).collateralRatioBps).toBe(13_500n);
    await minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account });
    expect(await xqbusd.read.balanceOf([alice.account.address])).toBe(parseEther("1800")); // 2,700 / 1.5
    // (5,400 / 3,800) = 142.1%: better than 135%, still below 150%
    expect((await vault.read.positionOf([minter.address])).collateralRatioBps).toBe(
      (parseEther("5400") * 10_000n) / parseEther("3800"),
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBMinter constructor", () => {
  isolateEachTest();

  const minterAbi = () => hre.artifacts.readArtifactSync("XQBMinter").abi as Abi;
  type Over = Partial<Record<"admin" | "xqb" | "vault", Address> & Record<"perEth" | "min", bigint>>;
  const args = (over: Over = {}): [Address, Address, Address, bigint, bigint] => [
    over.admin ?? base.deployer.account.address,
    over.xqb ?? base.xqb.address,
    over.vault ?? base.vault.address,
    over.perEth ?? 3_000n,
    over.min ?? parseEther("0.0001"),
  ];

  it("stores its configuration, reads XQBUSD from the vault and makes the admin DEFAULT_ADMIN_ROLE holder", async () => {
    const { carol } = base;
    const m = await hre.viem.deployContract("XQBMinter", [
      carol.account.address,
      base.xqb.address,
      base.vault.address,
      42n,
      7n,
    ]);
    expect(getAddress(await m.read.xqb())).toBe(getAddress(base.xqb.address));
    expect(getAddress(await m.read.vault())).toBe(getAddress(base.vault.address));
    expect(getAddress(await m.read.xqbusd())).toBe(getAddress(base.xqbusd.address));
    expect(await m.read.xqbPerEth()).toBe(42n);
    expect(await m.read.ethUsdPrice()).toBe(PRICE_3000);
    expect(await m.read.minDepositWei()).toBe(7n);
    expect(await m.read.totalCollateralWei()).toBe(0n);
    expect(await m.read.COLLATERAL_RATIO_BPS()).toBe(15_000n);
    expect(await m.read.PRICE_DECIMALS()).toBe(8n);
    expect(await m.read.hasRole([DEFAULT_ADMIN_ROLE, carol.account.address])).toBe(true);
    expect(await m.read.hasRole([DEFAULT_ADMIN_ROLE, base.deployer.account.address])).toBe(false);
  });

  it("a second minter without the vault's MINTER_ROLE cannot mint (AccessControlUnauthorizedAccount from the vault)", async () => {
    const { deployer, alice } = base;
    const m = await hre.viem.deployContract("XQBMinter", args());
    await base.xqb.write.grantRole([MINTER_ROLE, m.address], { account: deployer.account });
    await expectRevert(
      m.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(m.address), MINTER_ROLE],
    );
  });

  it("reverts ZeroRecipient for a zero admin, XQB or vault address", async () => {
    for (const over of [{ admin: zeroAddress }, { xqb: zeroAddress }, { vault: zeroAddress }] as const) {
      await expectRevert(hre.viem.deployContract("XQBMinter", args(over)), "ZeroRecipient", [], minterAbi());
    }
  });

  it("reverts InvalidConfig for zero xqbPerEth or zero minDepositWei", async () => {
    await expectRevert(hre.viem.deployContract("XQBMinter", args({ perEth: 0n })), "InvalidConfig", [], minterAbi());
    await expectRevert(hre.viem.deployContract("XQBMinter", args({ min: 0n })), "InvalidConfig", [], minterAbi());
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBToken: cap and genesis allocation", () => {
  isolateEachTest();

  const tokenAbi = () => hre.artifacts.readArtifactSync("XQBToken").abi as Abi;
  const label = (s: string) => stringToHex(s, { size: 32 });
  const table = (accounts: Address[], amounts: bigint[]) =>
    accounts.map((account, i) => ({ label: label(`b${i}`), account, amount: amounts[i]! }));

  it("has name, symbol, 18 decimals, the 1B cap, and exactly the spec's table minted to the seven holders", async () => {
    const { xqb } = base;
    expect(await xqb.read.name()).toBe("XQB Token");
    expect(await xqb.read.symbol()).toBe("XQB");
    expect(await xqb.read.decimals()).toBe(18);
    expect(await xqb.read.cap()).toBe(MAX_SUPPLY);
    expect(await xqb.read.MAX_SUPPLY()).toBe(MAX_SUPPLY);
    expect(await xqb.read.GENESIS_SUPPLY()).toBe(GENESIS_SUPPLY);
    expect(await xqb.read.totalSupply()).toBe(GENESIS_SUPPLY);
    const spec: Record<string, bigint> = {
      founderAllocation: parseEther("30000000"),
      treasuryReserves: parseEther("45000000"),
      stakingRewards: parseEther("30000000"),
      liquidityPools: parseEther("22500000"),
      developmentFund: parseEther("15000000"),
      marketingAllocation: parseEther("4500000"),
      communityIncentives: parseEther("3000000"),
    };
    let sum = 0n;
    for (const [name, amount] of Object.entries(spec)) {
      const holder = LOCAL_GENESIS_ADDRESSES[name as keyof typeof LOCAL_GENESIS_ADDRESSES];
      expect(await xqb.read.balanceOf([holder])).toBe(amount);
      sum += amount;
    }
    expect(sum).toBe(GENESIS_SUPPLY);
    expect(GENESIS_ALLOCATION.map((g) => [g.label, g.amount])).toEqual(Object.entries(spec));
    expect(new Set(Object.values(LOCAL_GENESIS_ADDRESSES)).size).toBe(7);
  });

  it("the local genesis holders are Hardhat dev accounts 10-16, in table order", async () => {
    const wallets = await hre.viem.getWalletClients();
    expect(Object.values(LOCAL_GENESIS_ADDRESSES)).toEqual(
      wallets.slice(10, 17).map((w) => getAddress(w.account.address)),
    );
  });

  it("emits GenesisAllocated(label, account, amount) per bucket at deployment", async () => {
    const { publicClient } = base;
    const logs = await publicClient.getContractEvents({
      address: base.xqb.address,
      abi: base.xqb.abi,
      eventName: "GenesisAllocated",
      fromBlock: BigInt(base.deployment.XQBToken.deployedOnBlock),
      toBlock: BigInt(base.deployment.XQBToken.deployedOnBlock),
    });
    expect(logs.map((l) => [l.args.label, l.args.account, l.args.amount])).toEqual(
      GENESIS_ALLOCATION.map((g) => [label(g.label), LOCAL_GENESIS_ADDRESSES[g.label], g.amount]),
    );
  });

  it("reverts GenesisSupplyMismatch(total, 150M) when the buckets do not add up, either way", async () => {
    const { deployer, alice, bob } = base;
    const a = [alice.account.address, bob.account.address];
    for (const amounts of [
      [parseEther("100000000"), parseEther("49999999")],
      [GENESIS_SUPPLY, 1n],
    ]) {
      await expectRevert(
        hre.viem.deployContract("XQBToken", [deployer.account.address, table(a, amounts)]),
        "GenesisSupplyMismatch",
        [amounts[0]! + amounts[1]!, GENESIS_SUPPLY],
        tokenAbi(),
      );
    }
  });

  it("reverts ZeroAllocationAddress(index), ZeroAllocationAmount(index), EmptyGenesis and ZeroAddress (admin)", async () => {
    const { deployer, alice } = base;
    const half = GENESIS_SUPPLY / 2n;
    await expectRevert(
      hre.viem.deployContract("XQBToken", [
        deployer.account.address,
        table([alice.account.address, zeroAddress], [half, half]),
      ]),
      "ZeroAllocationAddress",
      [1n],
      tokenAbi(),
    );
    await expectRevert(
      hre.viem.deployContract("XQBToken", [
        deployer.account.address,
        table([alice.account.address, alice.account.address], [GENESIS_SUPPLY, 0n]),
      ]),
      "ZeroAllocationAmount",
      [1n],
      tokenAbi(),
    );
    await expectRevert(
      hre.viem.deployContract("XQBToken", [deployer.account.address, []]),
      "EmptyGenesis",
      [],
      tokenAbi(),
    );
    await expectRevert(
      hre.viem.deployContract("XQBToken", [zeroAddress, table([alice.account.address], [GENESIS_SUPPLY])]),
      "ZeroAddress",
      [],
      tokenAbi(),
    );
  });

  it("a single-holder genesis of exactly 150M deploys", async () => {
    const { deployer, alice } = base;
    const t = await hre.viem.deployContract("XQBToken", [
      deployer.account.address,
      table([alice.account.address], [GENESIS_SUPPLY]),
    ]);
    expect(await t.read.balanceOf([alice.account.address])).toBe(GENESIS_SUPPLY);
  });

  it("MINTER_ROLE holders mint up to the cap exactly; one more wei reverts ERC20ExceededCap, and so does the ETH minter", async () => {
    const { xqb, minter, deployer, carol, alice } = base;
    await xqb.write.grantRole([MINTER_ROLE, carol.account.address], { account: deployer.account });
    const room = MAX_SUPPLY - (await xqb.read.totalSupply());
    await xqb.write.mint([carol.account.address, room - parseEther("1")], { account: carol.account });
    await expectRevert(
      xqb.write.mint([carol.account.address, parseEther("1") + 1n], { account: carol.account }),
      "ERC20ExceededCap",
      [MAX_SUPPLY + 1n, MAX_SUPPLY],
    );
    // 0.001 ETH would mint 3 XQB, more than the 1 XQB left: the whole ETH mint reverts
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("0.001"), account: alice.account }),
      "ERC20ExceededCap",
      [MAX_SUPPLY + parseEther("2"), MAX_SUPPLY],
      tokenAbi(),
    );
    await xqb.write.mint([carol.account.address, parseEther("1")], { account: carol.account });
    expect(await xqb.read.totalSupply()).toBe(MAX_SUPPLY);
  });

  it("a holder burns its own XQB (supply falls, the cap's room returns); burnFrom needs an allowance", async () => {
    const { xqb, alice, bob, deployer } = base;
    await xqb.write.mint([alice.account.address, parseEther("10")], { account: deployer.account });
    const supply = await xqb.read.totalSupply();
    await xqb.write.burn([parseEther("4")], { account: alice.account });
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("6"));
    expect(await xqb.read.totalSupply()).toBe(supply - parseEther("4"));
    await expectRevert(xqb.write.burn([parseEther("7")], { account: alice.account }), "ERC20InsufficientBalance", [
      getAddress(alice.account.address),
      parseEther("6"),
      parseEther("7"),
    ]);
    await expectRevert(
      xqb.write.burnFrom([alice.account.address, 1n], { account: bob.account }),
      "ERC20InsufficientAllowance",
      [getAddress(bob.account.address), 0n, 1n],
    );
    await xqb.write.approve([bob.account.address, 2n], { account: alice.account });
    await xqb.write.burnFrom([alice.account.address, 2n], { account: bob.account });
    expect(await xqb.read.totalSupply()).toBe(supply - parseEther("4") - 2n);
  });

  it("mint is MINTER_ROLE only: outsiders and even the admin revert AccessControlUnauthorizedAccount", async () => {
    const { xqb, alice, deployer } = base;
    // the deploy grants the treasury operator (the deployer) MINTER_ROLE; take it away to test the admin alone
    await xqb.write.revokeRole([MINTER_ROLE, deployer.account.address], { account: deployer.account });
    for (const who of [alice, deployer]) {
      await expectRevert(
        xqb.write.mint([who.account.address, parseEther("1")], { account: who.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(who.account.address), MINTER_ROLE],
      );
    }
    expect(await xqb.read.totalSupply()).toBe(GENESIS_SUPPLY);
  });

  it("the treasury operator (deployer) mints XQB for the treasury page's Mint XQB action", async () => {
    const { xqb, deployer, bob, publicClient } = base;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await xqb.write.mint([bob.account.address, parseEther("1000")], { account: deployer.account }),
    });
    console.log(`[gas] XQBToken.mint (treasury operator): ${r.gasUsed}`);
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(parseEther("1000"));
  });

  it("admin can grant MINTER_ROLE (holder then mints) and revoke it (holder then reverts); non-admins cannot grant", async () => {
    const { xqb, deployer, carol, bob, alice, publicClient } = base;
    const g = await publicClient.waitForTransactionReceipt({
      hash: await xqb.write.grantRole([MINTER_ROLE, carol.account.address], { account: deployer.account }),
    });
    const [granted] = parseEventLogs({ abi: xqb.abi, logs: g.logs, eventName: "RoleGranted" });
    expect(granted!.args).toEqual({
      role: MINTER_ROLE,
      account: getAddress(carol.account.address),
      sender: getAddress(deployer.account.address),
    });
    await xqb.write.mint([bob.account.address, 5n], { account: carol.account });
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(5n);
    await xqb.write.revokeRole([MINTER_ROLE, carol.account.address], { account: deployer.account });
    await expectRevert(
      xqb.write.mint([bob.account.address, 5n], { account: carol.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(carol.account.address), MINTER_ROLE],
    );
    await expectRevert(
      xqb.write.grantRole([MINTER_ROLE, alice.account.address], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), DEFAULT_ADMIN_ROLE],
    );
  });

  it("revoking the minter's MINTER_ROLE on XQBToken stops XQBMinter.mint", async () => {
    const { minter, deployer, alice, vault } = base;
    await base.xqb.write.revokeRole([MINTER_ROLE, minter.address], { account: deployer.account });
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(minter.address), MINTER_ROLE],
    );
    expect(await vault.read.totalEthCollateral()).toBe(0n);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("XQBUSD: minted and burned only by the vault", () => {
  isolateEachTest();

  it("has the expected name, symbol, 18 decimals, zero initial supply and VAULT_ROLE id; the vault holds VAULT_ROLE", async () => {
    const { xqbusd, vault } = base;
    expect(await xqbusd.read.name()).toBe("XQB USD Stablecoin");
    expect(await xqbusd.read.symbol()).toBe("XQBUSD");
    expect(await xqbusd.read.decimals()).toBe(18);
    expect(await xqbusd.read.totalSupply()).toBe(0n);
    expect(await xqbusd.read.VAULT_ROLE()).toBe(VAULT_ROLE);
    expect(await xqbusd.read.hasRole([VAULT_ROLE, vault.address])).toBe(true);
  });

  it("mint and burn revert AccessControlUnauthorizedAccount for everyone else: holders, the admin, the ETH minter", async () => {
    const { xqbusd, minter, alice, deployer } = base;
    await minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account });
    expect(await xqbusd.read.hasRole([VAULT_ROLE, minter.address])).toBe(false);
    for (const who of [alice, deployer]) {
      await expectRevert(
        xqbusd.write.mint([who.account.address, 1n], { account: who.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(who.account.address), VAULT_ROLE],
      );
      await expectRevert(
        xqbusd.write.burn([alice.account.address, 1n], { account: who.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(who.account.address), VAULT_ROLE],
      );
    }
    expect(await xqbusd.read.balanceOf([alice.account.address])).toBe(parseEther("2000"));
  });

  it("a VAULT_ROLE holder mints and burns (emitting Transfer to/from zero); revoking stops it", async () => {
    const { xqbusd, deployer, carol, bob, publicClient } = base;
    await xqbusd.write.grantRole([VAULT_ROLE, carol.account.address], { account: deployer.account });
    await xqbusd.write.mint([bob.account.address, 10n], { account: carol.account });
    const r = await publicClient.waitForTransactionReceipt({
      hash: await xqbusd.write.burn([bob.account.address, 4n], { account: carol.account }),
    });
    const [t] = parseEventLogs({ abi: xqbusd.abi, logs: r.logs, eventName: "Transfer" });
    expect(t!.args).toEqual({ from: getAddress(bob.account.address), to: zeroAddress, value: 4n });
    expect(await xqbusd.read.balanceOf([bob.account.address])).toBe(6n);
    await expectRevert(
      xqbusd.write.burn([bob.account.address, 7n], { account: carol.account }),
      "ERC20InsufficientBalance",
      [getAddress(bob.account.address), 6n, 7n],
    );
    await xqbusd.write.revokeRole([VAULT_ROLE, carol.account.address], { account: deployer.account });
    await expectRevert(
      xqbusd.write.mint([bob.account.address, 1n], { account: carol.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(carol.account.address), VAULT_ROLE],
    );
  });

  it("revoking the minter's MINTER_ROLE on the vault stops XQBMinter.mint (XQB leg included)", async () => {
    const { minter, vault, deployer, alice } = base;
    await vault.write.revokeRole([MINTER_ROLE, minter.address], { account: deployer.account });
    await expectRevert(
      minter.write.mint([alice.account.address], { value: parseEther("1"), account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(minter.address), MINTER_ROLE],
    );
    expect(await base.xqb.read.totalSupply()).toBe(GENESIS_SUPPLY);
    expect(await minter.read.totalCollateralWei()).toBe(0n);
  });

  it("reverts ZeroAddress for a zero admin", async () => {
    await expectRevert(
      hre.viem.deployContract("XQBUSD", [zeroAddress]),
      "ZeroAddress",
      [],
      hre.artifacts.readArtifactSync("XQBUSD").abi as Abi,
    );
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

  const NAMES = [
    "MockV3Aggregator",
    "MockUSDC",
    "XQBUSD",
    "TreasuryVault",
    "VibeCoin",
    "XQBToken",
    "XQBMinter",
  ] as const;

  it("returns the old three names plus the treasury's, all distinct and new each time", async () => {
    for (const n of ["XQBToken", "XQBUSD", "XQBMinter"] as const) expect(d[n].address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const addrs = NAMES.map((n) => getAddress(d[n]!.address));
    expect(new Set(addrs).size).toBe(NAMES.length);
    expect(addrs).not.toContain(getAddress(base.deployment.XQBMinter.address));
    expect(Object.keys(d).sort()).toEqual([...NAMES].sort());
  });

  it("wires the roles: minter on XQB and the vault, vault on XQBUSD, deployer admin/pauser/operator everywhere", async () => {
    const [deployer, other] = await hre.viem.getWalletClients();
    const me = deployer!.account.address;
    const xqb = await hre.viem.getContractAt("XQBToken", d.XQBToken.address);
    const xqbusd = await hre.viem.getContractAt("XQBUSD", d.XQBUSD.address);
    const minter = await hre.viem.getContractAt("XQBMinter", d.XQBMinter.address);
    const vault = await hre.viem.getContractAt("TreasuryVault", d.TreasuryVault.address);
    const vibe = await hre.viem.getContractAt("VibeCoin", d.VibeCoin.address);
    expect(await xqb.read.hasRole([MINTER_ROLE, d.XQBMinter.address])).toBe(true);
    expect(await xqb.read.hasRole([MINTER_ROLE, me])).toBe(true); // treasury operator
    expect(await vault.read.hasRole([MINTER_ROLE, d.XQBMinter.address])).toBe(true);
    expect(await xqbusd.read.hasRole([VAULT_ROLE, d.TreasuryVault.address])).toBe(true);
    expect(await xqbusd.read.hasRole([VAULT_ROLE, d.XQBMinter.address])).toBe(false);
    expect(await xqbusd.read.hasRole([VAULT_ROLE, me])).toBe(false);
    expect(await vault.read.hasRole([PAUSER_ROLE, me])).toBe(true);
    expect(await vibe.read.hasRole([MINTER_ROLE, me])).toBe(true); // reward service
    for (const c of [xqb, xqbusd, minter, vault, vibe]) {
      expect(await c.read.hasRole([DEFAULT_ADMIN_ROLE, me])).toBe(true);
      expect(await c.read.hasRole([DEFAULT_ADMIN_ROLE, other!.account.address])).toBe(false);
    }
    expect(getAddress(await minter.read.xqb())).toBe(getAddress(d.XQBToken.address));
    expect(getAddress(await minter.read.xqbusd())).toBe(getAddress(d.XQBUSD.address));
    expect(getAddress(await minter.read.vault())).toBe(getAddress(d.TreasuryVault.address));
    expect(getAddress(await vault.read.priceFeed())).toBe(getAddress(d.MockV3Aggregator!.address));
    expect(getAddress(await vault.read.usdc())).toBe(getAddress(d.MockUSDC!.address));
    expect(await vault.read.maxPriceAge()).toBe(30n * 24n * 3600n);
    expect(await minter.read.xqbPerEth()).toBe(MINTING_PARAMS.xqbPerEth);
    expect(await minter.read.ethUsdPrice()).toBe(MINTING_PARAMS.ethUsdPrice);
    expect(await minter.read.minDepositWei()).toBe(MINTING_PARAMS.minDepositWei);
  });

  it("records deployedOnBlock as the block where each contract's code first appears", async () => {
    const publicClient = await hre.viem.getPublicClient();
    let prev = Number(blockBefore);
    for (const name of NAMES) {
      const { address, deployedOnBlock } = d[name]!;
      expect(Number.isInteger(deployedOnBlock)).toBe(true);
      expect(deployedOnBlock).toBeGreaterThan(prev); // deployed in order, one tx per block (automine)
      prev = deployedOnBlock;
      const before = await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock - 1) });
      const at = await publicClient.getCode({ address, blockNumber: BigInt(deployedOnBlock) });
      expect(before ?? "0x").toBe("0x");
      expect(at && at.length).toBeGreaterThan(2);
      // immutables are filled in at deploy time, so only the length can be compared
      const artifact = await hre.artifacts.readArtifact(name);
      expect(at!.length).toBe(artifact.deployedBytecode.length);
    }
  });

  it("the freshly deployed minter mints end to end", async () => {
    const [, alice] = await hre.viem.getWalletClients();
    const minter = await hre.viem.getContractAt("XQBMinter", d.XQBMinter.address);
    const xqbusd = await hre.viem.getContractAt("XQBUSD", d.XQBUSD.address);
    await minter.write.mint([alice!.account.address], { value: parseEther("0.03"), account: alice!.account });
    expect(await xqbusd.read.balanceOf([alice!.account.address])).toBe(parseEther("60"));
  });

  it("wires a new XQB and minter to an existing treasury when `treasury` is given, and honours treasuryOperator: null", async () => {
    const again = await deployMinting(hre, { treasury: d, treasuryOperator: null });
    expect(getAddress(again.TreasuryVault.address)).toBe(getAddress(d.TreasuryVault.address));
    expect(getAddress(again.XQBMinter.address)).not.toBe(getAddress(d.XQBMinter.address));
    const [deployer] = await hre.viem.getWalletClients();
    const xqb = await hre.viem.getContractAt("XQBToken", again.XQBToken.address);
    expect(await xqb.read.hasRole([MINTER_ROLE, deployer!.account.address])).toBe(false);
    const vault = await hre.viem.getContractAt("TreasuryVault", d.TreasuryVault.address);
    expect(await vault.read.hasRole([MINTER_ROLE, again.XQBMinter.address])).toBe(true);
  });
});
