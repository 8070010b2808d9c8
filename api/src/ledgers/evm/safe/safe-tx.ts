// Builds, signs and executes Safe (1.4.1) multisig transactions with plain viem clients.
//
// No Hardhat import on purpose: the API's Safe road (./safe-road.ts) and the deploy scripts share it. The Safe checks
// signatures in ascending owner-address order (each recovered owner must be greater than the previous
// one, else GS026), so encodeSignatures sorts them; every signature is 65 bytes r|s|v where v says how it
// was made: 27/28 EIP-712 over the SafeTx hash, 31/32 eth_sign (personal_sign) over it, 1 a pre-approved
// hash (approveHash, or the executing owner itself).
import {
  concatHex,
  getAddress,
  hashTypedData,
  hexToBigInt,
  numberToHex,
  pad,
  parseAbi,
  recoverMessageAddress,
  recoverTypedDataAddress,
  sliceHex,
  zeroAddress,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";

/** The part of the Safe 1.4.1 ABI these helpers need. */
export const safeAbi = parseAbi([
  "function nonce() view returns (uint256)",
  "function getThreshold() view returns (uint256)",
  "function getOwners() view returns (address[])",
  "function isOwner(address owner) view returns (bool)",
  "function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)",
  "function approveHash(bytes32 hashToApprove)",
  "event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)",
  "event ExecutionFailure(bytes32 indexed txHash, uint256 payment)",
]);

export const Operation = { Call: 0, DelegateCall: 1 } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];

/** The fields the Safe hashes (EIP-712 type SafeTx). */
export interface SafeTransaction {
  to: Address;
  value: bigint;
  data: Hex;
  operation: Operation;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/** One owner's approval of a SafeTx hash: who signed it and the 65-byte signature in Safe's encoding. */
export interface SafeSignature {
  signer: Address;
  data: Hex;
}

export type SigningMethod = "eip712" | "eth_sign";
export type SafeSigner = WalletClient<Transport, Chain | undefined, Account>;
/** A wallet client (scripts) or a local account holding the key (the API's dev owners). */
export type SafeSignerLike = SafeSigner | LocalAccount;

const isLocalAccount = (s: SafeSignerLike): s is LocalAccount =>
  !("account" in s) && (s as LocalAccount).type === "local";

/**
 * A SafeTx with no gas refund (safeTxGas, baseGas and gasPrice 0): the executor pays the gas and the
 * whole execTransaction reverts (GS013) if the inner call fails, so a failed admin action never burns a
 * nonce silently.
 */
export function buildSafeTransaction(p: {
  to: Address;
  nonce: bigint;
  value?: bigint;
  data?: Hex;
  operation?: Operation;
}): SafeTransaction {
  return {
    to: getAddress(p.to),
    value: p.value ?? 0n,
    data: p.data ?? "0x",
    operation: p.operation ?? Operation.Call,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: p.nonce,
  };
}

/** Same as buildSafeTransaction, with the Safe's current nonce read from the chain. */
export async function buildSafeTransactionAt(
  publicClient: PublicClient,
  safe: Address,
  p: { to: Address; value?: bigint; data?: Hex; operation?: Operation },
): Promise<SafeTransaction> {
  const nonce = await publicClient.readContract({ address: safe, abi: safeAbi, functionName: "nonce" });
  return buildSafeTransaction({ ...p, nonce });
}

/** The SafeTx struct of Safe 1.4.1's EIP-712 signing (what an owner's wallet signs). */
export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/** EIP-712 payload of a SafeTx; Safe 1.4.1's domain is just { chainId, verifyingContract }. */
export function safeTxTypedData(chainId: number, safe: Address, tx: SafeTransaction) {
  return {
    domain: { chainId, verifyingContract: getAddress(safe) },
    types: SAFE_TX_TYPES,
    primaryType: "SafeTx" as const,
    message: tx,
  };
}

/** The hash owners sign, computed locally (equals the Safe's getTransactionHash). */
export function safeTxHash(chainId: number, safe: Address, tx: SafeTransaction): Hex {
  return hashTypedData(safeTxTypedData(chainId, safe, tx));
}

/** The SafeTx fields in the order both getTransactionHash and execTransaction take them (nonce aside). */
function safeTxFields(tx: SafeTransaction) {
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
  ] as const;
}

