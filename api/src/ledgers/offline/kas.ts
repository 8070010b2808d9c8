// Kaspa testnet-10: a Schnorr P2PK transfer built and signed by @okxweb3/coin-kaspa, spending one made-up UTXO of
// ours. The seed is the secp256k1 private key (Kaspa's Schnorr keys are BIP-340 x-only keys).
//
// What the library cannot do, and how this file works around it (rules cited from rusty-kaspa v2.0.1):
// - It only writes and reads mainnet "kaspa:" addresses. Kaspa signatures commit to no network (the address prefix
//   is not in the signed bytes; only the 32-byte key in the output script is), so we hand it the "kaspa:" form of
//   the same keys and show "kaspatest:" addresses, encoded below by crypto/addresses/src/bech32.rs.
// - It exports no verifier, so decode recomputes the v0 Schnorr sighash (consensus/core/src/hashing/sighash.rs,
//   calc_schnorr_signature_hash) with @noble/hashes' keyed BLAKE2b and checks it with @noble/curves' BIP-340.
// - Its transactions always have an empty payload: there is no memo.
import { KaspaWallet, Transaction, addressFromPubKey, pubKeyFromPrvKey, type TxData } from "@okxweb3/coin-kaspa";
import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type DecodedOffline, type OfflineSigner, type OfflineTransfer } from "./types.ts";

const PREFIX = "kaspatest";
// consensus/core/src/config/genesis.rs, TESTNET_GENESIS.hash (used by TESTNET_PARAMS, net testnet-10).
const TESTNET_GENESIS = "f896a3034873be1739fc4359236899fd3d65d2bc94f9780df0d0da3eb1cc4370";
const DECIMALS = 8; // constants.rs: SOMPI_PER_KASPA = 100_000_000
// The placeholder UTXO holds 1,000,001 KAS so every amount up to MAX_SOMPI leaves change back to us (which is also
// how decode names the sender: a P2PK signature script carries no public key).
const PLACEHOLDER_SOMPI = 100_000_100_000_000n;
const MAX_SOMPI = 100_000_000_000_000n;
// KIP-9 storage mass C/amount (C = STORAGE_MASS_PARAMETER = 10^12) must stay within the 100,000-gram standard cap
// pre-Toccata nodes enforce (mempool MAXIMUM_STANDARD_TRANSACTION_MASS_PRE_TOCCATA; after Toccata the 500,000
// block storage limit applies): 10^12 / 10^7 sompi = 100,000, so 0.1 KAS is the smallest payment both accept.
const STORAGE_MASS_C = 10n ** 12n;
const STORAGE_MASS_CAP = 100_000n;
const MIN_SOMPI = 10_000_000n;
// Compute mass of this 1-input (66-byte signature script), 2-output v0 transaction (consensus/core/src/mass):
// 316 bytes * 1 + 2 * (2 + 34) script bytes * 10 + 1 sig op * 1000 = 2,036 grams; at the post-Toccata minimum relay
// fee of 100 sompi per gram (mining/src/mempool/config.rs, DEFAULT_MINIMUM_RELAY_TRANSACTION_FEE = 100,000/kg).
const FEE_SOMPI = 2_036n * 100n;
const SIGHASH_ALL = 1;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const wallet = new KaspaWallet();

// --- kaspatest: addresses (CashAddr-style: 5-bit words, 40-bit BCH checksum over the prefix) ---
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function polymod(words: number[]): bigint {
  let c = 1n;
  for (const d of words) {
    const top = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    GENERATORS.forEach((g, i) => {
      if ((top >> BigInt(i)) & 1n) c ^= g;
    });
  }
  return c ^ 1n;
}

function convertBits(data: Iterable<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = ((acc << from) | value) & 0xffffff;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & ((1 << to) - 1));
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  return out;
}

const prefixWords = [...PREFIX].map((ch) => ch.charCodeAt(0) & 31);

/** A kaspatest: Schnorr P2PK address (version 0) of a 32-byte x-only key. */
function kaspatestAddress(xOnlyKey: Uint8Array): string {
  const words = convertBits([0, ...xOnlyKey], 8, 5, true);
  const sum = polymod([...prefixWords, 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0]);
  const sumWords = Array.from({ length: 8 }, (_, i) => Number((sum >> BigInt(5 * (7 - i))) & 31n));
  return `${PREFIX}:${[...words, ...sumWords].map((w) => CHARSET[w]).join("")}`;
}

