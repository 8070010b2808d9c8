// The Safe road: admin actions as Safe (1.4.1) multisig transactions, for any feature. Propose (one call is a
// plain Call; several are one MultiSendCallOnly batch run by DelegateCall), sign with the dev owners' keys
// (local chain only: Hardhat's public mnemonic, accounts #1-#3), execute (the API signer sends and pays;
// through evm.write, so the signer road numbers it), or try to execute with what signatures there are and
// get the Safe's refusal (GS020: too few) as an answer rather than a throw. Every proposal is pre-flighted
// with eth_call from the Safe itself, so a call that would fail says the target's own reason, not GS013.
//
// Bound to one EvmChain (the client selector.run hands out): `new SafeRoad(evm, { ownerKeys })`.
import {
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  isAddressEqual,
  parseAbi,
  recoverMessageAddress,
  recoverTypedDataAddress,
  size,
  sliceHex,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmChain, WriteResult } from "../chain";
import { ContractRevertedError } from "../errors";
import { LedgerRejectedError } from "../../types";
import { decodeRevert, describeCall, type DecodedCall, type DecodedRevert } from "./decode";
import { encodeMultiSend, type SafeCall } from "./multisend";
import {
  Operation,
  buildSafeTransaction,
  encodeSignatures,
  safeTxHash as hashSafeTx,
  safeTxTypedData,
  signSafeTransaction,
  splitSignature,
  type SafeTransaction,
  type SigningMethod,
} from "./safe-tx";

export type { SafeCall } from "./multisend";
export type { DecodedCall, DecodedRevert } from "./decode";

/** How a signature was made: EIP-712 typed data, eth_sign (personal_sign) over the hash, or a pre-approved hash. */
export type SafeSignatureMethod = "eip712" | "eth_sign" | "approved_hash";

/**
 * Who made a signature: the owner's own wallet (any signature made outside this server and checked here), or
 * this server with the public dev key of owner #N (the local chain only, at an operator's explicit request).
 */
export type SafeSignedBy = "owner-wallet" | "server-dev-key";

/** One owner's signature, as shown: who, the 65 bytes in Safe's encoding, how it was made and by whom. */
export interface SafeOwnerSignature {
  owner: Address;
  signature: Hex;
  method: SafeSignatureMethod;
  /** Absent on rows stored before it was recorded: those were all owners' wallet signatures. */
  by?: SafeSignedBy;
  /** For "server-dev-key": the dev owner's number (1, 2 or 3: Hardhat dev accounts #1-#3). */
  devOwner?: number;
}

/** The sentence every page shows beside a signature: who made it, so a dev-key co-signature is never taken for an owner's. */
export function signatureLabel(sig: Pick<SafeOwnerSignature, "by" | "devOwner">): string {
  return sig.by === "server-dev-key"
    ? `signed by the server with the public dev key of owner #${sig.devOwner} (local chain only)`
    : "signed by the owner's own wallet";
}

export interface SafeState {
  address: Address;
  owners: Address[];
  threshold: number;
  nonce: bigint;
}

export interface SafeProposal {
  /** What it is for (the feature's words: "mint_xqb", "test-multisig", …). */
  label: string;
  chainId: number;
  safe: Address;
  tx: SafeTransaction;
  safeTxHash: Hex;
  /** The inner calls: one (tx.to is the target) or several (tx.to is MultiSendCallOnly). */
  calls: SafeCall[];
  owners: Address[];
  threshold: number;
}

export interface SafeExecution {
  executed: true;
  safeTxHash: Hex;
  transactionHash: Hex;
  blockNumber: bigint | null;
  write: WriteResult;
}

export interface SafeRefusal {
  executed: false;
  safeTxHash: Hex;
  /** The Safe's (or the target's) reason: "GS020" for too few signatures. */
  reason: string;
  revert: DecodedRevert;
  signatureCount: number;
  threshold: number;
}

/** A call of the proposal would revert: the target's own reason, and which call (index in `calls`). */
export class SafeCallRevertedError extends LedgerRejectedError {
  constructor(
    readonly revert: DecodedRevert,
    readonly call: DecodedCall | null,
    readonly callIndex: number | null,
  ) {
    super(
      "ethereum",
      `${call?.contract ?? call?.to ?? "the Safe's call"}${call?.function ? `.${call.function.split("(")[0]}` : ""} would revert: ${revert.text}`,
    );
  }
}

/** A signature that is malformed or not by an owner of the Safe (the caller's mistake). */
export class SafeSignatureError extends Error {
  override readonly name = "SafeSignatureError";
}

