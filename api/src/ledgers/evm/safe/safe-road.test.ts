// The Safe road on Hardhat's in-process chain with the whole suite deployed (the Safe 2-of-3 of dev accounts
// #1-#3 holding XQB's MINTER_ROLE and the vault's admin rights): one call and a MultiSend batch, each
// refused with one signature (GS020, nothing sent) and executed with two; a failing call pre-flighted to
// the target's own reason; signatures made elsewhere checked against the owners.
import hre from "hardhat";
import { custom, encodeFunctionData, parseEther, parseUnits, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../../scripts/lib/deploy-suite";
import { devSafeOwnerKeys, HARDHAT_DEV_KEY_0 } from "../../../config";
import { MemoryNonceStore, SignerRoad } from "../../signer/signer-road";
import { abiOf } from "../contracts";
import { createEvmLedger, type EvmChain } from "../index";
import { packMultiSend, unpackMultiSend } from "./multisend";
import { SafeCallRevertedError, SafeRoad, SafeSignatureError } from "./safe-road";

const ownerKeys = devSafeOwnerKeys();
const OUTSIDER: Address = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"; // dev account #4

function ledger() {
  return createEvmLedger({
    network: "hardhat",
    chainId: 31337,
    transport: custom(hre.network.provider),
    endpoint: "in-process",
    privateKey: HARDHAT_DEV_KEY_0,
    explorerBaseUrl: null,
    road: new SignerRoad(new MemoryNonceStore()),
  });
}

let selector: ReturnType<typeof ledger>["selector"];
const onChain = <T extends object>(
  op: (evm: EvmChain, road: SafeRoad, ctx: { signal: AbortSignal; submitted(): void }) => Promise<T>,
) => selector.run((evm, ctx) => op(evm, new SafeRoad(evm, { ownerKeys }), ctx));

beforeAll(async () => {
  await deploySuite(hre);
  selector = ledger().selector;
  await selector.start();
  selector.stop();
});

describe("MultiSend packing", () => {
  it("packs operation|to|value|length|data and unpacks to the same calls", () => {
    const calls = [
      { to: OUTSIDER, value: 5n, data: "0x12345678" as const },
      { to: OUTSIDER, value: 0n, data: "0x" as const },
    ];
    const packed = packMultiSend(calls);
    // 85 bytes of header per call + 4 bytes of data
    expect((packed.length - 2) / 2).toBe(85 * 2 + 4);
    expect(unpackMultiSend(packed)).toEqual(calls);
  });
});

describe("SafeRoad on the local chain", () => {
  it("reads the Safe: owners #1-#3, threshold 2; holds the three dev owner keys", async () => {
    const { state, held } = await onChain(async (_evm, road) => ({
      state: await road.state(),
      held: road.heldOwners(),
    }));
    expect(state.threshold).toBe(2);
    expect(state.owners.sort()).toEqual(held.slice().sort());
  });

  it("one call: refused with one signature (GS020, nonce unchanged), executed with two; the supply moves by the amount", async () => {
    const amount = parseEther("1234");
    const out = await onChain(async (evm, road, ctx) => {
      const data = encodeFunctionData({ abi: abiOf("XQBToken"), functionName: "mint", args: [OUTSIDER, amount] });
      const proposal = await road.propose([{ to: evm.address("XQBToken"), data }], { label: "mint" });
      const [one, two] = await road.signWithDevOwners(proposal);
      const supply0 = await evm.read({ contract: "XQBToken", functionName: "totalSupply" });
      const refused = await road.attemptExecute(proposal, [one!], ctx);
      const nonceAfterRefusal = (await road.state()).nonce;
      const executed = await road.attemptExecute(proposal, [two!, one!], ctx);
      const supply1 = await evm.read({ contract: "XQBToken", functionName: "totalSupply" });
      return {
        proposal,
        refused,
        nonceAfterRefusal,
        executed,
        delta: supply1 - supply0,
        nonce: (await road.state()).nonce,
      };
    });
    expect(out.refused).toMatchObject({
      executed: false,
      reason: "GS020",
      signatureCount: 1,
      threshold: 2,
      safeTxHash: out.proposal.safeTxHash,
    });
    expect(out.nonceAfterRefusal).toBe(out.proposal.tx.nonce);
    expect(out.executed).toMatchObject({ executed: true, safeTxHash: out.proposal.safeTxHash });
    expect(out.executed.executed && out.executed.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(out.delta).toBe(amount);
    expect(out.nonce).toBe(out.proposal.tx.nonce + 1n);
    expect(out.proposal.tx.operation).toBe(0);
  });

  it("a batch runs as one MultiSendCallOnly DelegateCall: USDC approve + depositUsdc land together", async () => {
    const amount = parseUnits("2500", 6);
    const out = await onChain(async (evm, road, ctx) => {
      const safe = road.safe;
      const vault = evm.address("TreasuryVault");
      await evm.write({ contract: "MockUSDC", functionName: "mint", args: [safe, amount] }, ctx);
      const before = await evm.read({ contract: "TreasuryVault", functionName: "positionOf", args: [safe] });
      const proposal = await road.propose(
        [
          {
            to: evm.address("MockUSDC"),
            data: encodeFunctionData({ abi: abiOf("MockUSDC"), functionName: "approve", args: [vault, amount] }),
          },
          {
            to: vault,
            data: encodeFunctionData({ abi: abiOf("TreasuryVault"), functionName: "depositUsdc", args: [amount] }),
          },
        ],
        { label: "deposit" },
      );
      const described = road.describe(proposal);
      const executed = await road.execute(proposal, await road.signWithDevOwners(proposal), ctx);
      const after = await evm.read({ contract: "TreasuryVault", functionName: "positionOf", args: [safe] });
      return { proposal, described, executed, deposited: after.usdcCollateral - before.usdcCollateral };
    });
    expect(out.proposal.tx.operation).toBe(1);
    expect(out.proposal.tx.to).toBe(
      await selector.run(async (evm) => ({ a: evm.address("MultiSendCallOnly") })).then((r) => r.a),
    );
    expect(out.described.map((c) => `${c.contract}.${c.function}`)).toEqual([
      "MockUSDC.approve(address,uint256)",
      "TreasuryVault.depositUsdc(uint256)",
    ]);
    expect(out.described[1]!.args).toEqual({ amount: amount.toString() });
    expect(out.deposited).toBe(amount);
  });

  it("pre-flights from the Safe: a failing call or batch says the target's own error, not GS013", async () => {
    const err = await onChain(async (evm, road) => {
      const data = encodeFunctionData({
        abi: abiOf("TreasuryVault"),
        functionName: "mintXqbusd",
        args: [parseEther("1000000000")],
      });
      return road.propose([{ to: evm.address("TreasuryVault"), data }]).then(
        () => ({ e: null }),
        (e: unknown) => ({ e }),
      );
    }).then((r) => r.e);
    expect(err).toBeInstanceOf(SafeCallRevertedError);
    expect((err as SafeCallRevertedError).revert.errorName).toBe("CollateralRatioTooLow");
    expect((err as SafeCallRevertedError).message).toMatch(
      /TreasuryVault\.mintXqbusd would revert: CollateralRatioTooLow\(ratioBps=\d+, minimumBps=15000\)/,
    );

    const batchErr = await onChain(async (evm, road) => {
      const vault = evm.address("TreasuryVault");
      const huge = parseUnits("999999999999", 6);
      return road
        .propose([
          {
            to: evm.address("MockUSDC"),
            data: encodeFunctionData({ abi: abiOf("MockUSDC"), functionName: "approve", args: [vault, huge] }),
          },
          {
            to: vault,
            data: encodeFunctionData({ abi: abiOf("TreasuryVault"), functionName: "depositUsdc", args: [huge] }),
          },
        ])
        .then(
          () => ({ e: null }),
          (e: unknown) => ({ e }),
        );
    }).then((r) => r.e);
    expect(batchErr).toBeInstanceOf(SafeCallRevertedError);
    expect((batchErr as SafeCallRevertedError).callIndex).toBe(1);
    expect((batchErr as SafeCallRevertedError).message).toMatch(
      /^TreasuryVault\.depositUsdc would revert: ERC20Insufficient(Allowance|Balance)\(.*\(call 2 of 2; reason from the call run alone/,
    );
  });

  it("checks signatures made elsewhere: EIP-712 and personal_sign by owners pass (v+4 for eth_sign), others do not", async () => {
    const out = await onChain(async (evm, road) => {
      const data = encodeFunctionData({ abi: abiOf("XQBToken"), functionName: "mint", args: [OUTSIDER, 1n] });
      const proposal = await road.propose([{ to: evm.address("XQBToken"), data }]);
      const owner3 = privateKeyToAccount(ownerKeys[2]!);
      const typed = road.typedData(proposal);
      const viaTyped = await owner3.signTypedData(typed as never);
      const viaMessage = await owner3.signMessage({ message: { raw: proposal.safeTxHash } });
      const outsider = await privateKeyToAccount(`0x${"11".repeat(32)}`).signTypedData(typed as never);
      return {
        typed: await road.verifySignature(proposal, viaTyped),
        message: await road.verifySignature(proposal, viaMessage),
        outsider: await road.verifySignature(proposal, outsider).then(
          () => null,
          (e: unknown) => e,
        ),
        owner3: owner3.address,
      };
    });
    expect(out.typed).toMatchObject({ owner: out.owner3, method: "eip712" });
    expect(out.message).toMatchObject({ owner: out.owner3, method: "eth_sign" });
    expect(["1f", "20"]).toContain(out.message.signature.slice(-2));
    expect(out.outsider).toBeInstanceOf(SafeSignatureError);
    expect((out.outsider as Error).message).toMatch(/not an owner of the Safe/);
  });

  it("refuses to sign where it holds no owner keys", async () => {
    const err = await selector.run(async (evm) => {
      const road = new SafeRoad(evm, { ownerKeys: [] });
      const data = encodeFunctionData({ abi: abiOf("XQBToken"), functionName: "mint", args: [OUTSIDER, 1n] });
      const proposal = await road.propose([{ to: evm.address("XQBToken"), data }]);
      return {
        e: await road.sign(proposal, 1).then(
          () => null,
          (e: unknown) => e,
        ),
        alone: road.canSignAlone(proposal),
      };
    });
    expect(err.e).toBeInstanceOf(SafeSignatureError);
    expect(err.alone).toBe(false);
  });
});