/** The x-only key of a kaspatest: Schnorr P2PK address; throws on anything else. */
function keyOfAddress(address: string): Uint8Array {
  const [prefix, body, extra] = address.split(":");
  if (prefix !== PREFIX || body === undefined || extra !== undefined)
    throw new Error(`not a ${PREFIX}: address: ${address}`);
  const words = [...body].map((ch) => CHARSET.indexOf(ch));
  if (words.length < 9 || words.includes(-1)) throw new Error(`not a Kaspa address: ${address}`);
  if (polymod([...prefixWords, 0, ...words]) !== 0n) throw new Error(`bad address checksum: ${address}`);
  const bytes = convertBits(words.slice(0, -8), 5, 8, false);
  if (bytes[0] !== 0 || bytes.length !== 33)
    throw new Error(`only Schnorr P2PK (version 0) addresses are supported: ${address}`);
  return Uint8Array.from(bytes.slice(1));
}

// --- the transaction as the library serializes it (Kaspa's RPC transaction object, as JSON) ---
interface KasInput {
  previousOutpoint: { transactionId: string; index: number };
  signatureScript: string;
  sequence: string | number;
  sigOpCount: number;
}
interface KasOutput {
  amount: string | number;
  scriptPublicKey: { version: number; scriptPublicKey: string };
}
interface KasTx {
  version: number;
  inputs: KasInput[];
  outputs: KasOutput[];
  lockTime: string | number;
  subnetworkId: string;
}

function privateKey(seed: Uint8Array): string {
  if (seed.length !== 32 || !secp256k1.utils.isValidSecretKey(seed)) throw new Error("seed is not a secp256k1 key");
  return bytesToHex(seed);
}

/** The made-up outpoint we spend: transaction id = sha256("kas-offline-placeholder:" + our address), index 0. */
function placeholderTxid(address: string): string {
  return bytesToHex(sha256(utf8ToBytes(`kas-offline-placeholder:${address}`)));
}

const p2pkScript = (key: Uint8Array) => concatBytes(Uint8Array.of(0x20), key, Uint8Array.of(0xac));

function storageMass(amount: bigint, change: bigint): bigint {
  const mass = STORAGE_MASS_C / amount + STORAGE_MASS_C / change - STORAGE_MASS_C / PLACEHOLDER_SOMPI;
  return mass > 0n ? mass : 0n;
}

function toSompi(amount: string): bigint {
  if (!/^\d+(\.\d{1,8})?$/.test(amount)) throw new Error(`amount must be a decimal with at most 8 places: ${amount}`);
  return parseUnits(amount, DECIMALS);
}

// --- decode helpers: the JSON is checked field by field before the library hashes it ---
const le = (value: bigint, bytes: number) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
};
const U64_MAX = 2n ** 64n - 1n;

function u64(value: unknown, what: string): bigint {
  const ok =
    (typeof value === "string" && /^\d{1,20}$/.test(value)) ||
    (typeof value === "number" && Number.isSafeInteger(value));
  const n = ok ? BigInt(value as string | number) : -1n;
  if (n < 0n || n > U64_MAX) throw new OfflineDecodeError(`${what} is not a u64`);
  return n;
}

function hexField(value: unknown, bytes: number, what: string): Uint8Array {
  if (typeof value !== "string" || !new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(value)) {
    throw new OfflineDecodeError(`${what} is not ${bytes} bytes of lower-case hex`);
  }
  return hexToBytes(value);
}

function exactKeys(value: unknown, keys: string[], what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new OfflineDecodeError(`${what}: not an object`);
  const actual = Object.keys(value).sort().join();
  if (actual !== [...keys].sort().join()) throw new OfflineDecodeError(`${what}: unexpected fields ${actual}`);
  return value as Record<string, unknown>;
}