export interface SafeRoadOptions {
  /** Private keys of dev owners #1, #2, #3 in that order (config.evm.safeOwnerKeys); empty off the local chain. */
  ownerKeys: readonly Hex[];
}

const SAFE = "TreasuryMultisig" as const;
const simulateAbi = parseAbi(["function simulateAndRevert(address targetContract, bytes calldataPayload)"]);
const execAbi = parseAbi([
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)",
]);

function execArgs(tx: SafeTransaction, signatures: Hex) {
  return [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
    signatures,
  ] as const;
}

export class SafeRoad {
  readonly safe: Address;
  constructor(
    private readonly evm: EvmChain,
    private readonly opts: SafeRoadOptions,
  ) {
    this.safe = evm.address(SAFE);
  }

  /** The Safe's owners, threshold and nonce, read from the chain. */
  async state(): Promise<SafeState> {
    const [owners, threshold, nonce] = await Promise.all([
      this.evm.read({ contract: SAFE, functionName: "getOwners" }),
      this.evm.read({ contract: SAFE, functionName: "getThreshold" }),
      this.evm.read({ contract: SAFE, functionName: "nonce" }),
    ]);
    return { address: this.safe, owners: owners.map((o) => getAddress(o)), threshold: Number(threshold), nonce };
  }

  /** Addresses of the dev owner keys this road holds (#1, #2, #3 order); empty off the local chain. */
  heldOwners(): Address[] {
    return this.opts.ownerKeys.map((k) => privateKeyToAccount(k).address);
  }

  /** The dev owners whose keys this road holds and who own the Safe: their number (#1-#3) and address. */
  heldOwnerKeys(state: Pick<SafeState, "owners">): { ownerIndex: number; address: Address }[] {
    return this.heldOwners()
      .map((address, i) => ({ ownerIndex: i + 1, address }))
      .filter((k) => state.owners.some((o) => isAddressEqual(o, k.address)));
  }

  /** True when the held keys that are owners reach the threshold: a proposal can be signed and executed here. */
  canSignAlone(state: Pick<SafeState, "owners" | "threshold">): boolean {
    return this.heldOwners().filter((a) => state.owners.some((o) => isAddressEqual(o, a))).length >= state.threshold;
  }

  /**
   * A proposal at the Safe's current nonce (or `nonce`). One call: a plain Call to the target; several: one
   * MultiSendCallOnly batch by DelegateCall. Pre-flighted unless `preflight: false` (a preview before the
   * steps it depends on have run): a call that would revert throws SafeCallRevertedError with its reason.
   */
  async propose(
    calls: readonly SafeCall[],
    opts: { label?: string; nonce?: bigint; preflight?: boolean } = {},
  ): Promise<SafeProposal> {
    if (calls.length === 0) throw new RangeError("safe road: a proposal needs at least one call");
    const state = await this.state();
    const nonce = opts.nonce ?? state.nonce;
    const single = calls.length === 1;
    const tx = single
      ? buildSafeTransaction({
          to: calls[0]!.to,
          value: calls[0]!.value ?? 0n,
          data: calls[0]!.data,
          operation: Operation.Call,
          nonce,
        })
      : buildSafeTransaction({
          to: this.evm.address("MultiSendCallOnly"),
          data: encodeMultiSend(calls),
          operation: Operation.DelegateCall,
          nonce,
        });
    const proposal: SafeProposal = {
      label: opts.label ?? "safe-transaction",
      chainId: this.evm.chainId,
      safe: this.safe,
      tx,
      safeTxHash: hashSafeTx(this.evm.chainId, this.safe, tx),
      calls: calls.map((c) => ({ to: getAddress(c.to), value: c.value ?? 0n, data: c.data })),
      owners: state.owners,
      threshold: state.threshold,
    };
    if (opts.preflight !== false) await this.preflight(proposal);
    return proposal;
  }

  /** The proposal's calls in words (contract, function, named arguments). */
  describe(proposal: Pick<SafeProposal, "calls">): DecodedCall[] {
    return proposal.calls.map((c) => describeCall(this.evm.chainId, c));
  }

