// Bitcoin testnet4: a P2WPKH payment with the memo in an OP_RETURN output, built, fee-estimated and signed by
// @scure/btc-signer, spending one made-up UTXO of ours. The seed is the secp256k1 private key.
import * as btc from "@scure/btc-signer";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { OfflineDecodeError, type DecodedOffline, type OfflineSigner, type OfflineTransfer } from "./types.ts";

const NET = btc.TEST_NETWORK; // bech32 "tb": shared by testnet3 and testnet4
// Bitcoin Core src/kernel/chainparams.cpp, CTestNet4Params: consensus.hashGenesisBlock.
const TESTNET4_GENESIS = "00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043";
// The placeholder UTXO holds 1.01 tBTC so every amount up to MAX_SATS leaves change back to us.
const PLACEHOLDER_SATS = 101_000_000n;
const MAX_SATS = 100_000_000n;
// Bitcoin Core's dust threshold for a P2WPKH output at its default -dustrelayfee of 3 sat/vB: (31 + 67) vB * 3.
const DUST_P2WPKH_SATS = 294n;
// Fixed fee rate; the library's estimator prices the witness for a 72-byte signature, so the real rate is >= this.
const FEE_SATS_PER_VBYTE = 2n;
// The OP_RETURN payload Bitcoin Core relays as standard before v30 (-datacarriersize 83 = OP_RETURN + PUSHDATA1 80).
const MEMO_MAX_BYTES = 80;
const TX_OPTS = { allowUnknownOutputs: true, lowR: true } as const;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function privateKey(seed: Uint8Array): Uint8Array {
  if (seed.length !== 32 || !secp256k1.utils.isValidSecretKey(seed)) throw new Error("seed is not a secp256k1 key");
  return seed;
}

function p2wpkhOf(publicKey: Uint8Array) {
  return btc.p2wpkh(publicKey, NET);
}

/** The made-up outpoint we spend: txid (display order) = sha256("btc-offline-placeholder:" + our address), vout 0. */
function placeholderTxid(address: string): string {
  return bytesToHex(sha256(utf8ToBytes(`btc-offline-placeholder:${address}`)));
}

function toSats(amount: string): bigint {
  if (!/^\d+(\.\d{1,8})?$/.test(amount)) throw new Error(`amount must be a decimal with at most 8 places: ${amount}`);
  return btc.Decimal.decode(amount);
}

function recipientScript(to: string): Uint8Array {
  let decoded;
  try {
    decoded = btc.Address(NET).decode(to);
  } catch {
    throw new Error(`not a Bitcoin testnet address: ${to}`);
  }
  // The limits (dust) are those of a P2WPKH output; other output types have other dust thresholds.
  if (decoded.type !== "wpkh") throw new Error(`only P2WPKH (tb1q…) recipients are signed: ${to}`);
  return btc.OutScript.encode(decoded);
}

function memoScript(memo: string): Uint8Array {
  const data = utf8ToBytes(memo);
  if (data.length > MEMO_MAX_BYTES) throw new Error(`memo is ${data.length} bytes, more than ${MEMO_MAX_BYTES}`);
  return btc.Script.encode(["RETURN", data]);
}

function memoOf(script: Uint8Array): string | null {
  const ops = btc.Script.decode(script);
  if (ops[0] !== "RETURN") return null;
  if (ops.length !== 2) throw new OfflineDecodeError("OP_RETURN output is not a single data push");
  const data = ops[1] === 0 ? new Uint8Array(0) : ops[1];
  if (!(data instanceof Uint8Array)) throw new OfflineDecodeError("OP_RETURN output is not a data push");
  try {
    return utf8.decode(data);
  } catch {
    throw new OfflineDecodeError("OP_RETURN data is not UTF-8 text");
  }
}

