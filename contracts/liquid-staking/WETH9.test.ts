// Tests for the WETH9 port (contracts/liquid-staking/WETH9.sol): the canonical wrap/unwrap and ERC-20
// behaviour, with custom errors. Hardhat in-process network, vitest project "contracts".
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, parseEther, parseEventLogs, type Abi } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";
import { deployPool, deployWeth, increaseTime, receiptOf } from "./testing";

const MAX = 2n ** 256n - 1n;

async function fixture() {
  const [deployer, alice, bob, carol] = await hre.viem.getWalletClients();
  if (!deployer || !alice || !bob || !carol) throw new Error("need 4 accounts");
  const weth = await deployWeth();
  const publicClient = await hre.viem.getPublicClient();
  const abi = (await hre.artifacts.readArtifact("WETH9")).abi as Abi;
  return { deployer, alice, bob, carol, weth, publicClient, abi };
}
let base: Awaited<ReturnType<typeof fixture>>;
restoreChainAfterFile();
beforeAll(async () => {
  base = await fixture();
});

describe("WETH9", () => {
  isolateEachTest();

  it("has WETH9's metadata and starts empty", async () => {
    const { weth } = base;
    expect(await weth.read.name()).toBe("Wrapped Ether");
    expect(await weth.read.symbol()).toBe("WETH");
    expect(await weth.read.decimals()).toBe(18);
    expect(await weth.read.totalSupply()).toBe(0n);
  });

  it("deposit() and plain ETH sends (receive) wrap 1:1, emit Deposit(dst, wad); totalSupply is the ETH held", async () => {
    const { weth, alice, bob, publicClient } = base;
    const r1 = await receiptOf(await weth.write.deposit({ value: parseEther("1.5"), account: alice.account }));
    const r2 = await receiptOf(await bob.sendTransaction({ to: weth.address, value: parseEther("0.25") }));
    expect(await weth.read.balanceOf([alice.account.address])).toBe(parseEther("1.5"));
    expect(await weth.read.balanceOf([bob.account.address])).toBe(parseEther("0.25"));
    expect(await weth.read.totalSupply()).toBe(parseEther("1.75"));
    expect(await publicClient.getBalance({ address: weth.address })).toBe(parseEther("1.75"));
    const ev = [r1, r2].flatMap((r) => parseEventLogs({ abi: weth.abi, logs: r.logs, eventName: "Deposit" }));
    expect(ev.map((e) => e.args)).toEqual([
      { dst: getAddress(alice.account.address), wad: parseEther("1.5") },
      { dst: getAddress(bob.account.address), wad: parseEther("0.25") },
    ]);
  });

  it("withdraw(wad) burns and returns ETH, emits Withdrawal; InsufficientBalance beyond the balance", async () => {
    const { weth, alice, publicClient } = base;
    await receiptOf(await weth.write.deposit({ value: parseEther("1"), account: alice.account }));
    const before = await publicClient.getBalance({ address: alice.account.address });
    const r = await receiptOf(await weth.write.withdraw([parseEther("0.4")], { account: alice.account }));
    expect(await publicClient.getBalance({ address: alice.account.address })).toBe(
      before + parseEther("0.4") - r.gasUsed * r.effectiveGasPrice,
    );
    expect(await weth.read.balanceOf([alice.account.address])).toBe(parseEther("0.6"));
    expect(await weth.read.totalSupply()).toBe(parseEther("0.6"));
    expect(parseEventLogs({ abi: weth.abi, logs: r.logs, eventName: "Withdrawal" }).map((e) => e.args)).toEqual([
      { src: getAddress(alice.account.address), wad: parseEther("0.4") },
    ]);
    await expectRevert(
      weth.write.withdraw([parseEther("0.6") + 1n], { account: alice.account }),
      "InsufficientBalance",
      [getAddress(alice.account.address), parseEther("0.6"), parseEther("0.6") + 1n],
    );
  });

  it("transfer / approve / transferFrom: balances, allowance spent, events, errors", async () => {
    const { weth, alice, bob, carol } = base;
    const a = getAddress(alice.account.address);
    const b = getAddress(bob.account.address);
    const c = getAddress(carol.account.address);
    await receiptOf(await weth.write.deposit({ value: parseEther("2"), account: alice.account }));
    const rt = await receiptOf(await weth.write.transfer([b, parseEther("0.5")], { account: alice.account }));
    expect(parseEventLogs({ abi: weth.abi, logs: rt.logs, eventName: "Transfer" }).map((e) => e.args)).toEqual([
      { src: a, dst: b, wad: parseEther("0.5") },
    ]);
    await expectRevert(
      weth.write.transfer([c, parseEther("1.5") + 1n], { account: alice.account }),
      "InsufficientBalance",
      [a, parseEther("1.5"), parseEther("1.5") + 1n],
    );

    const ra = await receiptOf(await weth.write.approve([c, parseEther("1")], { account: alice.account }));
    expect(parseEventLogs({ abi: weth.abi, logs: ra.logs, eventName: "Approval" }).map((e) => e.args)).toEqual([
      { src: a, guy: c, wad: parseEther("1") },
    ]);
    await weth.write.transferFrom([a, b, parseEther("0.75")], { account: carol.account });
    expect(await weth.read.allowance([a, c])).toBe(parseEther("0.25"));
    expect(await weth.read.balanceOf([b])).toBe(parseEther("1.25"));
    await expectRevert(
      weth.write.transferFrom([a, b, parseEther("0.5")], { account: carol.account }),
      "InsufficientAllowance",
      [a, c, parseEther("0.25"), parseEther("0.5")],
    );
    // from yourself, no allowance is needed (WETH9 semantics)
    await weth.write.transferFrom([b, a, parseEther("0.25")], { account: bob.account });
    expect(await weth.read.balanceOf([b])).toBe(parseEther("1"));
  });

  it("an infinite allowance is never decreased", async () => {
    const { weth, alice, bob, carol } = base;
    await receiptOf(await weth.write.deposit({ value: parseEther("1"), account: alice.account }));
    await weth.write.approve([carol.account.address, MAX], { account: alice.account });
    await weth.write.transferFrom([alice.account.address, bob.account.address, parseEther("0.3")], {
      account: carol.account,
    });
    expect(await weth.read.allowance([alice.account.address, carol.account.address])).toBe(MAX);
  });

  it("withdraw to a contract that refuses ETH reverts EthTransferFailed(to, wad) and keeps the balance", async () => {
    const { weth, deployer, abi } = base;
    const pool = await deployPool(weth, {
      minDeposit: 1n,
      seed: 1n,
      delay: 0n,
      admin: deployer.account.address,
      keeper: deployer.account.address,
    });
    const staker = await hre.viem.deployContract("RejectingStaker", [pool.address]);
    await staker.write.stake({ value: parseEther("1") });
    await staker.write.requestAll();
    await increaseTime(1n);
    await staker.write.claim([1n]); // the staker now holds 1 WETH
    await expectRevert(
      staker.write.unwrap([parseEther("1")]),
      "EthTransferFailed",
      [getAddress(staker.address), parseEther("1")],
      abi,
    );
    expect(await weth.read.balanceOf([staker.address])).toBe(parseEther("1"));
  });
});