function parseSigned(signedTransaction: string): { json: string; tx: KasTx } {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signedTransaction) || signedTransaction.length % 4 !== 0) {
    throw new OfflineDecodeError("not base64");
  }
  let json: string;
  let body: unknown;
  try {
    json = utf8.decode(Buffer.from(signedTransaction, "base64"));
    body = JSON.parse(json);
  } catch {
    throw new OfflineDecodeError("not the JSON of a Kaspa transaction");
  }
  const top = exactKeys(body, ["transaction", "allowOrphan"], "body");
  const tx = exactKeys(top.transaction, ["version", "inputs", "outputs", "lockTime", "subnetworkId"], "transaction");
  if (tx.version !== 0) throw new OfflineDecodeError("only version-0 transactions are decoded");
  if (!Array.isArray(tx.inputs) || tx.inputs.length !== 1) throw new OfflineDecodeError("expected exactly one input");
  if (!Array.isArray(tx.outputs) || tx.outputs.length !== 2)
    throw new OfflineDecodeError("expected payment and change outputs");
  const input = exactKeys(tx.inputs[0], ["previousOutpoint", "signatureScript", "sequence", "sigOpCount"], "input");
  const outpoint = exactKeys(input.previousOutpoint, ["transactionId", "index"], "outpoint");
  hexField(outpoint.transactionId, 32, "outpoint transaction id");
  if (!Number.isInteger(outpoint.index) || (outpoint.index as number) < 0 || (outpoint.index as number) > 0xffffffff) {
    throw new OfflineDecodeError("outpoint index is not a u32");
  }
  hexField(input.signatureScript, 66, "signature script");
  u64(input.sequence, "sequence");
  if (input.sigOpCount !== 1) throw new OfflineDecodeError("sigOpCount is not 1");
  for (const output of tx.outputs) {
    const out = exactKeys(output, ["amount", "scriptPublicKey"], "output");
    const spk = exactKeys(out.scriptPublicKey, ["version", "scriptPublicKey"], "script public key");
    if (spk.version !== 0) throw new OfflineDecodeError("script public key version is not 0");
    const script = hexField(spk.scriptPublicKey, 34, "script public key");
    if (script[0] !== 0x20 || script[33] !== 0xac) throw new OfflineDecodeError("output is not a Schnorr P2PK script");
    u64(out.amount, "output amount");
  }
  u64(tx.lockTime, "lock time");
  if (!/^0{40}$/.test(String(tx.subnetworkId))) throw new OfflineDecodeError("not the native subnetwork");
  return { json, tx: tx as unknown as KasTx };
}

/** rusty-kaspa calc_schnorr_signature_hash for a version-0 transaction, SIGHASH_ALL, native subnetwork, no payload. */
function sighashAll(tx: KasTx, spentScript: Uint8Array, spentAmount: bigint): Uint8Array {
  const H = (...parts: Uint8Array[]) => {
    const h = blake2b.create({ dkLen: 32, key: utf8ToBytes("TransactionSigningHash") });
    for (const part of parts) h.update(part);
    return h.digest();
  };
  const input = tx.inputs[0]!;
  const outpoint = concatBytes(
    hexToBytes(input.previousOutpoint.transactionId),
    le(BigInt(input.previousOutpoint.index), 4),
  );
  const sequence = le(BigInt(input.sequence), 8);
  const sigOps = Uint8Array.of(input.sigOpCount);
  const outputs = H(
    ...tx.outputs.flatMap((o) => {
      const script = hexToBytes(o.scriptPublicKey.scriptPublicKey);
      return [le(BigInt(o.amount), 8), le(BigInt(o.scriptPublicKey.version), 2), le(BigInt(script.length), 8), script];
    }),
  );
  return H(
    le(BigInt(tx.version), 2),
    H(outpoint),
    H(sequence),
    H(sigOps),
    outpoint,
    le(0n, 2),
    le(BigInt(spentScript.length), 8),
    spentScript,
    le(spentAmount, 8),
    sequence,
    sigOps,
    outputs,
    le(BigInt(tx.lockTime), 8),
    hexToBytes(tx.subnetworkId),
    le(0n, 8), // gas
    new Uint8Array(32), // payload hash: zero for an empty payload on the native subnetwork
    Uint8Array.of(SIGHASH_ALL),
  );
}