export const btcSigner: OfflineSigner = {
  symbol: "BTC",
  library: "@scure/btc-signer",
  network: { name: "Bitcoin testnet4", id: TESTNET4_GENESIS, idKind: "genesis block hash" },
  idRule: "txid: double SHA-256 of the transaction serialized without witness data (BIP 141), byte-reversed, as hex",
  limits: {
    decimals: 8,
    minAmount: btc.Decimal.encode(DUST_P2WPKH_SATS),
    maxAmount: btc.Decimal.encode(MAX_SATS),
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote: `a zero-value OP_RETURN output after the payment (${MEMO_MAX_BYTES} bytes: Bitcoin Core's standard data-carrier size before v30)`,
  },
  notBroadcast:
    "No Bitcoin testnet4 node is reachable from this machine, and the transaction spends a made-up outpoint that exists on no chain.",

  async address(seed) {
    return p2wpkhOf(secp256k1.getPublicKey(privateKey(seed), true)).address!;
  },

  async sign(seed, transfer: OfflineTransfer) {
    const key = privateKey(seed);
    const ours = p2wpkhOf(secp256k1.getPublicKey(key, true));
    const from = ours.address!;
    const sats = toSats(transfer.amount);
    if (sats < DUST_P2WPKH_SATS || sats > MAX_SATS) throw new Error(`amount out of range: ${transfer.amount}`);
    const outputs = [{ script: recipientScript(transfer.to), amount: sats }];
    if (transfer.memo !== null) outputs.push({ script: memoScript(transfer.memo), amount: 0n });
    const input = {
      txid: placeholderTxid(from),
      index: 0,
      witnessUtxo: { script: ours.script, amount: PLACEHOLDER_SATS },
    };
    // The library's estimator sets the fee for FEE_SATS_PER_VBYTE and appends the change output (outputs keep order).
    const selected = btc.selectUTXO([input], outputs, "all", {
      ...TX_OPTS,
      feePerByte: FEE_SATS_PER_VBYTE,
      changeAddress: from,
      alwaysChange: true,
      bip69: false,
      network: NET,
      createTx: true,
    });
    if (!selected?.tx || !selected.change) throw new Error("the placeholder UTXO cannot fund this transfer");
    const tx = selected.tx;
    tx.sign(key);
    tx.finalize();
    return {
      signedTransaction: tx.hex,
      encoding: "hex",
      transactionHash: tx.id,
      from,
      to: transfer.to,
      amount: btc.Decimal.encode(sats),
      fee: btc.Decimal.encode(tx.fee),
      feeUnit: "BTC",
      memo: transfer.memo,
      assumptions: [
        `Spends a made-up P2WPKH outpoint of ours: txid sha256("btc-offline-placeholder:" + ${from}), output 0, holding ${btc.Decimal.encode(PLACEHOLDER_SATS)} tBTC.`,
        `Fee: the library's estimate at ${FEE_SATS_PER_VBYTE} sat/vB (it prices a 72-byte signature, so the real rate is a little higher); change goes back to ${from}.`,
        "A Bitcoin signature names no network: the spent outpoint is what ties it to a chain, and this one exists on none.",
      ],
    };
  },

  async decode(signedTransaction): Promise<DecodedOffline> {
    let tx: btc.Transaction;
    try {
      if (!/^(?:[0-9a-f]{2})+$/i.test(signedTransaction)) throw new Error("not hex");
      tx = btc.Transaction.fromRaw(hexToBytes(signedTransaction), TX_OPTS);
    } catch (e) {
      throw new OfflineDecodeError(`not a signed Bitcoin transaction: ${(e as Error).message}`, { cause: e });
    }
    if (tx.inputsLength !== 1) throw new OfflineDecodeError("expected exactly one input");
    const input = tx.getInput(0);
    const witness = input.finalScriptWitness;
    if (!input.txid || !witness || witness.length !== 2 || input.finalScriptSig?.length) {
      throw new OfflineDecodeError("the input is not a P2WPKH spend");
    }
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array];
    let ours: ReturnType<typeof p2wpkhOf>;
    try {
      ours = p2wpkhOf(publicKey);
    } catch {
      throw new OfflineDecodeError("the witness does not hold a compressed public key");
    }
    const from = ours.address!;
    // The signature covers the spent amount: only our placeholder outpoint has an amount we can re-derive.
    if (bytesToHex(input.txid) !== placeholderTxid(from) || input.index !== 0) {
      throw new OfflineDecodeError("spends an outpoint that is not this signer's placeholder for its key");
    }

    const n = tx.outputsLength;
    if (n !== 2 && n !== 3) throw new OfflineDecodeError("expected a payment, an optional OP_RETURN and change");
    const payment = tx.getOutput(0);
    const change = tx.getOutput(n - 1);
    const to = tx.getOutputAddress(0, NET);
    if (!to || payment.amount === undefined) throw new OfflineDecodeError("the first output pays no address");
    if (!change.script || bytesToHex(change.script) !== bytesToHex(ours.script)) {
      throw new OfflineDecodeError("the last output is not change back to the sender");
    }
    const memo = n === 3 ? memoOf(tx.getOutput(1).script!) : null;
    if (n === 3 && memo === null) throw new OfflineDecodeError("the middle output is not an OP_RETURN memo");
    let outTotal = 0n;
    for (let i = 0; i < n; i++) outTotal += tx.getOutput(i).amount ?? 0n;
    const fee = PLACEHOLDER_SATS - outTotal;
    if (fee < 0n) throw new OfflineDecodeError("outputs exceed the placeholder input");

    let signatureValid = false;
    const sighash = signature[signature.length - 1];
    if (sighash === btc.SigHash.ALL) {
      // BIP 143: P2WPKH signs with the P2PKH script of its key hash as scriptCode.
      const scriptCode = btc.OutScript.encode({ type: "pkh", hash: ours.hash! });
      const digest = tx.preimageWitnessV0(0, scriptCode, sighash, PLACEHOLDER_SATS);
      try {
        signatureValid = secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
          prehash: false,
          format: "der",
        });
      } catch {
        signatureValid = false;
      }
    }
    return {
      transactionHash: tx.id,
      from,
      to,
      amount: btc.Decimal.encode(payment.amount),
      fee: btc.Decimal.encode(fee),
      memo,
      signatureValid,
      signatureNote:
        "BIP 143 sighash (SIGHASH_ALL) computed by @scure/btc-signer over the placeholder amount, ECDSA verified with @noble/curves against the witness public key",
    };
  },
};
