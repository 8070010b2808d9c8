// Tests for BridgeEscrow (lock XQB for Stellar / XRPL, relayer release with replay protection, the
// locked-balance bound, pause, relayer rotation) and deployBridge, including admin handed to the Safe.
// Runs on Hardhat's in-process network; contracts are compiled before the run (tests never compile).
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { Keypair } from "@stellar/stellar-sdk";
import { Wallet } from "xrpl";
import {
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEther,
  parseEventLogs,
  stringToHex,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { BRIDGE_CHAIN, deployBridge } from "../../scripts/lib/deploy-bridge";
import { GENESIS_ALLOCATION } from "../../scripts/lib/deploy-minting";
import { deployGovernance, execAsMultisig } from "../../scripts/lib/deploy-governance";
import { expectRevert, isolateEachTest, revertTo, snapshot, restoreChainAfterFile } from "../testing/chain";

const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const RELAYER_ROLE = keccak256(toHex("RELAYER_ROLE"));
const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const { Stellar, XRPL } = BRIDGE_CHAIN;

// Real addresses from the ledgers' own SDKs, plus fixed ones.
const STELLAR_ADDR = "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7";
const XRPL_ADDR = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh"; // the XRPL genesis account
const STELLAR_SECRET = Keypair.random().secret(); // S..., 56 chars: must never be accepted as a destination
const txId = (s: string) => keccak256(toHex(s));
const byte = (c: string) => toHex(c.charCodeAt(0), { size: 1 });

async function deployFixture() {
  const wallets = await hre.viem.getWalletClients();
  const [deployer, alice, bob, relayer, stranger, newRelayer, o1, o2] = wallets;
  if (!deployer || !alice || !bob || !relayer || !stranger || !newRelayer || !o1 || !o2)
    throw new Error("need 8 accounts");
  const publicClient = await hre.viem.getPublicClient();
  // The whole genesis supply to the deployer: this file tests the escrow, not the allocation table.
  const genesis = GENESIS_ALLOCATION.map((a) => ({
    label: stringToHex(a.label, { size: 32 }),
    account: deployer.account.address,
    amount: a.amount,
  }));
  const xqb = await hre.viem.deployContract("XQBToken", [deployer.account.address, genesis]);
  await publicClient.waitForTransactionReceipt({
    hash: await xqb.write.grantRole([MINTER_ROLE, deployer.account.address]),
  });
  for (const w of [alice, bob]) {
    await publicClient.waitForTransactionReceipt({
      hash: await xqb.write.mint([w.account.address, parseEther("10000")]),
    });
  }
  const deployment = await deployBridge(hre, { token: xqb.address, relayer: relayer.account.address });
  const escrow = await hre.viem.getContractAt("BridgeEscrow", deployment.BridgeEscrow.address);
  for (const w of [alice, bob]) {
    await publicClient.waitForTransactionReceipt({
      hash: await xqb.write.approve([escrow.address, 2n ** 256n - 1n], { account: w.account }),
    });
  }
  return { deployment, deployer, alice, bob, relayer, stranger, newRelayer, o1, o2, publicClient, xqb, escrow };
}
type Fixture = Awaited<ReturnType<typeof deployFixture>>;

let base: Fixture;
restoreChainAfterFile();
beforeAll(async () => {
  base = await deployFixture();
});

type W = Fixture["alice"];
async function lock(w: W, amount: bigint, chain: number, dest: string, memo = "") {
  const { escrow, publicClient } = base;
  const { result } = await escrow.simulate.lock([amount, chain, dest, memo], { account: w.account.address });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash: await escrow.write.lock([amount, chain, dest, memo], { account: w.account }),
  });
  return { nonce: result, receipt };
}
async function release(to: Address, amount: bigint, id: Hex, chain: number, w: W = base.relayer) {
  const { escrow, publicClient } = base;
  return publicClient.waitForTransactionReceipt({
    hash: await escrow.write.release([to, amount, id, chain], { account: w.account }),
  });
}

// Reference shape check, independent of the contract's bitmasks.
const STELLAR_RE = /^G[A-Z2-7]{55}$/;
const XRPL_RE = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;
function refValid(chain: number, s: string): boolean {
  if (chain === Stellar) return STELLAR_RE.test(s);
  if (chain === XRPL) return XRPL_RE.test(s);
  return false;
}

// ---------------------------------------------------------------------------------------------------