/** The Safe's own getTransactionHash for `tx`. */
export async function onChainSafeTxHash(publicClient: PublicClient, safe: Address, tx: SafeTransaction): Promise<Hex> {
  return publicClient.readContract({
    address: safe,
    abi: safeAbi,
    functionName: "getTransactionHash",
    args: [...safeTxFields(tx), tx.nonce],
  });
}

/** Splits a 65-byte r|s|v signature and normalises v to 27/28 (some signers return 0/1). */
export function splitSignature(sig: Hex): { rs: Hex; v: number } {
  if (sig.length !== 2 + 65 * 2) throw new Error(`safe-tx: expected a 65-byte signature, got ${sig}`);
  const v = Number(hexToBigInt(sliceHex(sig, 64, 65)));
  return { rs: sliceHex(sig, 0, 64), v: v < 27 ? v + 27 : v };
}

/**
 * Has `signer` approve `tx`: EIP-712 typed data (v 27/28) or eth_sign over the SafeTx hash, which the Safe
 * recognises by v + 4 (31/32). The recovered address is checked here, so a wallet that signs something
 * else fails now rather than as GS026 on chain.
 */
export async function signSafeTransaction(
  signer: SafeSignerLike,
  chainId: number,
  safe: Address,
  tx: SafeTransaction,
  method: SigningMethod = "eip712",
): Promise<SafeSignature> {
  const local = isLocalAccount(signer) ? signer : null;
  const account = local ?? (signer as SafeSigner).account;
  const owner = getAddress(account.address);
  if (method === "eip712") {
    const typed = safeTxTypedData(chainId, safe, tx);
    const sig = local
      ? await local.signTypedData(typed)
      : await (signer as SafeSigner).signTypedData({ account, ...typed });
    const recovered = await recoverTypedDataAddress({ ...typed, signature: sig });
    if (getAddress(recovered) !== owner)
      throw new Error(`safe-tx: EIP-712 signature recovers ${recovered}, not ${owner}`);
    const { rs, v } = splitSignature(sig);
    return { signer: owner, data: concatHex([rs, numberToHex(v, { size: 1 })]) };
  }
  const hash = safeTxHash(chainId, safe, tx);
  const sig = local
    ? await local.signMessage({ message: { raw: hash } })
    : await (signer as SafeSigner).signMessage({ account, message: { raw: hash } });
  const recovered = await recoverMessageAddress({ message: { raw: hash }, signature: sig });
  if (getAddress(recovered) !== owner)
    throw new Error(`safe-tx: eth_sign signature recovers ${recovered}, not ${owner}`);
  const { rs, v } = splitSignature(sig);
  return { signer: owner, data: concatHex([rs, numberToHex(v + 4, { size: 1 })]) };
}

/**
 * A "pre-validated" signature (v = 1, r = owner): valid when `owner` is the account calling execTransaction
 * or has called approveHash(safeTxHash) before.
 */
export function approvedHashSignature(owner: Address): SafeSignature {
  return {
    signer: getAddress(owner),
    data: concatHex([pad(getAddress(owner), { size: 32 }), pad("0x00", { size: 32 }), "0x01"]),
  };
}

/** Concatenates signatures in ascending signer order, as Safe's checkNSignatures requires. */
export function encodeSignatures(signatures: readonly SafeSignature[]): Hex {
  const sorted = [...signatures].sort((a, b) => {
    const x = BigInt(a.signer);
    const y = BigInt(b.signer);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return sorted.length === 0 ? "0x" : concatHex(sorted.map((s) => s.data));
}

/**
 * Sends execTransaction from `executor` (any account; it pays the gas) with the given signatures, sorted
 * here, and waits for the receipt. Throws if the transaction reverts (viem surfaces the GSxxx reason).
 */
export async function executeSafeTransaction(
  executor: SafeSigner,
  publicClient: PublicClient,
  safe: Address,
  tx: SafeTransaction,
  signatures: readonly SafeSignature[] | Hex,
): Promise<TransactionReceipt> {
  const encoded = typeof signatures === "string" ? signatures : encodeSignatures(signatures);
  const hash = await executor.writeContract({
    account: executor.account,
    chain: executor.chain,
    address: safe,
    abi: safeAbi,
    functionName: "execTransaction",
    args: [...safeTxFields(tx), encoded],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`safe-tx: execTransaction ${hash} reverted`);
  return receipt;
}
