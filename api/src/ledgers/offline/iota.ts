// IOTA testnet (IOTA Rebased, a Move object ledger): a programmable transaction that splits the amount off the gas
// coin and transfers it to the recipient, built fully offline with @iota/iota-sdk and signed with an ed25519 key
// (the seed is the private key). IOTA transaction data carries no chain id: what ties it to testnet is the gas coin
// it spends, an object that exists on one network only; here that coin is a placeholder (no node to look one up).
import { bcs } from "@iota/iota-sdk/bcs";
import { Ed25519Keypair } from "@iota/iota-sdk/keypairs/ed25519";
import { Transaction, TransactionDataBuilder } from "@iota/iota-sdk/transactions";
import { isValidIotaAddress, normalizeIotaAddress, toBase58, toHex } from "@iota/iota-sdk/utils";
import { verifyTransactionSignature } from "@iota/iota-sdk/verify";
import { blake2b } from "@noble/hashes/blake2.js";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type OfflineSigner, type SignedOffline } from "./types";

const DECIMALS = 9; // 1 IOTA = 10^9 nanos (the SDK's IOTA_DECIMALS)
// Testnet's chain identifier: the first 4 bytes of its genesis checkpoint digest, as `iota_getChainIdentifier`
// answers; iota-types' TESTNET_CHAIN_IDENTIFIER_BASE58 "3MhPzSaSTHGffwPSV2Ws2DaK8LR8DBGPozTd2CbiJRwe" starts 2304aa97.
const TESTNET_CHAIN_ID = "2304aa97";
// Testnet's reference gas price is 1,000 nanos per unit; a transaction must offer at least it.
const GAS_PRICE = 1_000n;
// A split and a transfer cost about 1,000 computation units and ~0.002 IOTA of storage for the new coin; 0.01 IOTA
// covers that with room (unused budget is not charged).
const GAS_BUDGET = 10_000_000n;
const MIN_NANOS = 1n; // no existential deposit: storage is paid from gas, any coin value is allowed
const MAX_NANOS = parseUnits("1000000", DECIMALS);
// The placeholder gas coin is assumed to hold the most we sign plus the budget.
const GAS_COIN_VERSION = "1";

const label = (text: string, data: Uint8Array) => {
  const tag = new TextEncoder().encode(text);
  const all = new Uint8Array(tag.length + data.length);
  all.set(tag);
  all.set(data, tag.length);
  return blake2b(all, { dkLen: 32 });
};

/** The made-up gas coin of an address: id and digest are BLAKE2b-256 of a label and the address (then the id). */
export function placeholderGasCoin(sender: string) {
  const objectId = `0x${toHex(label("xqb offline signer: IOTA placeholder gas coin id", bcs.Address.serialize(sender).toBytes()))}`;
  const digest = toBase58(
    label("xqb offline signer: IOTA placeholder gas coin digest", bcs.Address.serialize(objectId).toBytes()),
  );
  return { objectId, version: GAS_COIN_VERSION, digest };
}

const keypairOf = (seed: Uint8Array) => {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return Ed25519Keypair.fromSecretKey(seed);
};

const signedData = (txBytes: Uint8Array, signature: string) =>
  bcs.SenderSignedData.serialize([
    {
      intentMessage: {
        intent: { scope: { TransactionData: true }, version: { V0: true }, appId: { Iota: true } },
        value: bcs.TransactionData.parse(txBytes),
      },
      txSignatures: [signature],
    },
  ]).toBytes();

/** The amount and recipient of a "split the gas coin, transfer the part" transaction; throws on anything else. */
function plainTransfer(data: TransactionDataBuilder): { amount: bigint; to: string } {
  const [split, send, ...rest] = data.commands;
  const notPlain = new OfflineDecodeError("not a plain IOTA transfer (split the gas coin, transfer the part)");
  if (split?.$kind !== "SplitCoins" || send?.$kind !== "TransferObjects" || rest.length > 0) throw notPlain;
  const { coin, amounts } = split.SplitCoins;
  const { objects, address } = send.TransferObjects;
  const [amountArg] = amounts;
  const [moved] = objects;
  const movesTheSplit =
    (moved?.$kind === "NestedResult" && moved.NestedResult[0] === 0 && moved.NestedResult[1] === 0) ||
    (moved?.$kind === "Result" && moved.Result === 0);
  if (coin.$kind !== "GasCoin" || amounts.length !== 1 || amountArg?.$kind !== "Input") throw notPlain;
  if (objects.length !== 1 || !movesTheSplit || address.$kind !== "Input") throw notPlain;
  const amountInput = data.inputs[amountArg.Input];
  const toInput = data.inputs[address.Input];
  if (amountInput?.$kind !== "Pure" || toInput?.$kind !== "Pure") throw notPlain;
  try {
    return {
      amount: BigInt(bcs.u64().fromBase64(amountInput.Pure.bytes)),
      to: bcs.Address.fromBase64(toInput.Pure.bytes),
    };
  } catch (err) {
    throw new OfflineDecodeError(`the transfer's amount or recipient is malformed: ${(err as Error).message}`);
  }
}

