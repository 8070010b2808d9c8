// Amounts and identifiers crossing between ledgers: XQB's 18-decimal base units on the EVM side against
// the 7-decimal amounts Stellar holds (and XRPL carries as text), the inbound memo rule (the EVM address
// in a Stellar hash memo or an XRPL Memo), and the bytes32 ids `release` is called with.
import { StrKey } from "@stellar/stellar-sdk";
import { formatUnits, getAddress, isAddress, keccak256, encodePacked, type Address, type Hex } from "viem";
import { isValidClassicAddress } from "xrpl";
import { DELIVERABLE_DECIMALS, EVM_DECIMALS, XRPL_EVM_MEMO_TYPE, type BridgeLedger } from "./bridge.constants";

const STEP = 10n ** BigInt(EVM_DECIMALS - DELIVERABLE_DECIMALS);

/** The amount as the destination's decimal text ("12.5"), or null when it has more than 7 decimals. */
export function deliverableAmount(baseUnits: bigint): string | null {
  if (baseUnits <= 0n || baseUnits % STEP !== 0n) return null;
  return formatUnits(baseUnits, EVM_DECIMALS);
}

/** Decimal text of base units (for display): "12.5". */
export function xqbText(baseUnits: bigint): string {
  return formatUnits(baseUnits, EVM_DECIMALS);
}

export function xqbAmountOf(baseUnits: bigint): { baseUnits: string; xqb: string } {
  return { baseUnits: baseUnits.toString(), xqb: xqbText(baseUnits) };
}

/**
 * A ledger's decimal amount ("12.5", XRPL also "1.5e-3") as 18-decimal base units; null when it is not a
 * positive amount with at most 18 decimals.
 */
export function baseUnitsOf(amount: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const digits = (m[1] ?? "") + (m[2] ?? "");
  const exponent = Number(m[3] ?? "0") - (m[2]?.length ?? 0) + EVM_DECIMALS;
  if (!Number.isSafeInteger(exponent)) return null;
  let units: bigint;
  if (exponent >= 0) units = BigInt(digits) * 10n ** BigInt(exponent);
  else {
    const scale = 10n ** BigInt(-exponent);
    const raw = BigInt(digits);
    if (raw % scale !== 0n) return null;
    units = raw / scale;
  }
  return units > 0n ? units : null;
}

/** Why a destination cannot receive, or null when its checksum is right (the escrow checks only the shape). */
export function destinationProblem(ledger: BridgeLedger, address: string): string | null {
  if (ledger === "stellar")
    return StrKey.isValidEd25519PublicKey(address)
      ? null
      : `${address} is not a valid Stellar account id (StrKey checksum)`;
  return isValidClassicAddress(address) ? null : `${address} is not a valid XRPL classic address (base58 checksum)`;
}

// ---- the way back: which EVM address a payment to the issuer names -------------------------------

/** Stellar MEMO_HASH for an EVM address: 12 zero bytes + the 20 address bytes, as 64 hex characters. */
export function stellarMemoHashFor(address: Address): string {
  return "0".repeat(24) + address.slice(2).toLowerCase();
}

/** The EVM address a Stellar memo names, or the reason it names none. */
export function evmAddressFromStellarMemo(
  memoType: string,
  memo: string | null,
): { address: Address } | { problem: string } {
  if (memoType !== "hash" || !memo)
    return {
      problem: `memo must be MEMO_HASH (12 zero bytes + the EVM address); got ${memoType === "none" ? "no memo" : `a ${memoType} memo`}`,
    };
  // Horizon gives a hash memo as base64.
  const hex = /^[0-9a-fA-F]{64}$/.test(memo) ? memo.toLowerCase() : Buffer.from(memo, "base64").toString("hex");
  if (hex.length !== 64 || !hex.startsWith("0".repeat(24)))
    return { problem: "memo hash must be 12 zero bytes followed by the 20-byte EVM address" };
  const address = `0x${hex.slice(24)}`;
  if (/^0x0{40}$/.test(address)) return { problem: "memo names the zero address" };
  return { address: getAddress(address) };
}

const hexText = (s: string) => Buffer.from(s, "utf8").toString("hex").toUpperCase();
const textOfHex = (h: string | null) => (h && /^[0-9a-fA-F]*$/.test(h) ? Buffer.from(h, "hex").toString("utf8") : null);

/** The XRPL Memo naming an EVM address (hex-encoded, as XRPL requires). */
export function xrplEvmMemo(address: Address): { Memo: { MemoType: string; MemoData: string } } {
  return { Memo: { MemoType: hexText(XRPL_EVM_MEMO_TYPE), MemoData: hexText(address) } };
}

/** The EVM address an XRPL payment's memos name, or the reason they name none. */
export function evmAddressFromXrplMemos(
  memos: { type: string | null; data: string | null }[],
): { address: Address } | { problem: string } {
  for (const memo of memos) {
    // The client may hand memos hex-encoded (as on the ledger) or already decoded: accept both.
    const type = memo.type === XRPL_EVM_MEMO_TYPE ? memo.type : textOfHex(memo.type);
    if (type !== XRPL_EVM_MEMO_TYPE) continue;
    const data = memo.data && isAddress(memo.data) ? memo.data : textOfHex(memo.data);
    if (!data || !isAddress(data))
      return { problem: `the "${XRPL_EVM_MEMO_TYPE}" memo does not hold a 0x… EVM address` };
    if (/^0x0{40}$/i.test(data)) return { problem: "memo names the zero address" };
    return { address: getAddress(data) };
  }
  return { problem: `no Memo with MemoType "${XRPL_EVM_MEMO_TYPE}" naming the EVM address` };
}

/** A text memo's plain value: the lock's memo as the destination will carry it. */
export function memoText(memo: string): string {
  return memo;
}

// ---- release ids ---------------------------------------------------------------------------------

/** The inbound source transaction's hash as bytes32 (both ledgers' hashes are 32 bytes). */
export function sourceTxId(hash: string): Hex {
  return `0x${hash.toLowerCase()}` as Hex;
}

/** The refund's sourceTxId for lock `nonce`: keccak256("refund", nonce), never a real transaction hash. */
export function refundId(nonce: bigint): Hex {
  return keccak256(encodePacked(["string", "uint256"], ["refund", nonce]));
}