export const kasSigner: OfflineSigner = {
  symbol: "KAS",
  library: "@okxweb3/coin-kaspa",
  network: { name: "Kaspa testnet-10", id: TESTNET_GENESIS, idKind: "genesis block hash" },
  idRule:
    'transaction id: BLAKE2b-256 keyed with "TransactionID" over the version-0 transaction serialized with empty signature scripts (rusty-kaspa hashing/tx.rs id_v0), as hex',
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_SOMPI, DECIMALS),
    maxAmount: formatUnits(MAX_SOMPI, DECIMALS),
    memoMaxBytes: null,
    memoNote:
      "none: @okxweb3/coin-kaspa 1.1 always builds an empty payload and has no field to set one (Kaspa's only place for data in a native transaction), and a KAS transfer has no other memo field",
  },
  notBroadcast:
    "No Kaspa testnet-10 node is reachable from this machine, and the transaction spends a made-up outpoint that exists on no chain.",

  async address(seed) {
    return kaspatestAddress(hexToBytes(pubKeyFromPrvKey(privateKey(seed))));
  },

  async sign(seed, transfer: OfflineTransfer) {
    const key = privateKey(seed);
    const ourKey = hexToBytes(pubKeyFromPrvKey(key));
    const from = kaspatestAddress(ourKey);
    if (transfer.memo !== null) throw new Error("a KAS transfer signed by this library cannot carry a memo");
    const toKey = keyOfAddress(transfer.to);
    const sompi = toSompi(transfer.amount);
    if (sompi < MIN_SOMPI || sompi > MAX_SOMPI) throw new Error(`amount out of range: ${transfer.amount}`);
    const change = PLACEHOLDER_SOMPI - sompi - FEE_SOMPI;
    if (storageMass(sompi, change) > STORAGE_MASS_CAP) throw new Error("storage mass over the standard cap");
    // The library reads only mainnet "kaspa:" addresses; these carry the same keys (see the top of this file).
    const ourMainnetForm = addressFromPubKey(bytesToHex(ourKey));
    const txData: TxData = {
      inputs: [{ txId: placeholderTxid(from), vOut: 0, address: ourMainnetForm, amount: PLACEHOLDER_SOMPI.toString() }],
      outputs: [{ address: addressFromPubKey(bytesToHex(toKey)), amount: sompi.toString() }],
      address: ourMainnetForm,
      fee: FEE_SOMPI.toString(),
    };
    const tx = Transaction.fromTxData(txData).sign(key);
    if (tx.outputs.length !== 2 || BigInt(tx.outputs[1]!.amount) !== change) throw new Error("unexpected outputs");
    const json = tx.getMessage();
    return {
      signedTransaction: Buffer.from(json, "utf8").toString("base64"),
      encoding: "base64",
      transactionHash: (await wallet.calcTxHash({ data: json })) as string,
      from,
      to: transfer.to,
      amount: formatUnits(sompi, DECIMALS),
      fee: formatUnits(FEE_SOMPI, DECIMALS),
      feeUnit: "KAS",
      memo: null,
      assumptions: [
        "The signed bytes are the base64 of the library's own serialization: JSON of Kaspa's RPC transaction object (the library has no binary form).",
        `Spends a made-up outpoint of ours: transaction id sha256("kas-offline-placeholder:" + ${from}), index 0, holding ${formatUnits(PLACEHOLDER_SOMPI, DECIMALS)} KAS; change goes back to ${from}.`,
        `Fee ${formatUnits(FEE_SOMPI, DECIMALS)} KAS: 2,036 grams of compute mass at the 100 sompi/gram minimum relay fee.`,
        "A Kaspa signature names no network (the address prefix is not signed): the spent outpoint is what ties it to a chain, and this one exists on none.",
        "The Schnorr signature uses random auxiliary data (BIP-340), so its bytes differ per signing; the transaction id excludes signature scripts and does not.",
      ],
    };
  },

  async decode(signedTransaction): Promise<DecodedOffline> {
    const { json, tx } = parseSigned(signedTransaction);
    const [payment, change] = tx.outputs as [KasOutput, KasOutput];
    const toKey = hexToBytes(payment.scriptPublicKey.scriptPublicKey).subarray(1, 33);
    const fromKey = hexToBytes(change.scriptPublicKey.scriptPublicKey).subarray(1, 33);
    const from = kaspatestAddress(fromKey);
    const input = tx.inputs[0]!;
    // The signature covers the spent amount: only our placeholder outpoint has an amount we can re-derive.
    if (input.previousOutpoint.transactionId !== placeholderTxid(from) || input.previousOutpoint.index !== 0) {
      throw new OfflineDecodeError("spends an outpoint that is not this signer's placeholder for the change address");
    }
    const amount = BigInt(payment.amount);
    const fee = PLACEHOLDER_SOMPI - amount - BigInt(change.amount);
    if (fee < 0n) throw new OfflineDecodeError("outputs exceed the placeholder input");
    let transactionHash: string;
    try {
      transactionHash = (await wallet.calcTxHash({ data: json })) as string;
    } catch {
      throw new OfflineDecodeError("the library could not hash this transaction");
    }
    const script = hexToBytes(input.signatureScript);
    let signatureValid = false;
    if (script[0] === 0x41 && script[65] === SIGHASH_ALL) {
      try {
        signatureValid = schnorr.verify(
          script.subarray(1, 65),
          sighashAll(tx, p2pkScript(fromKey), PLACEHOLDER_SOMPI),
          fromKey,
        );
      } catch {
        signatureValid = false;
      }
    }
    return {
      transactionHash,
      from,
      to: kaspatestAddress(toKey),
      amount: formatUnits(amount, DECIMALS),
      fee: formatUnits(fee, DECIMALS),
      memo: null,
      signatureValid,
      signatureNote:
        "the library has no verifier: the v0 SIGHASH_ALL message (rusty-kaspa calc_schnorr_signature_hash) is recomputed with @noble/hashes BLAKE2b over the placeholder amount and the change key, and checked with @noble/curves BIP-340",
    };
  },
};
