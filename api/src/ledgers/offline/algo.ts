// Algorand (ALGO) on TestNet, built and signed with algosdk. The key is the Ed25519 key whose 32-byte seed is our
// seed; algosdk makes an account from a seed only through its 25-word mnemonic, so the seed goes through that.
import { createPublicKey, verify } from "node:crypto";
import algosdk from "algosdk";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type OfflineSigner } from "./types";

const DECIMALS = 6;
// TestNet's genesis as its nodes report it (GET /v2/transactions/params on testnet-api.algonode.cloud; also
// developer.algorand.org "Algorand networks > TestNet"): a transaction names both, and only TestNet accepts it.
const GENESIS_ID = "testnet-v1.0";
const GENESIS_HASH = "SGO1GKSzyE7IEPItTxCByw9x8FmnrCDexi9/cOUJOiI=";
// The protocol's minimum fee (MinTxnFee, 1,000 microAlgos); the fee per byte is 0 unless the network is congested.
const FEE_MICROALGOS = 1_000n;
// A new account must hold the minimum balance (100,000 microAlgos) after its first payment.
const MIN_MICROALGOS = 100_000n;
const MAX_MICROALGOS = 1_000_000_000_000n;
// The note field's cap (MaxTxnNoteBytes).
const NOTE_MAX_BYTES = 1_024;
// A placeholder validity window of the most the protocol allows (MaxTxnLife, 1,000 rounds); a real window starts
// at TestNet's current round.
const FIRST_VALID = 50_000_000n;
const LAST_VALID = FIRST_VALID + 1_000n;

const utf8 = new TextEncoder();

function account(seed: Uint8Array): algosdk.Account {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return algosdk.mnemonicToSecretKey(algosdk.mnemonicFromSeed(seed));
}

function microalgos(amount: string): bigint {
  if (!/^\d+(\.\d{1,6})?$/.test(amount))
    throw new Error(`ALGO amount must be a decimal with at most ${DECIMALS} places`);
  return parseUnits(amount, DECIMALS);
}

/** Strict base64: Buffer.from skips what it cannot read, which would hide bytes that are not a transaction. */
function base64Bytes(text: string): Uint8Array {
  const bytes = Buffer.from(text, "base64");
  if (text === "" || bytes.toString("base64") !== text) throw new OfflineDecodeError("not base64 bytes");
  return bytes;
}

function ed25519Verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    const x = Buffer.from(publicKey).toString("base64url");
    return verify(null, message, createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" }), signature);
  } catch {
    return false; // not a key or not a signature of Ed25519's size
  }
}

export const algoSigner: OfflineSigner = {
  symbol: "ALGO",
  library: "algosdk",
  network: { name: "Algorand TestNet", id: `${GENESIS_ID} ${GENESIS_HASH}`, idKind: "genesis id and genesis hash" },
  idRule: 'base32 (RFC 4648, no padding) of SHA-512/256 of "TX" followed by the canonical msgpack of the transaction',
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_MICROALGOS, DECIMALS),
    maxAmount: formatUnits(MAX_MICROALGOS, DECIMALS),
    memoMaxBytes: NOTE_MAX_BYTES,
    memoNote: "the payment's note field (at most 1,024 bytes); the minimum amount is a new account's minimum balance",
  },
  notBroadcast:
    "No Algorand TestNet node is reachable from this machine, and the transaction's validity window is a placeholder range of rounds.",

  address(seed) {
    return Promise.resolve().then(() => account(seed).addr.toString());
  },

  async sign(seed, transfer) {
    const amount = microalgos(transfer.amount);
    if (amount < MIN_MICROALGOS || amount > MAX_MICROALGOS) throw new Error("the ALGO amount is outside the limits");
    const note = transfer.memo === null ? undefined : utf8.encode(transfer.memo);
    if (note && note.length > NOTE_MAX_BYTES) throw new Error(`the memo is longer than ${NOTE_MAX_BYTES} bytes`);
    if (!algosdk.isValidAddress(transfer.to)) throw new Error("the recipient is not an Algorand address");
    const from = account(seed);
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: transfer.to,
      amount,
      note,
      suggestedParams: {
        flatFee: true,
        fee: FEE_MICROALGOS,
        minFee: FEE_MICROALGOS,
        firstValid: FIRST_VALID,
        lastValid: LAST_VALID,
        genesisID: GENESIS_ID,
        genesisHash: algosdk.base64ToBytes(GENESIS_HASH),
      },
    });
    const { blob, txID } = await algosdk.signTransactionWithSigner(
      txn,
      algosdk.makeBasicAccountTransactionSigner(from),
    );
    return {
      signedTransaction: Buffer.from(blob).toString("base64"),
      encoding: "base64",
      transactionHash: txID,
      from: from.addr.toString(),
      to: transfer.to,
      amount: formatUnits(amount, DECIMALS),
      fee: formatUnits(FEE_MICROALGOS, DECIMALS),
      feeUnit: "ALGO",
      // An empty note is left out of the encoding, so it reads back as none.
      memo: note && note.length > 0 ? transfer.memo : null,
      assumptions: [
        `The validity window is a placeholder: rounds ${FIRST_VALID} to ${LAST_VALID}; a real one starts at TestNet's current round.`,
        "The fee is the protocol minimum, 0.001 ALGO (TestNet charges no fee per byte unless congested).",
        "The sender is the address of the Ed25519 key whose seed is ours; it would need 0.1 ALGO minimum balance plus the amount and fee.",
      ],
    };
  },

  decode(signedTransaction) {
    return Promise.resolve().then(() => {
      const bytes = base64Bytes(signedTransaction);
      let stxn: algosdk.SignedTransaction;
      try {
        stxn = algosdk.decodeSignedTransaction(bytes);
      } catch {
        throw new OfflineDecodeError("not an Algorand signed transaction");
      }
      // The id and the signed bytes are those of the canonical encoding, the only one algod accepts.
      if (!Buffer.from(algosdk.encodeMsgpack(stxn)).equals(bytes))
        throw new OfflineDecodeError("not a canonically encoded Algorand transaction");
      const { txn, sig } = stxn;
      if (txn.type !== algosdk.TransactionType.pay || !txn.payment || txn.payment.closeRemainderTo || txn.rekeyTo)
        throw new OfflineDecodeError("not a plain Algorand payment");
      if (Buffer.from(txn.genesisHash ?? []).toString("base64") !== GENESIS_HASH)
        throw new OfflineDecodeError("not an Algorand TestNet transaction");
      if (!sig || stxn.msig || stxn.lsig || stxn.pqsig || stxn.sgnr)
        throw new OfflineDecodeError("not signed by the sender's own single key");
      return {
        transactionHash: txn.txID(),
        from: txn.sender.toString(),
        to: txn.payment.receiver.toString(),
        amount: formatUnits(txn.payment.amount, DECIMALS),
        fee: formatUnits(txn.fee, DECIMALS),
        memo: txn.note.length > 0 ? new TextDecoder().decode(txn.note) : null,
        signatureValid: ed25519Verify(txn.bytesToSign(), sig, txn.sender.publicKey),
        signatureNote:
          "Ed25519 signature over \"TX\" + the transaction's msgpack (as algosdk encodes it) by the sender's key, checked with node:crypto (algosdk has no verifier for transaction signatures)",
      };
    });
  },
};
