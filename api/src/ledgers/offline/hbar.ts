// Hedera (HBAR) on testnet, built and signed with the Hiero/Hedera JavaScript SDK, frozen without a client (no
// network object, so nothing connects). The key is the Ed25519 key whose 32-byte seed is our seed.
//
// Hedera account ids (0.0.N) are assigned by the network when an account is created, so a key alone has no account
// number. The key's own address is its HIP-32 alias, 0.0.<DER-encoded public key>: a first transfer to it creates
// the account. A transfer from the key needs the number the network assigned; here that is a placeholder.
import {
  AccountId,
  Hbar,
  LedgerId,
  PrivateKey,
  Timestamp,
  Transaction,
  TransactionId,
  TransferTransaction,
} from "@hashgraph/sdk";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type DecodedOffline, type OfflineSigner } from "./types";

const DECIMALS = 8;
// HIP-198's ledger id of testnet (the SDK's LedgerId.TESTNET, 0x01). It is not in the signed bytes: a Hedera
// transaction is bound to a network by its payer account and its node account, both of which are per network.
const LEDGER_ID = `0x${Buffer.from(LedgerId.TESTNET.toBytes()).toString("hex")}`;
// Node 0.0.3 is testnet's first consensus node (docs.hedera.com "Testnet nodes"); the transaction names the node
// it is sent to.
const NODE = new AccountId(3);
// The placeholder payer: the account number the network would have assigned to our key.
const PAYER = new AccountId(1001);
// A placeholder valid start, 2025-01-01T00:00:00Z; a real one is the current time (the transaction is accepted for
// the next 120 seconds only).
const VALID_START = new Timestamp(1_735_689_600, 0);
// The SDK's default cap for a TransferTransaction; the network charges the crypto-transfer fee (USD 0.0001 in HBAR,
// plus the account creation fee when the recipient is a new alias), never more than this.
const MAX_FEE = new Hbar(1);
const MIN_TINYBARS = 1n;
const MAX_TINYBARS = 100_000_000_000_000n; // 1,000,000 HBAR
// The transaction memo's cap (MEMO_TOO_LONG above 100 bytes of UTF-8; a zero byte is INVALID_ZERO_BYTE_IN_STRING).
const MEMO_MAX_BYTES = 100;

const utf8 = new TextEncoder();

function privateKey(seed: Uint8Array): PrivateKey {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return PrivateKey.fromBytesED25519(seed);
}

function tinybars(amount: string): bigint {
  if (!/^\d+(\.\d{1,8})?$/.test(amount))
    throw new Error(`HBAR amount must be a decimal with at most ${DECIMALS} places`);
  return parseUnits(amount, DECIMALS);
}

