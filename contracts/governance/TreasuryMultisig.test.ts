// Tests for the treasury's 2-of-3 Safe multisig (Safe 1.4.1 contracts, deployGovernance, safe-tx helpers,
// execAsMultisig) and for "emergency pause goes through the multisig" on a Pausable demo target.
// Runs on Hardhat's in-process network; contracts are compiled before the run (tests never compile).
import hre from "hardhat";
import { beforeAll, describe, expect, it } from "vitest";
import {
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEther,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import {
  deployGovernance,
  execAsMultisig,
  GOVERNANCE_DEFAULTS,
  type GovernanceDeployment,
} from "../../scripts/lib/deploy-governance";
import {
  approvedHashSignature,
  buildSafeTransactionAt,
  encodeSignatures,
  executeSafeTransaction,
  onChainSafeTxHash,
  safeTxHash,
  signSafeTransaction,
  type SafeSignature,
  type SafeSigner,
  type SafeTransaction,
} from "../../api/src/ledgers/evm/safe/safe-tx";
import { expectRevert, isolateEachTest, restoreChainAfterFile } from "../testing/chain";

const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as Hex;
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const SENTINEL = "0x0000000000000000000000000000000000000001" as Address;
/** Safe's FallbackManager stores the handler at keccak256("fallback_manager.handler.address"). */
const FALLBACK_HANDLER_SLOT = keccak256(toHex("fallback_manager.handler.address"));
const addressAtSlot = (word: Hex | undefined) => getAddress(`0x${(word ?? "0x").slice(-40).padStart(40, "0")}`);

async function deployFixture() {
  const deployment = await deployGovernance(hre);
  const wallets = await hre.viem.getWalletClients();
  const [deployer, o1, o2, o3, stranger, guardian] = wallets;
  if (!deployer || !o1 || !o2 || !o3 || !stranger || !guardian) throw new Error("need 6 accounts");
  const publicClient = (await hre.viem.getPublicClient()) as PublicClient;
  const chainId = await publicClient.getChainId();
  const safe = await hre.viem.getContractAt("SafeL2", deployment.TreasuryMultisig.address);
  // The demo target starts with the deployer as admin + pauser, like every contract before the handover.
  const target = await hre.viem.deployContract("EmergencyPauseTarget", [deployer.account.address]);
  return { deployment, deployer, o1, o2, o3, stranger, guardian, publicClient, chainId, safe, target };
}
type Fixture = Awaited<ReturnType<typeof deployFixture>>;

let base: Fixture;
restoreChainAfterFile();
beforeAll(async () => {
  base = await deployFixture();
});

/** A SafeTx at the current nonce making the Safe call target.ping(). */
async function pingTx(): Promise<SafeTransaction> {
  const data = encodeFunctionData({ abi: base.target.abi, functionName: "ping" });
  return buildSafeTransactionAt(base.publicClient, base.safe.address, { to: base.target.address, data });
}
const sign = (s: SafeSigner, tx: SafeTransaction, method: "eip712" | "eth_sign" = "eip712") =>
  signSafeTransaction(s, base.chainId, base.safe.address, tx, method);
const exec = (tx: SafeTransaction, sigs: readonly SafeSignature[] | Hex, executor: SafeSigner = base.o1) =>
  executeSafeTransaction(executor, base.publicClient, base.safe.address, tx, sigs);

/** Hands the target's admin and pauser roles to the Safe and drops the deployer's. */
async function handOverTargetToSafe() {
  const { target, safe, deployer, publicClient } = base;
  for (const role of [PAUSER_ROLE, DEFAULT_ADMIN_ROLE]) {
    await publicClient.waitForTransactionReceipt({ hash: await target.write.grantRole([role, safe.address]) });
  }
  for (const role of [PAUSER_ROLE, DEFAULT_ADMIN_ROLE]) {
    await publicClient.waitForTransactionReceipt({
      hash: await target.write.renounceRole([role, deployer.account.address]),
    });
  }
}
const call = (functionName: "pause" | "unpause" | "ping") => encodeFunctionData({ abi: base.target.abi, functionName });

// ---------------------------------------------------------------------------------------------------

describe("deployGovernance", () => {
  isolateEachTest();

  it("creates a 2-of-3 Safe 1.4.1 owned by dev accounts 1, 2, 3 at nonce 0", async () => {
    const { safe, o1, o2, o3, deployer } = base;
    expect(await safe.read.VERSION()).toBe("1.4.1");
    expect(await safe.read.getThreshold()).toBe(2n);
    expect(await safe.read.nonce()).toBe(0n);
    const owners = (await safe.read.getOwners()).map((a) => getAddress(a));
    expect(owners).toEqual([o1, o2, o3].map((w) => getAddress(w.account.address)));
    expect(await safe.read.isOwner([deployer.account.address])).toBe(false);
  });

  it("points the proxy at the singleton and sets the fallback handler", async () => {
    const { deployment, publicClient, safe } = base;
    const slot0 = await publicClient.getStorageAt({ address: safe.address, slot: "0x0" });
    expect(addressAtSlot(slot0)).toBe(getAddress(deployment.SafeSingleton.address));
    const handler = await publicClient.getStorageAt({ address: safe.address, slot: FALLBACK_HANDLER_SLOT });
    expect(addressAtSlot(handler)).toBe(getAddress(deployment.FallbackHandler.address));
    // the handler answers through the Safe's fallback: CompatibilityFallbackHandler.getMessageHash
    const handlerAt = await hre.viem.getContractAt("CompatibilityFallbackHandler", safe.address);
    const h = await handlerAt.read.getMessageHash([toHex("hello")]);
    expect(h).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("records real deploy blocks: no code before, code at deployedOnBlock", async () => {
    const { deployment, publicClient } = base;
    for (const d of Object.values(deployment) as GovernanceDeployment[keyof GovernanceDeployment][]) {
      const at = await publicClient.getCode({ address: d.address, blockNumber: BigInt(d.deployedOnBlock) });
      const before = await publicClient.getCode({ address: d.address, blockNumber: BigInt(d.deployedOnBlock - 1) });
      expect(at && at.length > 2).toBe(true);
      expect(before ?? "0x").toBe("0x");
    }
  });

  it("names each entry's ABI artifact for the deploy map (the multisig answers to SafeL2's ABI)", async () => {
    const { deployment } = base;
    expect(Object.fromEntries(Object.entries(deployment).map(([k, d]) => [k, d.artifact]))).toEqual({
      SafeSingleton: "SafeL2",
      SafeProxyFactory: "SafeProxyFactory",
      FallbackHandler: "CompatibilityFallbackHandler",
      TreasuryMultisig: "SafeL2",
      MultiSendCallOnly: "MultiSendCallOnly",
    });
    for (const d of Object.values(deployment)) {
      const { abi } = await hre.artifacts.readArtifact(d.artifact);
      expect(abi.length).toBeGreaterThan(0);
    }
  });

  it("the Safe can't be set up twice and the singleton itself is locked (GS200)", async () => {
    const { safe, deployment, stranger } = base;
    const setupArgs = [
      [stranger.account.address],
      1n,
      zeroAddress,
      "0x",
      zeroAddress,
      zeroAddress,
      0n,
      zeroAddress,
    ] as const;
    await expectRevert(safe.write.setup(setupArgs, { account: stranger.account }), "Error", ["GS200"]);
    const singleton = await hre.viem.getContractAt("SafeL2", deployment.SafeSingleton.address);
    await expectRevert(singleton.write.setup(setupArgs, { account: stranger.account }), "Error", ["GS200"]);
  });

  it("takes custom owners and threshold, and refuses bad options", async () => {
    const { o1, o2, stranger } = base;
    const owners = [stranger.account.address, o1.account.address, o2.account.address];
    const d = await deployGovernance(hre, { owners, threshold: 3n, saltNonce: 7n });
    const s = await hre.viem.getContractAt("SafeL2", d.TreasuryMultisig.address);
    expect(await s.read.getThreshold()).toBe(3n);
    expect((await s.read.getOwners()).map((a) => getAddress(a))).toEqual(owners.map((a) => getAddress(a)));

    await expect(deployGovernance(hre, { owners: [o1.account.address, o1.account.address] })).rejects.toThrow(
      /duplicate/,
    );
    await expect(deployGovernance(hre, { owners, threshold: 4n })).rejects.toThrow(/threshold 4/);
    await expect(deployGovernance(hre, { owners, threshold: 0n })).rejects.toThrow(/threshold 0/);
    await expect(deployGovernance(hre, { owners: [zeroAddress, o1.account.address] })).rejects.toThrow(/bad owner/);
  });

  it("uses a fixed CREATE2 salt, so a second Safe with the same salt on the same factory is refused", async () => {
    const { deployment, publicClient } = base;
    const factory = await hre.viem.getContractAt("SafeProxyFactory", deployment.SafeProxyFactory.address);
    const created = await factory.getEvents.ProxyCreation(
      {},
      { fromBlock: BigInt(deployment.TreasuryMultisig.deployedOnBlock) },
    );
    expect(created.map((e) => getAddress(e.args.proxy!))).toEqual([getAddress(deployment.TreasuryMultisig.address)]);
    const { abi } = await hre.artifacts.readArtifact("SafeL2");
    const init = encodeFunctionData({
      abi,
      functionName: "setup",
      args: [[base.o1.account.address], 1n, zeroAddress, "0x", zeroAddress, zeroAddress, 0n, zeroAddress],
    });
    // same singleton + different initializer + same salt is a different address (salt covers the initializer)
    const h = await factory.write.createProxyWithNonce([
      deployment.SafeSingleton.address,
      init,
      GOVERNANCE_DEFAULTS.saltNonce,
    ]);
    expect((await publicClient.waitForTransactionReceipt({ hash: h })).status).toBe("success");
    // the exact same call again collides
    await expect(
      factory.write.createProxyWithNonce([deployment.SafeSingleton.address, init, GOVERNANCE_DEFAULTS.saltNonce]),
    ).rejects.toThrow(/Create2 call failed/);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("Safe transactions: signatures, threshold, nonce", () => {
  isolateEachTest();

  it("the locally computed EIP-712 SafeTx hash equals the Safe's getTransactionHash", async () => {
    const { publicClient, safe, chainId } = base;
    const tx = await pingTx();
    const local = safeTxHash(chainId, safe.address, tx);
    expect(local).toBe(await onChainSafeTxHash(publicClient, safe.address, tx));
    // and it covers the nonce
    expect(safeTxHash(chainId, safe.address, { ...tx, nonce: 1n })).not.toBe(local);
  });

  it("1 of 3 signatures reverts with GS020 and changes nothing", async () => {
    const { o1, safe, target } = base;
    const tx = await pingTx();
    await expectRevert(exec(tx, [await sign(o1, tx)]), "Error", ["GS020"]);
    expect(await safe.read.nonce()).toBe(0n);
    expect(await target.read.pings()).toBe(0n);
  });

  it("no signatures at all reverts with GS020", async () => {
    const tx = await pingTx();
    await expectRevert(exec(tx, []), "Error", ["GS020"]);
  });

  it("2 of 3 executes, for every pair of owners; each execution bumps the nonce", async () => {
    const { o1, o2, o3, safe, target } = base;
    const pairs: [SafeSigner, SafeSigner][] = [
      [o1, o2],
      [o1, o3],
      [o2, o3],
    ];
    let n = 0n;
    for (const [a, b] of pairs) {
      const tx = await pingTx();
      expect(tx.nonce).toBe(n);
      const receipt = await exec(tx, [await sign(a, tx), await sign(b, tx)]);
      n += 1n;
      expect(await safe.read.nonce()).toBe(n);
      expect(await target.read.pings()).toBe(n);
      // the target saw the Safe as caller
      const pinged = parseEventLogs({ abi: target.abi, logs: receipt.logs, eventName: "Pinged" });
      expect(pinged.map((e) => [getAddress(e.args.caller), e.args.count])).toEqual([[getAddress(safe.address), n]]);
    }
  });

  it("emits ExecutionSuccess(safeTxHash) and SafeL2's SafeMultiSigTransaction with the signatures", async () => {
    const { o2, o3, safe, chainId } = base;
    const tx = await pingTx();
    const sigs = [await sign(o3, tx), await sign(o2, tx)];
    const receipt = await exec(tx, sigs);
    const ok = parseEventLogs({ abi: safe.abi, logs: receipt.logs, eventName: "ExecutionSuccess" });
    expect(ok).toHaveLength(1);
    expect(ok[0]!.args).toEqual({ txHash: safeTxHash(chainId, safe.address, tx), payment: 0n });
    const l2 = parseEventLogs({ abi: safe.abi, logs: receipt.logs, eventName: "SafeMultiSigTransaction" });
    expect(l2).toHaveLength(1);
    expect(getAddress(l2[0]!.args.to)).toBe(getAddress(base.target.address));
    expect(l2[0]!.args.data).toBe(tx.data);
    expect(l2[0]!.args.signatures).toBe(encodeSignatures(sigs));
  });

  it("3 of 3 also executes (the Safe checks the first `threshold` signatures)", async () => {
    const { o1, o2, o3, target } = base;
    const tx = await pingTx();
    await exec(tx, [await sign(o1, tx), await sign(o2, tx), await sign(o3, tx)]);
    expect(await target.read.pings()).toBe(1n);
  });

  it("accepts eth_sign signatures (v + 4) and mixes them with EIP-712 ones", async () => {
    const { o1, o3, target } = base;
    const tx = await pingTx();
    const ethSign = await sign(o1, tx, "eth_sign");
    const v = Number.parseInt(ethSign.data.slice(-2), 16);
    expect([31, 32]).toContain(v);
    await exec(tx, [ethSign, await sign(o3, tx, "eip712")]);
    expect(await target.read.pings()).toBe(1n);
  });

  it("accepts a pre-validated signature from the executing owner, and approveHash from another", async () => {
    const { o1, o2, o3, safe, chainId, target, publicClient } = base;
    let tx = await pingTx();
    // o1 executes: its v=1 signature is valid because msg.sender == o1
    await exec(tx, [approvedHashSignature(o1.account.address), await sign(o2, tx)], o1);
    expect(await target.read.pings()).toBe(1n);

    // o3 approves on chain first; then anyone can execute with o3's v=1 signature + one more
    tx = await pingTx();
    const hash = safeTxHash(chainId, safe.address, tx);
    await publicClient.waitForTransactionReceipt({
      hash: await safe.write.approveHash([hash], { account: o3.account }),
    });
    expect(await safe.read.approvedHashes([o3.account.address, hash])).toBe(1n);
    await exec(tx, [approvedHashSignature(o3.account.address), await sign(o2, tx)], base.stranger);
    expect(await target.read.pings()).toBe(2n);
  });

  it("a pre-validated signature of an owner who neither executes nor approved is refused (GS025)", async () => {
    const { o2, o3, stranger } = base;
    const tx = await pingTx();
    await expectRevert(exec(tx, [approvedHashSignature(o3.account.address), await sign(o2, tx)], stranger), "Error", [
      "GS025",
    ]);
  });

  it("replaying the same signatures fails: the nonce moved on (GS026)", async () => {
    const { o1, o2, safe, target } = base;
    const tx = await pingTx();
    const sigs = [await sign(o1, tx), await sign(o2, tx)];
    await exec(tx, sigs);
    expect(await safe.read.nonce()).toBe(1n);
    // same tx fields (old nonce is not a parameter of execTransaction), same signatures
    await expectRevert(exec(tx, sigs), "Error", ["GS026"]);
    expect(await target.read.pings()).toBe(1n);
    expect(await safe.read.nonce()).toBe(1n);
  });

  it("rejects a non-owner's signature (GS026), alone or next to an owner's", async () => {
    const { o1, stranger, guardian, target } = base;
    const tx = await pingTx();
    await expectRevert(exec(tx, [await sign(o1, tx), await sign(stranger, tx)]), "Error", ["GS026"]);
    await expectRevert(exec(tx, [await sign(guardian, tx), await sign(stranger, tx)]), "Error", ["GS026"]);
    expect(await target.read.pings()).toBe(0n);
  });

  it("rejects one owner signing twice (GS026)", async () => {
    const { o2 } = base;
    const tx = await pingTx();
    const s = await sign(o2, tx);
    await expectRevert(exec(tx, [s, s]), "Error", ["GS026"]);
  });

  it("rejects signatures in descending owner order (GS026): encodeSignatures must sort", async () => {
    const { o1, o2 } = base;
    const tx = await pingTx();
    const sigs = [await sign(o1, tx), await sign(o2, tx)].sort((a, b) =>
      BigInt(a.signer) > BigInt(b.signer) ? -1 : 1,
    );
    const unsorted = `0x${sigs.map((s) => s.data.slice(2)).join("")}` as Hex;
    await expectRevert(exec(tx, unsorted), "Error", ["GS026"]);
    await exec(tx, sigs); // the helper sorts the same two
    expect(await base.target.read.pings()).toBe(1n);
  });

  it("rejects signatures over a different transaction (tampered data or value) (GS026)", async () => {
    const { o1, o2 } = base;
    const tx = await pingTx();
    const sigs = [await sign(o1, tx), await sign(o2, tx)];
    await expectRevert(exec({ ...tx, data: call("pause") }, sigs), "Error", ["GS026"]);
    await expectRevert(exec({ ...tx, to: base.stranger.account.address }, sigs), "Error", ["GS026"]);
  });

  it("a failing inner call reverts the whole execTransaction (GS013) and keeps the nonce", async () => {
    const { o1, o2, safe, target } = base;
    // the Safe has no role on the target yet, so pause() reverts inside
    const tx = await buildSafeTransactionAt(base.publicClient, safe.address, {
      to: target.address,
      data: call("pause"),
    });
    await expectRevert(exec(tx, [await sign(o1, tx), await sign(o2, tx)]), "Error", ["GS013"]);
    expect(await safe.read.nonce()).toBe(0n);
  });

  it("owner management only through the Safe itself: direct calls GS031, a signed swapOwner rotates a key", async () => {
    const { safe, o1, o2, o3, stranger } = base;
    await expectRevert(
      safe.write.addOwnerWithThreshold([stranger.account.address, 1n], { account: o1.account }),
      "Error",
      ["GS031"],
    );
    await expectRevert(safe.write.changeThreshold([1n], { account: o1.account }), "Error", ["GS031"]);

    // rotate o1 (first in the owner list, so its predecessor is the sentinel) to `stranger`
    const data = encodeFunctionData({
      abi: safe.abi,
      functionName: "swapOwner",
      args: [SENTINEL, o1.account.address, stranger.account.address],
    });
    await execAsMultisig(hre, safe.address, safe.address, data, [o2, o3]);
    expect(await safe.read.isOwner([o1.account.address])).toBe(false);
    expect(await safe.read.isOwner([stranger.account.address])).toBe(true);
    expect(await safe.read.getThreshold()).toBe(2n);
    // the rotated-out key no longer counts
    const tx = await pingTx();
    await expectRevert(exec(tx, [await sign(o1, tx), await sign(o2, tx)], o2), "Error", ["GS026"]);
    await exec(tx, [await sign(stranger, tx), await sign(o2, tx)], o2);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("emergency pause goes through the multisig", () => {
  isolateEachTest();

  it("after the handover only the Safe can pause: the deployer and each owner alone are refused", async () => {
    const { target, safe, deployer, o1, o2, o3 } = base;
    await handOverTargetToSafe();
    expect(await target.read.hasRole([PAUSER_ROLE, safe.address])).toBe(true);
    expect(await target.read.hasRole([DEFAULT_ADMIN_ROLE, safe.address])).toBe(true);
    expect(await target.read.hasRole([DEFAULT_ADMIN_ROLE, deployer.account.address])).toBe(false);

    for (const w of [deployer, o1, o2, o3]) {
      await expectRevert(target.write.pause({ account: w.account }), "AccessControlUnauthorizedAccount", [
        getAddress(w.account.address),
        PAUSER_ROLE,
      ]);
      await expectRevert(
        target.write.grantRole([PAUSER_ROLE, w.account.address], { account: w.account }),
        "AccessControlUnauthorizedAccount",
        [getAddress(w.account.address), DEFAULT_ADMIN_ROLE],
      );
    }
    expect(await target.read.paused()).toBe(false);
  });

  it("2 owners pause through execAsMultisig; work stops; 2 owners unpause; work resumes", async () => {
    const { target, safe, o1, o3, stranger, publicClient } = base;
    await handOverTargetToSafe();
    const { receipt, nonce } = await execAsMultisig(hre, safe.address, target.address, call("pause"), [o3, o1]);
    expect(nonce).toBe(0n);
    expect(await target.read.paused()).toBe(true);
    const paused = parseEventLogs({ abi: target.abi, logs: receipt.logs, eventName: "Paused" });
    expect(paused.map((e) => getAddress(e.args.account))).toEqual([getAddress(safe.address)]);

    await expectRevert(target.write.ping({ account: stranger.account }), "EnforcedPause", []);

    await execAsMultisig(hre, safe.address, target.address, call("unpause"), [o1, o3]);
    expect(await target.read.paused()).toBe(false);
    await publicClient.waitForTransactionReceipt({ hash: await target.write.ping({ account: stranger.account }) });
    expect(await target.read.pings()).toBe(1n);
    expect(await safe.read.nonce()).toBe(2n);
  });

  it("the Safe, as admin, grants a guardian PAUSER_ROLE; the guardian can then pause alone", async () => {
    const { target, safe, o1, o2, guardian, publicClient } = base;
    await handOverTargetToSafe();
    const data = encodeFunctionData({
      abi: target.abi,
      functionName: "grantRole",
      args: [PAUSER_ROLE, guardian.account.address],
    });
    const { receipt } = await execAsMultisig(hre, safe.address, target.address, data, [o1, o2]);
    const granted = parseEventLogs({ abi: target.abi, logs: receipt.logs, eventName: "RoleGranted" });
    expect(granted.map((e) => [e.args.role, getAddress(e.args.account), getAddress(e.args.sender)])).toEqual([
      [PAUSER_ROLE, getAddress(guardian.account.address), getAddress(safe.address)],
    ]);
    await publicClient.waitForTransactionReceipt({ hash: await target.write.pause({ account: guardian.account }) });
    expect(await target.read.paused()).toBe(true);
  });

  it("execAsMultisig signs with eth_sign too, and any account can pay for the execution", async () => {
    const { target, safe, o2, o3, stranger, publicClient } = base;
    await handOverTargetToSafe();
    const before = await publicClient.getBalance({ address: o2.account.address });
    const { receipt } = await execAsMultisig(hre, safe.address, target.address, call("pause"), [o2, o3], {
      method: "eth_sign",
      executor: stranger,
    });
    expect(getAddress(receipt.from)).toBe(getAddress(stranger.account.address));
    expect(await target.read.paused()).toBe(true);
    expect(await publicClient.getBalance({ address: o2.account.address })).toBe(before); // signing is free
  });

  it("execAsMultisig refuses too few signers and non-owners before sending anything", async () => {
    const { target, safe, o1, stranger } = base;
    await handOverTargetToSafe();
    await expect(execAsMultisig(hre, safe.address, target.address, call("pause"), [o1])).rejects.toThrow(
      /needs 2 owner signatures, got 1/,
    );
    await expect(execAsMultisig(hre, safe.address, target.address, call("pause"), [o1, o1])).rejects.toThrow(
      /needs 2 owner signatures, got 1/,
    );
    await expect(execAsMultisig(hre, safe.address, target.address, call("pause"), [o1, stranger])).rejects.toThrow(
      /not owners/,
    );
    expect(await safe.read.nonce()).toBe(0n);
    expect(await target.read.paused()).toBe(false);
  });

  it("execAsMultisig's pre-flight reports the target's own revert; without it the Safe says GS013", async () => {
    const { target, safe, o1, o2 } = base;
    await handOverTargetToSafe();
    await expect(execAsMultisig(hre, safe.address, target.address, call("unpause"), [o1, o2])).rejects.toThrow(
      /would revert/,
    );
    await expectRevert(
      execAsMultisig(hre, safe.address, target.address, call("unpause"), [o1, o2], { preflight: false }),
      "Error",
      ["GS013"],
    );
    expect(await safe.read.nonce()).toBe(0n);
  });

  it("the Safe holds ETH and pays it out only with 2 signatures", async () => {
    const { safe, o1, o2, deployer, stranger, publicClient } = base;
    await publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to: safe.address, value: parseEther("2") }),
    });
    expect(await publicClient.getBalance({ address: safe.address })).toBe(parseEther("2"));
    const before = await publicClient.getBalance({ address: stranger.account.address });
    await execAsMultisig(hre, safe.address, stranger.account.address, "0x", [o1, o2], { value: parseEther("0.5") });
    expect(await publicClient.getBalance({ address: stranger.account.address })).toBe(before + parseEther("0.5"));
    expect(await publicClient.getBalance({ address: safe.address })).toBe(parseEther("1.5"));
    const tx = await buildSafeTransactionAt(publicClient, safe.address, { to: stranger.account.address, value: 1n });
    await expectRevert(exec(tx, [await sign(o1, tx)]), "Error", ["GS020"]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("gas", () => {
  isolateEachTest();

  it("reports deploy, pause via the Safe and an ETH payout (for the lead)", async () => {
    const { target, safe, o1, o2, deployer, publicClient, deployment } = base;
    const created = await publicClient.getBlock({
      blockNumber: BigInt(deployment.TreasuryMultisig.deployedOnBlock),
      includeTransactions: true,
    });
    const createTx = created.transactions.find(
      (t) => typeof t !== "string" && t.to && getAddress(t.to) === getAddress(deployment.SafeProxyFactory.address),
    );
    expect(createTx).toBeDefined();
    const createReceipt = await publicClient.getTransactionReceipt({ hash: (createTx as { hash: Hex }).hash });

    await handOverTargetToSafe();
    const pause = await execAsMultisig(hre, safe.address, target.address, call("pause"), [o1, o2]);
    await publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to: safe.address, value: parseEther("1") }),
    });
    const pay = await execAsMultisig(hre, safe.address, deployer.account.address, "0x", [o1, o2], { value: 1n });
    const approve = await publicClient.waitForTransactionReceipt({
      hash: await safe.write.approveHash([keccak256(toHex("x"))], { account: o1.account }),
    });
    console.log(`[gas] SafeProxyFactory.createProxyWithNonce (2-of-3 Safe setup): ${createReceipt.gasUsed}`);
    console.log(`[gas] Safe.execTransaction (2 EIP-712 sigs, target.pause): ${pause.receipt.gasUsed}`);
    console.log(`[gas] Safe.execTransaction (2 EIP-712 sigs, ETH payout): ${pay.receipt.gasUsed}`);
    console.log(`[gas] Safe.approveHash: ${approve.gasUsed}`);
    for (const r of [createReceipt, pause.receipt, pay.receipt, approve]) expect(r.status).toBe("success");
  });
});
