// VET on the VeChain testnet: a one-clause VET transfer built, signed and encoded with @vechain/sdk-core, the memo as
// the clause's data (a clause to an account may carry data: calling an account with no code just moves the VET; each
// byte costs 68 gas, 4 if zero). The key is secp256k1 with the 32-byte seed as the private key; the fee is in VTHO.
import { Address, Hex, networkInfo, Transaction, type TransactionClause } from "@vechain/sdk-core";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

// The SDK's testnet constants: the chain tag is the last byte of the testnet genesis block id.
const TESTNET = networkInfo.testnet;
const CHAIN_TAG = TESTNET.chainTag; // 0x27
// With no node there is no recent block: the block ref is the genesis block's (its id's first 8 bytes), the one
// testnet block known offline, so the transaction expired EXPIRATION blocks after genesis.
const BLOCK_REF = TESTNET.genesisBlock.id.slice(0, 18);
const EXPIRATION = 720; // blocks (2 hours at 10 s), the usual wallet setting
// VeChain's nonce is any 8 bytes the sender picks to make the id unique; a fixed one keeps signing deterministic.
const NONCE = 0;
// Legacy pricing: gas × base gas price × (1 + gasPriceCoef / 255). The base gas price is the chain's params value
// (10^13 wei of VTHO per gas); no node to read it.
const BASE_GAS_PRICE = 10_000_000_000_000n;
const GAS_PRICE_COEF = 0;
const DECIMALS = 18;
const MIN_AMOUNT = "0.000000000000000001";
const MAX_AMOUNT = "1000000";
const MEMO_MAX_BYTES = 256;
// Thor's transaction pool refuses transactions over 64 KiB.
const MAX_TX_BYTES = 64 * 1024;

const keyOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return seed;
};

/** A VeChain address: 0x and 40 hex digits, all one case or with its EIP-55 checksum. */
const isAddress = (to: string) => {
  const digits = to.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  return Address.isValid(to) && (oneCase || Address.of(to).toString() === to);
};

/** Legacy fee = gas × base gas price × (255 + coef) / 255, in wei of VTHO. */
const feeOf = (gas: bigint, coef: number) => (gas * BASE_GAS_PRICE * BigInt(255 + coef)) / 255n;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const memoText = (data: string): string | null => {
  if (data === "0x" || data === "") return null;
  try {
    return utf8.decode(Hex.of(data).bytes);
  } catch {
    return data;
  }
};