/** A testnet account id (0.0.N) or alias (0.0.<public key> / 0.0.<EVM address>), without a checksum. */
function recipient(text: string): AccountId {
  let id: AccountId;
  try {
    id = AccountId.fromString(text);
  } catch {
    throw new Error("the recipient is not a Hedera account id");
  }
  const named = id.aliasKey !== null || id.evmAddress !== null || id.num.toNumber() > 0;
  if (!named || !id.shard.isZero() || !id.realm.isZero() || text.includes("-"))
    throw new Error("the recipient is not a shard 0, realm 0 account id without a checksum");
  if (id.equals(PAYER)) throw new Error("the recipient is the sender's placeholder account");
  return id;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

export const hbarSigner: OfflineSigner = {
  symbol: "HBAR",
  library: "@hashgraph/sdk",
  network: {
    name: "Hedera testnet",
    id: LEDGER_ID,
    idKind: "ledger id (HIP-198); not in the signed bytes, which name testnet's node 0.0.3 and a payer account",
  },
  idRule:
    "SHA-384 of the signed transaction bytes (the SignedTransaction protobuf sent to the node: body bytes and signature map), in hex; the transaction id is payer@seconds.nanos of the valid start",
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_TINYBARS, DECIMALS),
    maxAmount: formatUnits(MAX_TINYBARS, DECIMALS),
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote:
      "the transaction memo (at most 100 bytes of UTF-8, no zero byte); Hedera has no minimum balance, so 1 tinybar is the least",
  },
  notBroadcast:
    "No Hedera testnet node is reachable from this machine, and the transaction's payer account and valid start are placeholders.",

  address(seed) {
    return Promise.resolve().then(() => privateKey(seed).publicKey.toAccountId(0, 0).toString());
  },

  async sign(seed, transfer) {
    const amount = tinybars(transfer.amount);
    if (amount < MIN_TINYBARS || amount > MAX_TINYBARS) throw new Error("the HBAR amount is outside the limits");
    const memo = transfer.memo ?? "";
    if (utf8.encode(memo).length > MEMO_MAX_BYTES) throw new Error(`the memo is longer than ${MEMO_MAX_BYTES} bytes`);
    if (memo.includes("\0")) throw new Error("a Hedera memo cannot hold a zero byte");
    const to = recipient(transfer.to);
    const key = privateKey(seed);
    const tx = new TransferTransaction()
      .addHbarTransfer(PAYER, Hbar.fromTinybars((-amount).toString()))
      .addHbarTransfer(to, Hbar.fromTinybars(amount.toString()))
      .setTransactionMemo(memo)
      .setNodeAccountIds([NODE])
      .setTransactionId(TransactionId.withValidStart(PAYER, VALID_START))
      .setMaxTransactionFee(MAX_FEE)
      .freeze();
    await tx.sign(key);
    return {
      signedTransaction: hex(tx.toBytes()),
      encoding: "hex",
      transactionHash: hex(await tx.getTransactionHash()),
      from: PAYER.toString(),
      to: to.toString(),
      amount: formatUnits(amount, DECIMALS),
      fee: MAX_FEE.toBigNumber().toString(),
      feeUnit:
        "HBAR (the most it could cost: the max transaction fee; the network charges USD 0.0001 in HBAR for a transfer)",
      memo: memo === "" ? null : memo,
      assumptions: [
        `The payer and sender ${PAYER.toString()} is a placeholder account id: Hedera assigns account numbers when an account is created. It stands for the account of our Ed25519 key ${key.publicKey.toStringRaw()}, whose own address is its alias ${key.publicKey.toAccountId(0, 0).toString()}.`,
        `The valid start is a placeholder, ${VALID_START.toDate().toISOString()}: the transaction id is ${tx.transactionId?.toString() ?? ""}, and a real one starts at the current time.`,
        `The transaction is for testnet's node ${NODE.toString()}.`,
      ],
    };
  },

  decode(signedTransaction) {
    return Promise.resolve().then(async () => {
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(signedTransaction)) throw new OfflineDecodeError("not hex bytes");
      const bytes = Buffer.from(signedTransaction, "hex");
      try {
        const tx = Transaction.fromBytes(bytes);
        // The SDK hashes its own re-encoding of the signed transaction: that is the node's hash only if it is these bytes.
        if (!Buffer.from(tx.toBytes()).equals(bytes))
          throw new OfflineDecodeError("not a transaction list encoded as the SDK encodes it");
        return await inspect(tx);
      } catch (e) {
        // The SDK throws plain Errors (and protobufjs its own) on bytes that are not a transaction.
        if (e instanceof OfflineDecodeError) throw e;
        throw new OfflineDecodeError("not a Hedera transaction");
      }
    });
  },
};

async function inspect(tx: Transaction): Promise<DecodedOffline> {
  if (!(tx instanceof TransferTransaction) || tx.tokenTransfers.size > 0 || tx.nftTransfers.size > 0)
    throw new OfflineDecodeError("not an HBAR transfer");
  const moves = tx.hbarTransfersList.map((t) => ({
    id: t.accountId,
    tinybars: BigInt(t.amount.toTinybars().toString()),
  }));
  const debit = moves.find((m) => m.tinybars < 0n);
  const credit = moves.find((m) => m.tinybars > 0n);
  if (moves.length !== 2 || !debit || !credit || debit.tinybars + credit.tinybars !== 0n)
    throw new OfflineDecodeError("not a transfer from one account to another");
  if (!tx.isFrozen()) throw new OfflineDecodeError("not a signed Hedera transaction");
  const keys = new Map(
    tx
      .getSignatures()
      .getFlatSignatureList()
      .flatMap((pairs) => [...pairs.keys()])
      .map((k) => [k.toStringRaw(), k]),
  );
  return {
    transactionHash: hex(await tx.getTransactionHash()),
    from: debit.id.toString(),
    to: credit.id.toString(),
    amount: formatUnits(credit.tinybars, DECIMALS),
    fee: tx.maxTransactionFee?.toBigNumber().toString() ?? null,
    memo: tx.transactionMemo === "" ? null : tx.transactionMemo,
    signatureValid: keys.size > 0 && [...keys.values()].every((k) => k.verifyTransaction(tx)),
    signatureNote:
      keys.size === 0
        ? "no signature in the transaction"
        : `the SDK checked the signature(s) over the body bytes of key(s) ${[...keys.keys()].join(", ")}; whether that is the payer account's key is on the ledger, which is not reachable here`,
  };
}