export const iotaSigner: OfflineSigner = {
  symbol: "IOTA",
  library: "@iota/iota-sdk",
  network: {
    name: "IOTA testnet (Rebased)",
    id: TESTNET_CHAIN_ID,
    idKind: "chain identifier (genesis checkpoint digest, first 4 bytes)",
  },
  idRule:
    'the transaction digest: BLAKE2b-256 of "TransactionData::" followed by the BCS bytes of the transaction data, base58',
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_NANOS, DECIMALS),
    maxAmount: formatUnits(MAX_NANOS, DECIMALS),
    memoMaxBytes: null,
    memoNote:
      "none: IOTA transaction data has no memo field, and a plain coin transfer (split + transfer) has no place for text; only a Move call emitting an event could carry some, which would not be a plain transfer",
  },
  notBroadcast:
    "No IOTA testnet node is reachable from this machine, and the gas coin the transaction spends is a made-up object: it is signed and shown, never sent.",
  address: async (seed) => keypairOf(seed).toIotaAddress(),
  async sign(seed, transfer): Promise<SignedOffline> {
    if (!isValidIotaAddress(transfer.to)) throw new Error(`not an IOTA address: ${transfer.to}`);
    if (transfer.memo !== null) throw new Error("an IOTA transfer cannot carry a memo");
    const nanos = parseUnits(transfer.amount, DECIMALS);
    if (nanos < MIN_NANOS || nanos > MAX_NANOS)
      throw new Error(
        `the amount must be between ${iotaSigner.limits.minAmount} and ${iotaSigner.limits.maxAmount} IOTA`,
      );
    const keypair = keypairOf(seed);
    const sender = keypair.toIotaAddress();
    const to = normalizeIotaAddress(transfer.to);
    const gasCoin = placeholderGasCoin(sender);
    const tx = new Transaction();
    tx.setSender(sender);
    tx.setGasPrice(GAS_PRICE);
    tx.setGasBudget(GAS_BUDGET);
    tx.setGasPayment([gasCoin]);
    const [coin] = tx.splitCoins(tx.gas, [nanos]);
    if (!coin) throw new Error("the SDK gave no split coin");
    tx.transferObjects([coin], to);
    const txBytes = await tx.build(); // no client: every input is given, so nothing is looked up
    const { signature } = await keypair.signTransaction(txBytes);
    return {
      signedTransaction: Buffer.from(signedData(txBytes, signature)).toString("base64"),
      encoding: "base64",
      transactionHash: TransactionDataBuilder.getDigestFromBytes(txBytes),
      from: sender,
      to,
      amount: formatUnits(nanos, DECIMALS),
      fee: formatUnits(GAS_BUDGET, DECIMALS),
      feeUnit: "IOTA (the gas budget: the most it could cost; the unused part is not charged)",
      memo: null,
      assumptions: [
        `The gas coin ${gasCoin.objectId} (version ${gasCoin.version}, digest ${gasCoin.digest}) is made up: its id is BLAKE2b-256 of a label and the sender's address, its digest BLAKE2b-256 of a label and the id. It is assumed to hold the amount plus the gas budget.`,
        `Gas price ${GAS_PRICE} nanos (testnet's reference gas price) and budget ${formatUnits(GAS_BUDGET, DECIMALS)} IOTA are fixed: no node to read them from.`,
        "The signed bytes are BCS SenderSignedData (intent, transaction data, signatures), base64: what a node executes.",
      ],
    };
  },
  async decode(signedTransaction) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signedTransaction) || signedTransaction.length % 4 !== 0)
      throw new OfflineDecodeError("not base64");
    const bytes = new Uint8Array(Buffer.from(signedTransaction, "base64"));
    let txBytes: Uint8Array;
    let signatures: string[];
    let data: TransactionDataBuilder;
    try {
      const parsed = bcs.SenderSignedData.parse(bytes);
      // BCS is canonical: bytes that re-serialise differently (trailing bytes, ...) are not a transaction.
      if (Buffer.compare(bcs.SenderSignedData.serialize(parsed).toBytes(), bytes) !== 0)
        throw new Error("not canonical BCS (trailing or malformed bytes)");
      const [only] = parsed;
      if (!only || parsed.length !== 1) throw new Error("not exactly one transaction");
      const { intent, value } = only.intentMessage;
      if (!intent.scope.TransactionData || !intent.version.V0 || !intent.appId.Iota)
        throw new Error("the intent is not an IOTA transaction");
      txBytes = bcs.TransactionData.serialize(value).toBytes();
      signatures = only.txSignatures;
      data = TransactionDataBuilder.fromBytes(txBytes);
    } catch (err) {
      throw new OfflineDecodeError(`the bytes do not parse as a signed IOTA transaction: ${(err as Error).message}`);
    }
    const { amount: nanos, to } = plainTransfer(data);
    const sender = data.sender;
    let signatureValid = false;
    const [signature] = signatures;
    if (sender && signature && signatures.length === 1) {
      try {
        const key = await verifyTransactionSignature(txBytes, signature);
        signatureValid = key.toIotaAddress() === sender;
      } catch {
        signatureValid = false;
      }
    }
    return {
      transactionHash: TransactionDataBuilder.getDigestFromBytes(txBytes),
      from: sender,
      to,
      amount: formatUnits(nanos, DECIMALS),
      fee: data.gasData.budget === null ? null : formatUnits(BigInt(data.gasData.budget), DECIMALS),
      memo: null,
      signatureValid,
      signatureNote:
        "ed25519 (or the scheme the signature's flag names): the one signature verifies over the transaction intent message and its public key is the sender's address; the network is not in the bytes (only the gas coin ties it to one)",
    };
  },
};
