// Tests for VibeCoin (VIBE): MINTER_ROLE for the reward service, ERC20Burnable for holders.
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, parseEther, parseEventLogs, toHex, zeroAddress, type Abi } from "viem";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";

const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as const;

restoreChainAfterFile();
let ctx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const [admin, service, alice, bob] = await hre.viem.getWalletClients();
  const vibe = await hre.viem.deployContract("VibeCoin", [admin!.account.address, service!.account.address]);
  const publicClient = await hre.viem.getPublicClient();
  return { admin: admin!, service: service!, alice: alice!, bob: bob!, vibe, publicClient };
}
beforeAll(async () => {
  ctx = await setup();
});
const a = (w: { account: { address: `0x${string}` } }) => getAddress(w.account.address);

describe("VibeCoin", () => {
  isolateEachTest();

  it("is VibeCoin / VIBE with 18 decimals and no supply; the reward service holds MINTER_ROLE, the admin does not", async () => {
    const { vibe, admin, service } = ctx;
    expect(await vibe.read.name()).toBe("VibeCoin");
    expect(await vibe.read.symbol()).toBe("VIBE");
    expect(await vibe.read.decimals()).toBe(18);
    expect(await vibe.read.totalSupply()).toBe(0n);
    expect(await vibe.read.hasRole([MINTER_ROLE, a(service)])).toBe(true);
    expect(await vibe.read.hasRole([MINTER_ROLE, a(admin)])).toBe(false);
    expect(await vibe.read.hasRole([DEFAULT_ADMIN_ROLE, a(admin)])).toBe(true);
  });

  it("the reward service mints rewards (50 VIBE per $50 funding), emitting Transfer from zero", async () => {
    const { vibe, service, alice, publicClient } = ctx;
    const r = await publicClient.waitForTransactionReceipt({
      hash: await vibe.write.mint([a(alice), parseEther("50")], { account: service.account }),
    });
    const [t] = parseEventLogs({ abi: vibe.abi, logs: r.logs, eventName: "Transfer" });
    expect(t!.args).toEqual({ from: zeroAddress, to: a(alice), value: parseEther("50") });
    expect(await vibe.read.balanceOf([a(alice)])).toBe(parseEther("50"));
    console.log(`[gas] VibeCoin.mint: ${r.gasUsed}`);
  });

  it("mint by anyone else reverts AccessControlUnauthorizedAccount (admin included) until granted", async () => {
    const { vibe, admin, alice } = ctx;
    for (const w of [alice, admin]) {
      await expectRevert(vibe.write.mint([a(w), 1n], { account: w.account }), "AccessControlUnauthorizedAccount", [
        a(w),
        MINTER_ROLE,
      ]);
    }
    await vibe.write.grantRole([MINTER_ROLE, a(admin)], { account: admin.account });
    await vibe.write.mint([a(alice), 1n], { account: admin.account });
    expect(await vibe.read.totalSupply()).toBe(1n);
  });

  it("holders burn their own VIBE; burnFrom needs an allowance; burning more than held reverts", async () => {
    const { vibe, service, alice, bob, publicClient } = ctx;
    await vibe.write.mint([a(alice), parseEther("500")], { account: service.account });
    const r = await publicClient.waitForTransactionReceipt({
      hash: await vibe.write.burn([parseEther("100")], { account: alice.account }),
    });
    console.log(`[gas] VibeCoin.burn: ${r.gasUsed}`);
    expect(await vibe.read.balanceOf([a(alice)])).toBe(parseEther("400"));
    expect(await vibe.read.totalSupply()).toBe(parseEther("400"));
    await expectRevert(vibe.write.burnFrom([a(alice), 1n], { account: bob.account }), "ERC20InsufficientAllowance", [
      a(bob),
      0n,
      1n,
    ]);
    await vibe.write.approve([a(bob), parseEther("50")], { account: alice.account });
    await vibe.write.burnFrom([a(alice), parseEther("50")], { account: bob.account });
    expect(await vibe.read.balanceOf([a(alice)])).toBe(parseEther("350"));
    await expectRevert(vibe.write.burn([parseEther("351")], { account: alice.account }), "ERC20InsufficientBalance", [
      a(alice),
      parseEther("350"),
      parseEther("351"),
    ]);
  });

  it("a zero reward service grants nobody; a zero admin reverts ZeroAddress", async () => {
    const { admin } = ctx;
    const v = await hre.viem.deployContract("VibeCoin", [a(admin), zeroAddress]);
    expect(await v.read.hasRole([MINTER_ROLE, zeroAddress])).toBe(false);
    await expectRevert(
      hre.viem.deployContract("VibeCoin", [zeroAddress, a(admin)]),
      "ZeroAddress",
      [],
      hre.artifacts.readArtifactSync("VibeCoin").abi as Abi,
    );
  });
});