  /**
   * Runs the inner call(s) as the Safe would, with eth_call: a single call from the Safe's address; a batch
   * through the Safe's own simulateAndRevert (StorageAccessible), which delegatecalls MultiSendCallOnly in
   * the Safe's context and reverts with (success, returndata). Throws SafeCallRevertedError on a revert.
   */
  async preflight(proposal: SafeProposal): Promise<void> {
    if (proposal.tx.operation === Operation.Call) {
      const out = await this.evm.call({
        from: this.safe,
        to: proposal.tx.to,
        data: proposal.tx.data,
        value: proposal.tx.value,
      });
      if (out.reverted) throw this.revertError(out.data, proposal, 0, false);
      return;
    }
    if (await this.batchSucceeds(proposal.calls)) return;
    // Safe 1.4.1's MultiSendCallOnly reverts with no data (revert(0, 0)), so the batch's failure has no reason.
    // The shortest failing prefix names the call; that call run alone from the Safe gives a reason (exact
    // for the first call; for a later one it is said to be from the call alone, without the earlier calls).
    let failing = proposal.calls.length - 1;
    for (let i = 0; i < proposal.calls.length - 1; i++) {
      if (!(await this.batchSucceeds(proposal.calls.slice(0, i + 1)))) {
        failing = i;
        break;
      }
    }
    const call = proposal.calls[failing]!;
    const alone = await this.evm.call({ from: this.safe, to: call.to, data: call.data, value: call.value });
    throw this.revertError(alone.reverted ? alone.data : null, proposal, failing, failing > 0);
  }

  /** simulateAndRevert(MultiSendCallOnly, multiSend(calls)): word 0 of its revert data is the success flag. */
  private async batchSucceeds(calls: readonly SafeCall[]): Promise<boolean> {
    const out = await this.evm.call({
      to: this.safe,
      data: encodeFunctionData({
        abi: simulateAbi,
        functionName: "simulateAndRevert",
        args: [this.evm.address("MultiSendCallOnly"), encodeMultiSend(calls)],
      }),
    });
    if (!out.reverted || !out.data || size(out.data) < 64) {
      throw new LedgerRejectedError(
        "ethereum",
        `the Safe's simulateAndRevert answered unexpectedly (${out.reverted ? "no data" : "no revert"})`,
      );
    }
    return hexToBigInt(sliceHex(out.data, 0, 32)) === 1n;
  }

  private revertError(data: Hex | null, proposal: SafeProposal, index: number, alone: boolean): SafeCallRevertedError {
    const call = this.describe(proposal)[index]!;
    const revert = decodeRevert(this.evm.chainId, data, proposal.calls[index]!.to);
    const where =
      proposal.calls.length > 1
        ? ` (call ${index + 1} of ${proposal.calls.length}${alone ? "; reason from the call run alone, without the earlier calls" : ""})`
        : "";
    return new SafeCallRevertedError({ ...revert, text: `${revert.text}${where}` }, call, index);
  }

  /** Signs with dev owner #`ownerIndex` (1, 2 or 3): only where the road holds that key (the local chain). */
  async sign(
    proposal: SafeProposal,
    ownerIndex: number,
    method: SigningMethod = "eip712",
  ): Promise<SafeOwnerSignature> {
    const key = this.opts.ownerKeys[ownerIndex - 1];
    if (!key)
      throw new SafeSignatureError(
        `this API holds no key for Safe owner #${ownerIndex} on ${this.evm.network} (dev owner keys exist only on the local chain)`,
      );
    const account = privateKeyToAccount(key);
    if (!proposal.owners.some((o) => isAddressEqual(o, account.address))) {
      throw new SafeSignatureError(
        `dev account #${ownerIndex} (${account.address}) is not an owner of the Safe ${proposal.safe}`,
      );
    }
    const sig = await signSafeTransaction(account, proposal.chainId, proposal.safe, proposal.tx, method);
    return { owner: sig.signer, signature: sig.data, method, by: "server-dev-key", devOwner: ownerIndex };
  }

  /**
   * Signs with the held dev owners that have not signed yet, in #1, #2, #3 order, until `have` plus these
   * reach `count` (default: the threshold).
   */
  async signWithDevOwners(
    proposal: SafeProposal,
    count = proposal.threshold,
    have: readonly Pick<SafeOwnerSignature, "owner">[] = [],
  ): Promise<SafeOwnerSignature[]> {
    const out: SafeOwnerSignature[] = [];
    for (const k of this.heldOwnerKeys(proposal)) {
      if (have.length + out.length >= count) break;
      if (have.some((s) => isAddressEqual(s.owner, k.address))) continue;
      out.push(await this.sign(proposal, k.ownerIndex));
    }
    return out;
  }

