// Tests for MockUSDC (6 decimals, local only): the 10,000 USDC / 24 h faucet and the MINTER_ROLE mint.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEventLogs, parseUnits, toHex, zeroAddress, type Abi } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";

const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const usdc = (n: string) => parseUnits(n, 6);
const DAY = 24 * 3600;

restoreChainAfterFile();
let ctx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const [deployer, alice, bob] = await hre.viem.getWalletClients();
  const token = await hre.viem.deployContract("MockUSDC", [deployer!.account.address]);
  const publicClient = await hre.viem.getPublicClient();
  return { deployer: deployer!, alice: alice!, bob: bob!, token, publicClient };
}
beforeAll(async () => {
  ctx = await setup();
});

const now = async () => (await (await hre.viem.getPublicClient()).getBlock()).timestamp;
const setNext = (t: bigint) =>
  hre.network.provider.request({ method: "evm_setNextBlockTimestamp", params: [Number(t)] });

describe("MockUSDC", () => {
  isolateEachTest();

  it("is USDC with 6 decimals, no supply, admin holds MINTER_ROLE; ZeroAddress admin reverts", async () => {
    const { token, deployer } = ctx;
    expect(await token.read.symbol()).toBe("USDC");
    expect(await token.read.decimals()).toBe(6);
    expect(await token.read.totalSupply()).toBe(0n);
    expect(await token.read.FAUCET_LIMIT()).toBe(usdc("10000"));
    expect(await token.read.FAUCET_WINDOW()).toBe(BigInt(DAY));
    expect(await token.read.hasRole([MINTER_ROLE, deployer.account.address])).toBe(true);
    await expectRevert(
      hre.viem.deployContract("MockUSDC", [zeroAddress]),
      "ZeroAddress",
      [],
      hre.artifacts.readArtifactSync("MockUSDC").abi as Abi,
    );
  });

  it("faucet pays the caller, emits FaucetClaimed, and allows several claims up to 10,000 in the window", async () => {
    const { token, alice, publicClient } = ctx;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await token.write.faucet([usdc("4000")], { account: alice.account }),
    });
    const start = (await publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    const [ev] = parseEventLogs({ abi: token.abi, logs: r.logs, eventName: "FaucetClaimed" });
    expect(ev!.args).toEqual({
      account: getAddress(alice.account.address),
      amount: usdc("4000"),
      claimedInWindow: usdc("4000"),
      windowStart: start,
    });
    expect(await token.read.balanceOf([alice.account.address])).toBe(usdc("4000"));
    expect(await token.read.faucetAvailable([alice.account.address])).toBe(usdc("6000"));
    await token.write.faucet([usdc("6000")], { account: alice.account });
    expect(await token.read.balanceOf([alice.account.address])).toBe(usdc("10000"));
    expect(await token.read.faucetAvailable([alice.account.address])).toBe(0n);
    console.log(`[gas] MockUSDC.faucet: ${r.gasUsed}`);
  });

  it("past the limit reverts FaucetLimitExceeded(requested, available, secondsLeft); limits are per address", async () => {
    const { token, alice, bob, publicClient } = ctx;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await token.write.faucet([usdc("9000")], { account: alice.account }),
    });
    const start = (await publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    await setNext(start + 100n);
    await expectRevert(token.write.faucet([usdc("1000") + 1n], { account: alice.account }), "FaucetLimitExceeded", [
      usdc("1000") + 1n,
      usdc("1000"),
      BigInt(DAY) - 100n,
    ]);
    await expectRevert(token.write.faucet([usdc("10001")], { account: bob.account }), "FaucetLimitExceeded", [
      usdc("10001"),
      usdc("10000"),
      BigInt(DAY),
    ]);
    await token.write.faucet([usdc("10000")], { account: bob.account });
    expect(await token.read.balanceOf([bob.account.address])).toBe(usdc("10000"));
  });

  it("the full limit comes back exactly 24 h after the window started, not a second earlier", async () => {
    const { token, alice, publicClient } = ctx;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await token.write.faucet([usdc("10000")], { account: alice.account }),
    });
    const start = (await publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
    await setNext(start + BigInt(DAY) - 1n);
    await expectRevert(token.write.faucet([1n], { account: alice.account }), "FaucetLimitExceeded", [1n, 0n, 1n]);
    await setNext(start + BigInt(DAY));
    await token.write.faucet([usdc("10000")], { account: alice.account });
    expect(await token.read.balanceOf([alice.account.address])).toBe(usdc("20000"));
    expect(await now()).toBe(start + BigInt(DAY));
  });

  it("faucet(0) reverts ZeroAmount", async () => {
    await expectRevert(ctx.token.write.faucet([0n], { account: ctx.alice.account }), "ZeroAmount", []);
  });

  it("mint is MINTER_ROLE only and unlimited", async () => {
    const { token, deployer, alice } = ctx;
    await token.write.mint([alice.account.address, usdc("1000000")], { account: deployer.account });
    expect(await token.read.balanceOf([alice.account.address])).toBe(usdc("1000000"));
    await expectRevert(
      token.write.mint([alice.account.address, 1n], { account: alice.account }),
      "AccessControlUnauthorizedAccount",
      [getAddress(alice.account.address), MINTER_ROLE],
    );
  });

  it("balances share a slot with the faucet window, yet behave as OpenZeppelin's: transfer, transferFrom, supply, errors", async () => {
    const { token, deployer, alice, bob, publicClient } = ctx;
    const abi = token.abi;
    await token.write.faucet([usdc("3000")], { account: alice.account });
    const [windowStart, claimed] = await token.read.claims([alice.account.address]);
    expect(claimed).toBe(usdc("3000"));
    expect(windowStart).toBe(await now());
    // moving the balance leaves the window alone, and the window does not follow the money
    const r = await publicClient.waitForTransactionReceipt({
      hash: await token.write.transfer([bob.account.address, usdc("1000")], { account: alice.account }),
    });
    expect(parseEventLogs({ abi, logs: r.logs, eventName: "Transfer" })[0]!.args).toEqual({
      from: getAddress(alice.account.address),
      to: getAddress(bob.account.address),
      value: usdc("1000"),
    });
    expect(await token.read.claims([alice.account.address])).toEqual([windowStart, usdc("3000")]);
    expect(await token.read.claims([bob.account.address])).toEqual([0n, 0n]);
    expect(await token.read.faucetAvailable([bob.account.address])).toBe(usdc("10000"));
    expect(await token.read.balanceOf([alice.account.address])).toBe(usdc("2000"));
    expect(await token.read.balanceOf([bob.account.address])).toBe(usdc("1000"));
    await expectRevert(
      token.write.transfer([bob.account.address, usdc("2000") + 1n], { account: alice.account }),
      "ERC20InsufficientBalance",
      [getAddress(alice.account.address), usdc("2000"), usdc("2000") + 1n],
    );
    await expectRevert(
      token.write.transferFrom([alice.account.address, bob.account.address, 1n], { account: bob.account }),
      "ERC20InsufficientAllowance",
      [getAddress(bob.account.address), 0n, 1n],
    );
    await token.write.approve([bob.account.address, usdc("500")], { account: alice.account });
    await token.write.transferFrom([alice.account.address, deployer.account.address, usdc("500")], {
      account: bob.account,
    });
    expect(await token.read.balanceOf([deployer.account.address])).toBe(usdc("500"));
    expect(await token.read.allowance([alice.account.address, bob.account.address])).toBe(0n);
    await expectRevert(token.write.transfer([zeroAddress, 1n], { account: alice.account }), "ERC20InvalidReceiver", [
      zeroAddress,
    ]);
    expect(await token.read.totalSupply()).toBe(usdc("3000"));
  });

  it("supply is bounded by uint128 (every packed balance fits): a mint past it reverts SafeCastOverflowedUintDowncast", async () => {
    const { token, deployer, alice } = ctx;
    const max = 2n ** 128n - 1n;
    await token.write.mint([alice.account.address, max], { account: deployer.account });
    expect(await token.read.balanceOf([alice.account.address])).toBe(max);
    await expectRevert(
      token.write.mint([alice.account.address, 1n], { account: deployer.account }),
      "SafeCastOverflowedUintDowncast",
      [128, max + 1n],
    );
    await expectRevert(token.write.faucet([1n], { account: alice.account }), "SafeCastOverflowedUintDowncast", [
      128,
      max + 1n,
    ]);
  });
});