describe("deployBridge", () => {
  isolateEachTest();

  it("deploys with the token, admin + pauser = deployer, the given relayer, nothing locked", async () => {
    const { escrow, xqb, deployer, relayer, deployment, publicClient } = base;
    expect(getAddress(await escrow.read.token())).toBe(getAddress(xqb.address));
    expect(await escrow.read.hasRole([DEFAULT_ADMIN_ROLE, deployer.account.address])).toBe(true);
    expect(await escrow.read.hasRole([PAUSER_ROLE, deployer.account.address])).toBe(true);
    expect(await escrow.read.hasRole([RELAYER_ROLE, relayer.account.address])).toBe(true);
    expect(await escrow.read.hasRole([RELAYER_ROLE, deployer.account.address])).toBe(false);
    expect(await escrow.read.totalLocked()).toBe(0n);
    expect(await escrow.read.nextNonce()).toBe(0n);
    expect(await escrow.read.paused()).toBe(false);
    const code = await publicClient.getCode({
      address: escrow.address,
      blockNumber: BigInt(deployment.BridgeEscrow.deployedOnBlock),
    });
    const before = await publicClient.getCode({
      address: escrow.address,
      blockNumber: BigInt(deployment.BridgeEscrow.deployedOnBlock - 1),
    });
    expect(code && code.length > 2).toBe(true);
    expect(before ?? "0x").toBe("0x");
  });

  it("defaults the relayer to the deploying account; zeroAddress appoints none; admin can be someone else", async () => {
    const { xqb, deployer, stranger } = base;
    const d1 = await deployBridge(hre, { token: xqb.address });
    const e1 = await hre.viem.getContractAt("BridgeEscrow", d1.BridgeEscrow.address);
    expect(await e1.read.hasRole([RELAYER_ROLE, deployer.account.address])).toBe(true);

    const d2 = await deployBridge(hre, { token: xqb.address, relayer: zeroAddress, admin: stranger.account.address });
    const e2 = await hre.viem.getContractAt("BridgeEscrow", d2.BridgeEscrow.address);
    expect(await e2.read.hasRole([RELAYER_ROLE, zeroAddress])).toBe(false);
    expect(await e2.read.hasRole([DEFAULT_ADMIN_ROLE, stranger.account.address])).toBe(true);
    expect(await e2.read.hasRole([DEFAULT_ADMIN_ROLE, deployer.account.address])).toBe(false);

    await expect(deployBridge(hre, { token: zeroAddress })).rejects.toThrow(/zero address/);
    await expect(deployBridge(hre, { token: "0x1234" as Address })).rejects.toThrow(/not an address/);
  });

  it("the constructor refuses a zero admin or token (ZeroAddress)", async () => {
    const { xqb, relayer } = base;
    const { abi } = await hre.artifacts.readArtifact("BridgeEscrow");
    await expectRevert(
      hre.viem.deployContract("BridgeEscrow", [zeroAddress, xqb.address, relayer.account.address]),
      "ZeroAddress",
      [],
      abi,
    );
    await expectRevert(
      hre.viem.deployContract("BridgeEscrow", [relayer.account.address, zeroAddress, relayer.account.address]),
      "ZeroAddress",
      [],
      abi,
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("BridgeEscrow.lock", () => {
  isolateEachTest();

  it("locks for Stellar: moves the tokens, counts them, returns nonce 0 and emits Locked", async () => {
    const { escrow, xqb, alice } = base;
    const amount = parseEther("150");
    const { nonce, receipt } = await lock(alice, amount, Stellar, STELLAR_ADDR, "XQBUSD Test Transaction");
    expect(nonce).toBe(0n);
    expect(await xqb.read.balanceOf([alice.account.address])).toBe(parseEther("10000") - amount);
    expect(await xqb.read.balanceOf([escrow.address])).toBe(amount);
    expect(await escrow.read.totalLocked()).toBe(amount);
    expect(await escrow.read.nextNonce()).toBe(1n);
    const ev = parseEventLogs({ abi: escrow.abi, logs: receipt.logs, eventName: "Locked" });
    expect(ev).toHaveLength(1);
    expect(ev[0]!.args).toEqual({
      nonce: 0n,
      sender: getAddress(alice.account.address),
      amount,
      destinationChain: Stellar,
      destinationAddress: STELLAR_ADDR,
      memo: "XQBUSD Test Transaction",
    });
  });

  it("locks for XRPL; nonces count up across senders and chains; totalLocked sums", async () => {
    const { escrow, alice, bob } = base;
    const a = await lock(alice, 1n, XRPL, XRPL_ADDR, "12345");
    const b = await lock(bob, parseEther("2"), Stellar, STELLAR_ADDR);
    const c = await lock(alice, parseEther("3"), XRPL, XRPL_ADDR);
    expect([a.nonce, b.nonce, c.nonce]).toEqual([0n, 1n, 2n]);
    expect(await escrow.read.totalLocked()).toBe(1n + parseEther("5"));
    const ev = parseEventLogs({ abi: escrow.abi, logs: a.receipt.logs, eventName: "Locked" });
    expect(ev[0]!.args.destinationChain).toBe(XRPL);
    expect(ev[0]!.args.destinationAddress).toBe(XRPL_ADDR);
    expect(ev[0]!.args.memo).toBe("12345");
  });

  it("accepts fresh addresses from the Stellar and XRPL SDKs", async () => {
    const { escrow, alice } = base;
    for (let i = 0; i < 5; i++) {
      const g = Keypair.random().publicKey();
      const r = Wallet.generate().classicAddress;
      expect(await escrow.read.isValidDestination([Stellar, g])).toBe(true);
      expect(await escrow.read.isValidDestination([XRPL, r])).toBe(true);
      await lock(alice, 1n, Stellar, g);
      await lock(alice, 1n, XRPL, r);
    }
    expect(await escrow.read.nextNonce()).toBe(10n);
  });

  it("XRPL length bounds: 25 and 35 pass, 24 and 36 fail (InvalidDestinationLength)", async () => {
    const { alice } = base;
    const xrpl = (n: number) => "r" + "p".repeat(n - 1);
    await lock(alice, 1n, XRPL, xrpl(25));
    await lock(alice, 1n, XRPL, xrpl(35));
    await expectRevert(lock(alice, 1n, XRPL, xrpl(24)), "InvalidDestinationLength", [XRPL, 24n]);
    await expectRevert(lock(alice, 1n, XRPL, xrpl(36)), "InvalidDestinationLength", [XRPL, 36n]);
    await expectRevert(lock(alice, 1n, XRPL, ""), "InvalidDestinationLength", [XRPL, 0n]);
    // an EVM address is not an XRPL destination
    await expectRevert(lock(alice, 1n, XRPL, alice.account.address), "InvalidDestinationLength", [XRPL, 42n]);
  });

  it("Stellar length must be exactly 56 (InvalidDestinationLength)", async () => {
    const { alice } = base;
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_ADDR.slice(0, 55)), "InvalidDestinationLength", [Stellar, 55n]);
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_ADDR + "A"), "InvalidDestinationLength", [Stellar, 57n]);
    await expectRevert(lock(alice, 1n, Stellar, ""), "InvalidDestinationLength", [Stellar, 0n]);
    // a muxed M... account (69 chars) is not supported as a destination
    await expectRevert(lock(alice, 1n, Stellar, "M" + "A".repeat(68)), "InvalidDestinationLength", [Stellar, 69n]);
  });

  it("wrong prefix is refused (InvalidDestinationPrefix), e.g. a Stellar secret seed or an XRPL seed", async () => {
    const { alice } = base;
    expect(STELLAR_SECRET).toHaveLength(56);
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_SECRET), "InvalidDestinationPrefix", [Stellar, byte("S")]);
    const xrplSeed = Wallet.generate().seed!;
    await expectRevert(lock(alice, 1n, XRPL, xrplSeed), "InvalidDestinationPrefix", [XRPL, byte("s")]);
    await expectRevert(lock(alice, 1n, XRPL, "R" + XRPL_ADDR.slice(1)), "InvalidDestinationPrefix", [XRPL, byte("R")]);
  });

  it("characters outside the ledger's alphabet are refused with their position (InvalidDestinationCharacter)", async () => {
    const { alice } = base;
    const put = (s: string, i: number, c: string) => s.slice(0, i) + c + s.slice(i + 1);
    // base32: no lowercase, no 0 1 8 9
    for (const [i, c] of [
      [10, "a"],
      [5, "0"],
      [55, "1"],
      [1, "8"],
      [30, "9"],
      [20, "="],
    ] as const) {
      await expectRevert(lock(alice, 1n, Stellar, put(STELLAR_ADDR, i, c)), "InvalidDestinationCharacter", [
        Stellar,
        BigInt(i),
        byte(c),
      ]);
    }
    // base58: no 0 O I l
    for (const [i, c] of [
      [3, "0"],
      [4, "O"],
      [33, "I"],
      [1, "l"],
      [7, " "],
    ] as const) {
      await expectRevert(lock(alice, 1n, XRPL, put(XRPL_ADDR, i, c)), "InvalidDestinationCharacter", [
        XRPL,
        BigInt(i),
        byte(c),
      ]);
    }
    // a non-ASCII byte (é is 0xc3 0xa9 in UTF-8; 56 bytes in total)
    const nonAscii = STELLAR_ADDR.slice(0, 54) + "é";
    await expectRevert(lock(alice, 1n, Stellar, nonAscii), "InvalidDestinationCharacter", [Stellar, 54n, "0xc3"]);
  });

  it("refuses an unknown destination chain (UnsupportedChain)", async () => {
    const { alice } = base;
    await expectRevert(lock(alice, 1n, 0, STELLAR_ADDR), "UnsupportedChain", [0]);
    await expectRevert(lock(alice, 1n, 3, XRPL_ADDR), "UnsupportedChain", [3]);
    await expectRevert(lock(alice, 1n, 255, XRPL_ADDR), "UnsupportedChain", [255]);
  });

  it("memo: empty and 28 bytes pass; 29 bytes fail; the bound is in bytes, not characters (MemoTooLong)", async () => {
    const { alice } = base;
    await lock(alice, 1n, Stellar, STELLAR_ADDR, "");
    await lock(alice, 1n, Stellar, STELLAR_ADDR, "x".repeat(28));
    await lock(alice, 1n, Stellar, STELLAR_ADDR, "é".repeat(14)); // 28 bytes
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_ADDR, "x".repeat(29)), "MemoTooLong", [29n, 28n]);
    await expectRevert(lock(alice, 1n, XRPL, XRPL_ADDR, "é".repeat(15)), "MemoTooLong", [30n, 28n]);
  });

  it("refuses a zero amount (ZeroAmount), a missing allowance and a short balance (token errors)", async () => {
    const { alice, stranger, escrow, xqb } = base;
    await expectRevert(lock(alice, 0n, Stellar, STELLAR_ADDR), "ZeroAmount", []);
    await expectRevert(
      escrow.write.lock([1n, Stellar, STELLAR_ADDR, ""], { account: stranger.account }),
      "ERC20InsufficientAllowance",
      [getAddress(escrow.address), 0n, 1n],
      xqb.abi,
    );
    await expectRevert(
      escrow.write.lock([parseEther("10001"), Stellar, STELLAR_ADDR, ""], { account: alice.account }),
      "ERC20InsufficientBalance",
      [getAddress(alice.account.address), parseEther("10000"), parseEther("10001")],
      xqb.abi,
    );
    expect(await escrow.read.totalLocked()).toBe(0n);
    expect(await escrow.read.nextNonce()).toBe(0n);
  });

  it("is stopped by pause (EnforcedPause) and works again after unpause", async () => {
    const { escrow, alice, deployer, publicClient } = base;
    await publicClient.waitForTransactionReceipt({ hash: await escrow.write.pause({ account: deployer.account }) });
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_ADDR), "EnforcedPause", []);
    await publicClient.waitForTransactionReceipt({ hash: await escrow.write.unpause({ account: deployer.account }) });
    const { nonce } = await lock(alice, 1n, Stellar, STELLAR_ADDR);
    expect(nonce).toBe(0n);
  });

  it("credits what arrived for a fee-on-transfer token, so totalLocked never exceeds the balance", async () => {
    const { alice, publicClient } = base;
    const fee = await hre.viem.deployContract("FeeOnTransferToken", [alice.account.address, parseEther("1000")]);
    const d = await deployBridge(hre, { token: fee.address });
    const e = await hre.viem.getContractAt("BridgeEscrow", d.BridgeEscrow.address);
    await publicClient.waitForTransactionReceipt({
      hash: await fee.write.approve([e.address, parseEther("1000")], { account: alice.account }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await e.write.lock([parseEther("100"), Stellar, STELLAR_ADDR, ""], { account: alice.account }),
    });
    expect(await e.read.totalLocked()).toBe(parseEther("99"));
    expect(await fee.read.balanceOf([e.address])).toBe(parseEther("99"));
    const ev = parseEventLogs({ abi: e.abi, logs: receipt.logs, eventName: "Locked" });
    expect(ev[0]!.args.amount).toBe(parseEther("99"));
  });

  it("isValidDestination agrees with an independent regex on random strings (property)", async () => {
    const { escrow } = base;
    const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    const intruders = "0189OIl=/+ ée";
    // near-valid for the chain asked: its prefix (usually), its alphabet, a length around its bounds, and
    // maybe one character swapped for an intruder; plus arbitrary strings
    const nearValid = (chain: number) => {
      const [prefix, alphabet, min, max] = chain === XRPL ? ["r", BASE58, 23, 35] : ["G", BASE32, 54, 56];
      return fc
        .record({
          prefix: fc.oneof(
            { arbitrary: fc.constant(prefix), weight: 4 },
            { arbitrary: fc.constantFrom("S", "s", "g", "R"), weight: 1 },
          ),
          len: fc.integer({ min, max }),
          seed: fc.array(fc.nat(), { minLength: max, maxLength: max }),
          intrude: fc.option(fc.tuple(fc.nat(), fc.constantFrom(...intruders)), { nil: undefined }),
        })
        .map(({ prefix: p, len, seed, intrude }) => {
          const body = seed.slice(0, len).map((n) => alphabet[n % alphabet.length]!);
          if (intrude) body[intrude[0] % body.length] = intrude[1];
          return p + body.join("");
        });
    };
    const cases = fc
      .constantFrom(0, Stellar, XRPL, 3)
      .chain((chain) =>
        fc.tuple(
          fc.constant(chain),
          fc.oneof({ arbitrary: nearValid(chain), weight: 4 }, { arbitrary: fc.string({ maxLength: 60 }), weight: 1 }),
        ),
      );
    await fc.assert(
      fc.asyncProperty(cases, async ([chain, s]) => {
        expect(await escrow.read.isValidDestination([chain, s])).toBe(refValid(chain, s));
      }),
      { numRuns: 400, seed: 424242 },
    );
    // and a few guaranteed positives from the generators
    expect(await escrow.read.isValidDestination([Stellar, STELLAR_ADDR])).toBe(true);
    expect(await escrow.read.isValidDestination([XRPL, XRPL_ADDR])).toBe(true);
    expect(await escrow.read.isValidDestination([Stellar, XRPL_ADDR])).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("BridgeEscrow.release", () => {
  isolateEachTest();

  it("the relayer releases locked tokens: balances, totalLocked, Released event, isReleased", async () => {
    const { escrow, xqb, alice, bob, relayer } = base;
    await lock(alice, parseEther("100"), Stellar, STELLAR_ADDR);
    const id = txId("stellar-tx-1");
    expect(await escrow.read.isReleased([Stellar, id])).toBe(false);
    const bobBefore = await xqb.read.balanceOf([bob.account.address]);
    const receipt = await release(bob.account.address, parseEther("40"), id, Stellar);
    expect(await xqb.read.balanceOf([bob.account.address])).toBe(bobBefore + parseEther("40"));
    expect(await xqb.read.balanceOf([escrow.address])).toBe(parseEther("60"));
    expect(await escrow.read.totalLocked()).toBe(parseEther("60"));
    expect(await escrow.read.isReleased([Stellar, id])).toBe(true);
    expect(await escrow.read.isReleased([XRPL, id])).toBe(false);
    const ev = parseEventLogs({ abi: escrow.abi, logs: receipt.logs, eventName: "Released" });
    expect(ev.map((e) => e.args)).toEqual([
      {
        to: getAddress(bob.account.address),
        amount: parseEther("40"),
        sourceChain: Stellar,
        sourceTxId: id,
        relayer: getAddress(relayer.account.address),
      },
    ]);
  });

  it("a (sourceChain, sourceTxId) releases once (AlreadyReleased); the same id from the other ledger is separate", async () => {
    const { escrow, alice, bob } = base;
    await lock(alice, parseEther("100"), XRPL, XRPL_ADDR);
    const id = txId("xrpl-tx-1");
    await release(bob.account.address, parseEther("10"), id, XRPL);
    await expectRevert(release(bob.account.address, parseEther("10"), id, XRPL), "AlreadyReleased", [XRPL, id]);
    // another recipient or amount doesn't make it a new transfer
    await expectRevert(release(alice.account.address, 1n, id, XRPL), "AlreadyReleased", [XRPL, id]);
    await release(bob.account.address, parseEther("10"), id, Stellar);
    expect(await escrow.read.totalLocked()).toBe(parseEther("80"));
  });

  it("can't release more than is locked (ReleaseExceedsLocked), even when extra tokens sit in the contract", async () => {
    const { escrow, xqb, alice, bob, publicClient } = base;
    await expectRevert(release(bob.account.address, 1n, txId("a"), Stellar), "ReleaseExceedsLocked", [1n, 0n]);
    await lock(alice, parseEther("5"), Stellar, STELLAR_ADDR);
    // a plain transfer to the escrow is not bridge liquidity
    await publicClient.waitForTransactionReceipt({
      hash: await xqb.write.transfer([escrow.address, parseEther("1000")], { account: bob.account }),
    });
    await expectRevert(release(bob.account.address, parseEther("5") + 1n, txId("b"), Stellar), "ReleaseExceedsLocked", [
      parseEther("5") + 1n,
      parseEther("5"),
    ]);
    // a failed release doesn't consume its source tx id
    expect(await escrow.read.isReleased([Stellar, txId("b")])).toBe(false);
    await release(bob.account.address, parseEther("5"), txId("b"), Stellar); // exactly everything
    expect(await escrow.read.totalLocked()).toBe(0n);
    await expectRevert(release(bob.account.address, 1n, txId("c"), XRPL), "ReleaseExceedsLocked", [1n, 0n]);
    expect(await xqb.read.balanceOf([escrow.address])).toBe(parseEther("1000"));
  });

  it("only RELAYER_ROLE can release (AccessControlUnauthorizedAccount), not even the admin", async () => {
    const { alice, bob, deployer } = base;
    await lock(alice, parseEther("5"), Stellar, STELLAR_ADDR);
    for (const w of [alice, deployer]) {
      await expectRevert(release(bob.account.address, 1n, txId("x"), Stellar, w), "AccessControlUnauthorizedAccount", [
        getAddress(w.account.address),
        RELAYER_ROLE,
      ]);
    }
  });

  it("validates its inputs: ZeroAddress, ZeroAmount, UnsupportedChain, ZeroSourceTxId", async () => {
    const { alice, bob } = base;
    await lock(alice, parseEther("5"), Stellar, STELLAR_ADDR);
    await expectRevert(release(zeroAddress, 1n, txId("x"), Stellar), "ZeroAddress", []);
    await expectRevert(release(bob.account.address, 0n, txId("x"), Stellar), "ZeroAmount", []);
    await expectRevert(release(bob.account.address, 1n, txId("x"), 0), "UnsupportedChain", [0]);
    await expectRevert(release(bob.account.address, 1n, txId("x"), 3), "UnsupportedChain", [3]);
    await expectRevert(release(bob.account.address, 1n, `0x${"00".repeat(32)}`, Stellar), "ZeroSourceTxId", []);
  });

  it("is stopped by pause (EnforcedPause) and works after unpause", async () => {
    const { escrow, alice, bob, deployer, publicClient } = base;
    await lock(alice, parseEther("5"), Stellar, STELLAR_ADDR);
    await publicClient.waitForTransactionReceipt({ hash: await escrow.write.pause({ account: deployer.account }) });
    await expectRevert(release(bob.account.address, 1n, txId("p"), Stellar), "EnforcedPause", []);
    await publicClient.waitForTransactionReceipt({ hash: await escrow.write.unpause({ account: deployer.account }) });
    await release(bob.account.address, 1n, txId("p"), Stellar);
    expect(await escrow.read.isReleased([Stellar, txId("p")])).toBe(true);
  });

  it("random lock/release sequences keep totalLocked = locked - released <= balance (property)", async () => {
    const { escrow, xqb, alice, bob } = base;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("lock" as const),
        who: fc.constantFrom(0, 1),
        amount: fc.bigInt({ min: 1n, max: parseEther("50") }),
        chain: fc.constantFrom(Stellar, XRPL),
      }),
      fc.record({
        kind: fc.constant("release" as const),
        amount: fc.bigInt({ min: 1n, max: parseEther("80") }),
        chain: fc.constantFrom(Stellar, XRPL),
        id: fc.nat({ max: 6 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const snap = await snapshot();
        try {
          let locked = 0n;
          const used = new Set<string>();
          for (const o of ops) {
            if (o.kind === "lock") {
              await lock(o.who === 0 ? alice : bob, o.amount, o.chain, o.chain === Stellar ? STELLAR_ADDR : XRPL_ADDR);
              locked += o.amount;
            } else {
              const id = txId(`src-${o.id}`);
              const key = `${o.chain}:${o.id}`;
              if (used.has(key)) {
                await expectRevert(release(bob.account.address, o.amount, id, o.chain), "AlreadyReleased", [
                  o.chain,
                  id,
                ]);
              } else if (o.amount > locked) {
                await expectRevert(release(bob.account.address, o.amount, id, o.chain), "ReleaseExceedsLocked", [
                  o.amount,
                  locked,
                ]);
              } else {
                await release(bob.account.address, o.amount, id, o.chain);
                locked -= o.amount;
                used.add(key);
              }
            }
            const total = await escrow.read.totalLocked();
            expect(total).toBe(locked);
            expect(await xqb.read.balanceOf([escrow.address])).toBeGreaterThanOrEqual(total);
          }
        } finally {
          await revertTo(snap);
        }
      }),
      { numRuns: 15, seed: 7 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("BridgeEscrow admin: relayer rotation, pause roles, multisig handover", () => {
  isolateEachTest();

  it("rotateRelayer swaps the key in one step and emits RelayerRotated", async () => {
    const { escrow, deployer, relayer, newRelayer, alice, bob, publicClient } = base;
    await lock(alice, parseEther("5"), Stellar, STELLAR_ADDR);
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.rotateRelayer([relayer.account.address, newRelayer.account.address], {
        account: deployer.account,
      }),
    });
    const ev = parseEventLogs({ abi: escrow.abi, logs: receipt.logs, eventName: "RelayerRotated" });
    expect(ev.map((e) => e.args)).toEqual([
      {
        oldRelayer: getAddress(relayer.account.address),
        newRelayer: getAddress(newRelayer.account.address),
        admin: getAddress(deployer.account.address),
      },
    ]);
    expect(await escrow.read.hasRole([RELAYER_ROLE, relayer.account.address])).toBe(false);
    expect(await escrow.read.hasRole([RELAYER_ROLE, newRelayer.account.address])).toBe(true);
    await expectRevert(
      release(bob.account.address, 1n, txId("r"), Stellar, relayer),
      "AccessControlUnauthorizedAccount",
      [getAddress(relayer.account.address), RELAYER_ROLE],
    );
    await release(bob.account.address, 1n, txId("r"), Stellar, newRelayer);
  });

  it("rotateRelayer errors: non-admin, old not a relayer, new already one, new zero", async () => {
    const { escrow, deployer, relayer, newRelayer, stranger, publicClient } = base;
    const rotate = (a: Address, b: Address, w: W = deployer) =>
      escrow.write.rotateRelayer([a, b], { account: w.account });
    await expectRevert(
      rotate(relayer.account.address, newRelayer.account.address, relayer),
      "AccessControlUnauthorizedAccount",
      [getAddress(relayer.account.address), DEFAULT_ADMIN_ROLE],
    );
    await expectRevert(rotate(stranger.account.address, newRelayer.account.address), "NotARelayer", [
      getAddress(stranger.account.address),
    ]);
    await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.grantRole([RELAYER_ROLE, newRelayer.account.address]),
    });
    await expectRevert(rotate(relayer.account.address, newRelayer.account.address), "AlreadyARelayer", [
      getAddress(newRelayer.account.address),
    ]);
    await expectRevert(rotate(relayer.account.address, zeroAddress), "ZeroAddress", []);
    await expectRevert(rotate(relayer.account.address, relayer.account.address), "AlreadyARelayer", [
      getAddress(relayer.account.address),
    ]);
  });

  it("pause/unpause need PAUSER_ROLE; emit Paused/Unpaused; double pause/unpause revert", async () => {
    const { escrow, deployer, relayer, stranger, publicClient } = base;
    for (const w of [relayer, stranger]) {
      await expectRevert(escrow.write.pause({ account: w.account }), "AccessControlUnauthorizedAccount", [
        getAddress(w.account.address),
        PAUSER_ROLE,
      ]);
    }
    const r = await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.pause({ account: deployer.account }),
    });
    expect(
      parseEventLogs({ abi: escrow.abi, logs: r.logs, eventName: "Paused" }).map((e) => getAddress(e.args.account)),
    ).toEqual([getAddress(deployer.account.address)]);
    await expectRevert(escrow.write.pause({ account: deployer.account }), "EnforcedPause", []);
    await expectRevert(escrow.write.unpause({ account: stranger.account }), "AccessControlUnauthorizedAccount", [
      getAddress(stranger.account.address),
      PAUSER_ROLE,
    ]);
    const u = await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.unpause({ account: deployer.account }),
    });
    expect(parseEventLogs({ abi: escrow.abi, logs: u.logs, eventName: "Unpaused" })).toHaveLength(1);
    await expectRevert(escrow.write.unpause({ account: deployer.account }), "ExpectedPause", []);
  });

  it("handed to the 2-of-3 Safe: only the multisig pauses the bridge and rotates the relayer", async () => {
    const { escrow, deployer, relayer, newRelayer, alice, publicClient } = base;
    const gov = await deployGovernance(hre, {
      owners: [base.o1.account.address, base.o2.account.address, base.stranger.account.address],
    });
    const safe = gov.TreasuryMultisig.address;
    for (const role of [PAUSER_ROLE, DEFAULT_ADMIN_ROLE]) {
      await publicClient.waitForTransactionReceipt({ hash: await escrow.write.grantRole([role, safe]) });
    }
    for (const role of [PAUSER_ROLE, DEFAULT_ADMIN_ROLE]) {
      await publicClient.waitForTransactionReceipt({
        hash: await escrow.write.renounceRole([role, deployer.account.address]),
      });
    }
    await expectRevert(escrow.write.pause({ account: deployer.account }), "AccessControlUnauthorizedAccount", [
      getAddress(deployer.account.address),
      PAUSER_ROLE,
    ]);

    await execAsMultisig(hre, safe, escrow.address, encodeFunctionData({ abi: escrow.abi, functionName: "pause" }), [
      base.o1,
      base.o2,
    ]);
    expect(await escrow.read.paused()).toBe(true);
    await expectRevert(lock(alice, 1n, Stellar, STELLAR_ADDR), "EnforcedPause", []);

    const rotate = encodeFunctionData({
      abi: escrow.abi,
      functionName: "rotateRelayer",
      args: [relayer.account.address, newRelayer.account.address],
    });
    await execAsMultisig(hre, safe, escrow.address, rotate, [base.o2, base.stranger]);
    expect(await escrow.read.hasRole([RELAYER_ROLE, newRelayer.account.address])).toBe(true);
    await execAsMultisig(hre, safe, escrow.address, encodeFunctionData({ abi: escrow.abi, functionName: "unpause" }), [
      base.o1,
      base.stranger,
    ]);
    await lock(alice, 1n, Stellar, STELLAR_ADDR);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("gas", () => {
  isolateEachTest();

  it("reports lock / release / admin calls (for the lead)", async () => {
    const { escrow, alice, bob, deployer, relayer, newRelayer, publicClient } = base;
    const l1 = await lock(alice, parseEther("10"), Stellar, STELLAR_ADDR, "XQBUSD Test Transaction");
    const l2 = await lock(alice, parseEther("10"), Stellar, STELLAR_ADDR, "XQBUSD Test Transaction");
    const l3 = await lock(bob, parseEther("10"), XRPL, XRPL_ADDR, "");
    const r1 = await release(bob.account.address, parseEther("5"), txId("g1"), Stellar);
    const rot = await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.rotateRelayer([relayer.account.address, newRelayer.account.address], {
        account: deployer.account,
      }),
    });
    const p = await publicClient.waitForTransactionReceipt({
      hash: await escrow.write.pause({ account: deployer.account }),
    });
    console.log(`[gas] BridgeEscrow.lock Stellar (first lock, 23-byte memo): ${l1.receipt.gasUsed}`);
    console.log(`[gas] BridgeEscrow.lock Stellar (repeat, 23-byte memo): ${l2.receipt.gasUsed}`);
    console.log(`[gas] BridgeEscrow.lock XRPL (34-char address, no memo): ${l3.receipt.gasUsed}`);
    console.log(`[gas] BridgeEscrow.release: ${r1.gasUsed}`);
    console.log(`[gas] BridgeEscrow.rotateRelayer: ${rot.gasUsed}`);
    console.log(`[gas] BridgeEscrow.pause: ${p.gasUsed}`);
    for (const r of [l1.receipt, l2.receipt, l3.receipt, r1, rot, p]) expect(r.status).toBe("success");
  });
});