  /**
   * Checks a signature made elsewhere (a wallet's eth_signTypedData_v4 over typedData(), or personal_sign of
   * the safeTxHash) and answers it in Safe's encoding with its owner. Throws SafeSignatureError when it
   * recovers to no owner.
   */
  async verifySignature(proposal: SafeProposal, signature: Hex): Promise<SafeOwnerSignature> {
    if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
      throw new SafeSignatureError("must be a 0x-prefixed 65-byte hex signature");
    const { rs, v } = splitSignature(signature);
    const isOwner = (a: Address) => proposal.owners.some((o) => isAddressEqual(o, a));
    const normal = `${rs}${(v > 30 ? v - 4 : v).toString(16)}` as Hex;
    const tried: Address[] = [];
    if (v === 27 || v === 28) {
      const typed = safeTxTypedData(proposal.chainId, proposal.safe, proposal.tx);
      const byTyped = getAddress(await recoverTypedDataAddress({ ...typed, signature: normal }));
      if (isOwner(byTyped)) return { owner: byTyped, signature: normal, method: "eip712", by: "owner-wallet" };
      tried.push(byTyped);
    }
    if (v >= 27 && v <= 32) {
      const byMessage = getAddress(
        await recoverMessageAddress({ message: { raw: proposal.safeTxHash }, signature: normal }),
      );
      // Safe recognises eth_sign by v + 4 (31/32).
      if (isOwner(byMessage))
        return {
          owner: byMessage,
          signature: `${rs}${((v > 30 ? v - 4 : v) + 4).toString(16)}` as Hex,
          method: "eth_sign",
          by: "owner-wallet",
        };
      tried.push(byMessage);
    }
    if (tried.length === 0)
      throw new SafeSignatureError(`v = ${v} is not an EIP-712 (27/28) or eth_sign (27/28, 31/32) signature`);
    throw new SafeSignatureError(
      `the signature recovers to ${[...new Set(tried)].join(" or ")}, not an owner of the Safe ${proposal.safe} (owners: ${proposal.owners.join(", ")})`,
    );
  }

  /**
   * Executes with the given signatures if the Safe would accept them; otherwise answers the Safe's refusal
   * (GS020 for too few, GS026 for a non-owner, the target's reason for a failing call) without throwing and
   * without sending anything. The API signer sends and pays.
   */
  async attemptExecute(
    proposal: SafeProposal,
    signatures: readonly SafeOwnerSignature[],
    ctx?: { signal: AbortSignal; submitted(): void },
  ): Promise<SafeExecution | SafeRefusal> {
    const encoded = encodeSignatures(signatures.map((s) => ({ signer: s.owner, data: s.signature })));
    const dry = await this.evm.call({
      from: this.evm.account,
      to: this.safe,
      data: encodeFunctionData({ abi: execAbi, functionName: "execTransaction", args: execArgs(proposal.tx, encoded) }),
    });
    if (dry.reverted) {
      let revert = decodeRevert(this.evm.chainId, dry.data, this.safe);
      // GS013: the inner call failed. Its own reason comes from the pre-flight.
      if (revert.errorName === "Error" && revert.text === "GS013") {
        const inner = await this.preflight(proposal).then(
          () => null,
          (e: unknown) => (e instanceof SafeCallRevertedError ? e : null),
        );
        if (inner) revert = { ...inner.revert, text: `GS013: ${inner.message}` };
      }
      return {
        executed: false,
        safeTxHash: proposal.safeTxHash,
        reason: revert.text,
        revert,
        signatureCount: signatures.length,
        threshold: proposal.threshold,
      };
    }
    return this.execute(proposal, signatures, ctx);
  }

  /** Sends execTransaction with the signatures (sorted by owner here). A revert throws (see attemptExecute). */
  async execute(
    proposal: SafeProposal,
    signatures: readonly SafeOwnerSignature[],
    ctx?: { signal: AbortSignal; submitted(): void },
  ): Promise<SafeExecution> {
    const encoded = encodeSignatures(signatures.map((s) => ({ signer: s.owner, data: s.signature })));
    let write: WriteResult;
    try {
      write = await this.evm.write(
        { contract: SAFE, functionName: "execTransaction", args: execArgs(proposal.tx, encoded) },
        ctx,
      );
    } catch (err) {
      if (err instanceof ContractRevertedError && /GS013/.test(err.message)) await this.preflight(proposal); // throws the target's reason
      throw err;
    }
    return {
      executed: true,
      safeTxHash: proposal.safeTxHash,
      transactionHash: write.transactionHash,
      blockNumber: write.receipt?.blockNumber ?? null,
      write,
    };
  }

  /** The EIP-712 payload owners sign elsewhere, JSON-safe (integers as text), with its EIP712Domain type. */
  typedData(proposal: SafeProposal): Record<string, unknown> {
    const typed = safeTxTypedData(proposal.chainId, proposal.safe, proposal.tx);
    return {
      domain: typed.domain,
      types: {
        EIP712Domain: [
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        ...typed.types,
      },
      primaryType: typed.primaryType,
      message: Object.fromEntries(
        Object.entries(typed.message).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
      ),
    };
  }
}