export const vetSigner: OfflineSigner = {
  symbol: "VET",
  library: "@vechain/sdk-core",
  network: { name: "VeChain testnet", id: `0x${CHAIN_TAG.toString(16)}`, idKind: "chainTag" },
  idRule:
    "BLAKE2b-256 of (the signing hash ‖ the origin's 20-byte address), where the signing hash is BLAKE2b-256 of the unsigned RLP body; hex",
  limits: {
    decimals: DECIMALS,
    minAmount: MIN_AMOUNT,
    maxAmount: MAX_AMOUNT,
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote: `the clause's data, UTF-8; at most ${MEMO_MAX_BYTES} bytes, which we choose (the chain bounds it only by its 64 KiB transaction size, and each byte costs 68 gas, 4 if zero)`,
  },
  notBroadcast:
    "No VeChain testnet node is reachable from this machine, and the transaction's block ref is the genesis block's, so it expired long ago: it is signed and shown, never sent.",
  address: async (seed) => Address.ofPrivateKey(keyOf(seed)).toString(),
  async sign(seed, transfer): Promise<SignedOffline> {
    if (!isAddress(transfer.to)) throw new Error(`not a VeChain address: ${transfer.to}`);
    // parseUnits rounds extra decimals away: refuse them rather than sign another amount.
    if (!/^\d+(\.\d{1,18})?$/.test(transfer.amount)) throw new Error(`not an amount of VET: ${transfer.amount}`);
    const value = parseUnits(transfer.amount, DECIMALS);
    if (value < parseUnits(MIN_AMOUNT, DECIMALS)) throw new Error("the amount must be above zero");
    if (value > parseUnits(MAX_AMOUNT, DECIMALS)) throw new Error(`the amount is above ${MAX_AMOUNT} VET`);
    const memo = transfer.memo ? Buffer.from(transfer.memo, "utf8") : null;
    if (memo && memo.length > MEMO_MAX_BYTES) throw new Error(`the memo is over ${MEMO_MAX_BYTES} bytes`);
    const key = keyOf(seed);
    const clause: TransactionClause = {
      to: transfer.to.toLowerCase(),
      value: `0x${value.toString(16)}`,
      data: memo ? `0x${memo.toString("hex")}` : "0x",
    };
    // Intrinsic gas: 5,000 per transaction, 16,000 per clause, and the data's bytes; a code-less recipient runs nothing.
    const gas = Transaction.intrinsicGas([clause]).wei;
    const tx = Transaction.of({
      chainTag: CHAIN_TAG,
      blockRef: BLOCK_REF,
      expiration: EXPIRATION,
      clauses: [clause],
      gasPriceCoef: GAS_PRICE_COEF,
      gas: Number(gas),
      dependsOn: null,
      nonce: NONCE,
    }).sign(key);
    return {
      signedTransaction: Hex.of(tx.encoded).toString(),
      encoding: "hex",
      transactionHash: tx.id.toString(),
      from: tx.origin.toString(),
      to: Address.of(transfer.to).toString(),
      amount: formatUnits(value, DECIMALS),
      fee: formatUnits(feeOf(gas, GAS_PRICE_COEF), DECIMALS),
      feeUnit: "VTHO (gas × the 10^13 wei base gas price, gasPriceCoef 0; VeChain charges gas in VTHO, not VET)",
      memo: transfer.memo,
      assumptions: [
        `Block ref ${BLOCK_REF} (the genesis block's) and expiration ${EXPIRATION} blocks: with no node there is no recent block to refer to.`,
        "Nonce 0: VeChain's nonce is any 8 bytes the sender picks; a fixed one keeps the same input signing to the same bytes.",
        "The base gas price of 10^13 wei of VTHO per gas is the chain's usual value, not read from a node.",
      ],
    };
  },
  async decode(signedTransaction) {
    if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signedTransaction)) throw new OfflineDecodeError("not hex bytes (0x…)");
    if (signedTransaction.length > 2 + 2 * MAX_TX_BYTES)
      throw new OfflineDecodeError("longer than the 64 KiB a VeChain transaction may have");
    const raw = Hex.of(signedTransaction).bytes;
    let tx: Transaction;
    try {
      tx = Transaction.decode(raw, true);
    } catch (err) {
      throw new OfflineDecodeError(`not a signed VeChain transaction: ${(err as Error).message.split("\n")[0]}`);
    }
    const { body } = tx;
    if (body.chainTag !== CHAIN_TAG)
      throw new OfflineDecodeError(
        `signed for chain tag 0x${body.chainTag.toString(16)}, not the VeChain testnet (0x27)`,
      );
    if (!tx.isSigned || tx.isDelegated)
      throw new OfflineDecodeError("not signed by its sender alone (unsigned, or fee-delegated)");
    const [clause, ...more] = body.clauses;
    if (!clause || more.length > 0 || clause.to === null)
      throw new OfflineDecodeError("not a single clause to an account: not a transfer");
    // The decoder reads what it can: the bytes are these only if they encode back exactly.
    if (Hex.of(tx.encoded).toString() !== signedTransaction.toLowerCase())
      throw new OfflineDecodeError("the bytes do not encode back exactly");
    let from: string;
    try {
      from = tx.origin.toString();
    } catch {
      // No id either: the id hashes in the sender's address.
      throw new OfflineDecodeError("the signature recovers no public key");
    }
    const gas = BigInt(body.gas);
    const fee =
      body.gasPriceCoef !== undefined
        ? feeOf(gas, body.gasPriceCoef)
        : body.maxFeePerGas !== undefined
          ? gas * BigInt(body.maxFeePerGas)
          : null;
    return {
      transactionHash: tx.id.toString(),
      from,
      to: Address.of(clause.to).toString(),
      amount: formatUnits(BigInt(clause.value), DECIMALS),
      fee: fee === null ? null : formatUnits(fee, DECIMALS),
      memo: memoText(clause.data),
      signatureValid: true,
      signatureNote:
        "secp256k1: the sender is recovered from the signature over the signing hash, and the bytes encode back exactly; any well-formed signature recovers some key, so a changed signature shows another sender (and id), one that recovers none is refused",
    };
  },
};
