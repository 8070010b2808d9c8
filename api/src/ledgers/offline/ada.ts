// Cardano (ADA) on the preprod testnet, built and signed with Emurgo's cardano-serialization-lib (Rust compiled to
// WASM). The key is an Ed25519 key whose 32-byte seed is our seed (a "normal" key, not a BIP32-derived one); its
// address is the enterprise address (payment key hash, no stake part) of network id 0.
import { createHash } from "node:crypto";
import * as CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { blake2b } from "@noble/hashes/blake2.js";
import { formatUnits, parseUnits } from "viem";
import { OfflineDecodeError, type DecodedOffline, type OfflineSigner, type SignedOffline } from "./types";

const DECIMALS = 6;
// Preprod's ids as the library states them: network id 0 in addresses and in the body (so mainnet's ledger rejects
// the transaction), protocol magic 1 (the node handshake's, not in the bytes).
const preprod = CSL.NetworkInfo.testnet_preprod();
const NETWORK_ID = preprod.network_id(); // 0
const PROTOCOL_MAGIC = preprod.protocol_magic(); // 1
preprod.free();
// Preprod protocol parameters (cardano-cli query protocol-parameters --testnet-magic 1; the preprod genesis files
// at book.world.dev.cardano.org/environments/preprod): fee = txFeePerByte * size + txFeeFixed, min UTxO by size.
const FEE_PER_BYTE = 44n;
const FEE_FIXED = 155_381n;
const COINS_PER_UTXO_BYTE = 4_310n;
const MAX_TX_SIZE = 16_384;
// The placeholder UTXO holds the most we sign plus room for the fee and a change output above the min UTxO.
const MAX_LOVELACE = 1_000_000_000_000n;
const PLACEHOLDER_UTXO_LOVELACE = MAX_LOVELACE + 10_000_000n;
// A placeholder time-to-live slot; a real one is the preprod tip's slot plus a margin.
const TTL_SLOT = "120000000";
// CIP-20: a memo is metadata label 674 holding {"msg": [strings]}, each string at most 64 bytes (the ledger's cap
// on a metadata string). The chain caps only the whole transaction (MAX_TX_SIZE); 8 KiB of memo leaves it ample room.
const CIP20_LABEL = "674";
const CHUNK_BYTES = 64;
const MEMO_MAX_BYTES = 8_192;
// The min UTxO of an output holding under 2^32 lovelace to a base address (57 bytes, the longest Shelley payment
// address): 4310 * (160 + 65 bytes of output). An enterprise address needs less (0.84907); sign checks the real one.
const MIN_LOVELACE = 969_750n;

type Owned = { free(): void };

/** CSL objects live in WASM memory, which JS's collector does not see: every one made in fn is freed when it ends. */
function withWasm<T>(fn: (keep: <O extends Owned>(o: O) => O) => T): T {
  const made: Owned[] = [];
  try {
    return fn((o) => {
      made.push(o);
      return o;
    });
  } finally {
    for (const o of made.reverse()) o.free();
  }
}

function lovelace(amount: string): bigint {
  if (!/^\d+(\.\d{1,6})?$/.test(amount))
    throw new Error(`ADA amount must be a decimal with at most ${DECIMALS} places`);
  return parseUnits(amount, DECIMALS);
}

const utf8 = new TextEncoder();

/** Splits the memo into CIP-20 strings of at most 64 bytes without cutting a character in two. */
function memoChunks(memo: string): string[] {
  const chunks: string[] = [];
  let chunk = "";
  for (const ch of memo) {
    if (utf8.encode(chunk + ch).length > CHUNK_BYTES) {
      chunks.push(chunk);
      chunk = "";
    }
    chunk += ch;
  }
  chunks.push(chunk);
  return chunks;
}

/** The placeholder outpoint this address spends: sha256("xqb-offline-ada-utxo:" + address), output 0. */
function placeholderTxHash(address: string): Uint8Array {
  return createHash("sha256").update(`xqb-offline-ada-utxo:${address}`).digest();
}

function keyAddress(seed: Uint8Array): string {
  if (seed.length !== 32) throw new Error("the seed must be 32 bytes");
  return withWasm((keep) => {
    const key = keep(keep(CSL.PrivateKey.from_normal_bytes(seed)).to_public());
    const credential = keep(CSL.Credential.from_keyhash(keep(key.hash())));
    return keep(keep(CSL.EnterpriseAddress.new(NETWORK_ID, credential)).to_address()).to_bech32();
  });
}

function vkeyAddress(vkey: CSL.PublicKey, keep: <O extends Owned>(o: O) => O): string {
  const credential = keep(CSL.Credential.from_keyhash(keep(vkey.hash())));
  return keep(keep(CSL.EnterpriseAddress.new(NETWORK_ID, credential)).to_address()).to_bech32();
}

/** A preprod payment address (base, enterprise or pointer): stake addresses cannot hold outputs. */
function paymentAddress(text: string, keep: <O extends Owned>(o: O) => O): CSL.Address {
  let address: CSL.Address;
  try {
    address = keep(CSL.Address.from_bech32(text));
  } catch {
    throw new Error("the recipient is not a bech32 Cardano address");
  }
  const kind = address.kind();
  const payment =
    kind === CSL.AddressKind.Base || kind === CSL.AddressKind.Enterprise || kind === CSL.AddressKind.Pointer;
  if (!payment || address.network_id() !== NETWORK_ID)
    throw new Error("the recipient is not a preprod payment address");
  return address;
}

function metadata(memo: string, keep: <O extends Owned>(o: O) => O): CSL.AuxiliaryData {
  const list = keep(CSL.MetadataList.new());
  for (const chunk of memoChunks(memo)) list.add(keep(CSL.TransactionMetadatum.new_text(chunk)));
  const map = keep(CSL.MetadataMap.new());
  map.insert_str("msg", keep(CSL.TransactionMetadatum.new_list(list)));
  const general = keep(CSL.GeneralTransactionMetadata.new());
  general.insert(keep(CSL.BigNum.from_str(CIP20_LABEL)), keep(CSL.TransactionMetadatum.new_map(map)));
  const aux = keep(CSL.AuxiliaryData.new());
  aux.set_metadata(general);
  return aux;
}

function memoOf(tx: CSL.FixedTransaction, keep: <O extends Owned>(o: O) => O): string | null {
  const aux = tx.auxiliary_data();
  if (!aux) return null;
  keep(aux);
  const general = aux.metadata();
  if (!general) return null;
  const cip20 = keep(general).get(keep(CSL.BigNum.from_str(CIP20_LABEL)));
  if (!cip20) return null;
  try {
    const list = keep(keep(keep(keep(cip20).as_map()).get_str("msg")).as_list());
    let memo = "";
    for (let i = 0; i < list.len(); i++) memo += keep(list.get(i)).as_text();
    return memo;
  } catch {
    return null; // label 674 present but not CIP-20's shape
  }
}

/** Signs body + aux and returns the transaction's bytes and the fee the preprod parameters ask of that size. */
function signOnce(
  key: CSL.PrivateKey,
  input: CSL.TransactionInput,
  to: CSL.Address,
  change: CSL.Address,
  amount: bigint,
  fee: bigint,
  aux: CSL.AuxiliaryData | null,
): { bytes: Uint8Array; hash: string; minFee: bigint } {
  return withWasm((keep) => {
    const big = (n: bigint) => keep(CSL.BigNum.from_str(n.toString()));
    const inputs = keep(CSL.TransactionInputs.new());
    inputs.add(input);
    const outputs = keep(CSL.TransactionOutputs.new());
    const dataCost = keep(CSL.DataCost.new_coins_per_byte(big(COINS_PER_UTXO_BYTE)));
    const payment = keep(CSL.TransactionOutput.new(to, keep(CSL.Value.new(big(amount)))));
    if (BigInt(keep(CSL.min_ada_for_output(payment, dataCost)).to_str()) > amount)
      throw new Error("the amount is below the recipient output's min UTxO");
    outputs.add(payment);
    const rest = PLACEHOLDER_UTXO_LOVELACE - amount - fee;
    const changeOut = keep(CSL.TransactionOutput.new(change, keep(CSL.Value.new(big(rest < 0n ? 0n : rest)))));
    if (rest < BigInt(keep(CSL.min_ada_for_output(changeOut, dataCost)).to_str()))
      throw new Error("the placeholder UTXO cannot cover this amount, the fee and the change");
    outputs.add(changeOut);
    const body = keep(CSL.TransactionBody.new_tx_body(inputs, outputs, big(fee)));
    body.set_ttl(keep(CSL.BigNum.from_str(TTL_SLOT)));
    body.set_network_id(keep(CSL.NetworkId.testnet()));
    if (aux) body.set_auxiliary_data_hash(keep(CSL.hash_auxiliary_data(aux)));
    const witnesses = keep(CSL.TransactionWitnessSet.new()).to_bytes();
    const tx = keep(
      aux
        ? CSL.FixedTransaction.new_with_auxiliary(body.to_bytes(), witnesses, aux.to_bytes(), true)
        : CSL.FixedTransaction.new(body.to_bytes(), witnesses, true),
    );
    tx.sign_and_add_vkey_signature(key);
    const bytes = tx.to_bytes();
    const linear = keep(CSL.LinearFee.new(big(FEE_PER_BYTE), big(FEE_FIXED)));
    const minFee = BigInt(keep(CSL.min_fee(keep(CSL.Transaction.from_bytes(bytes)), linear)).to_str());
    return { bytes, hash: keep(tx.transaction_hash()).to_hex(), minFee };
  });
}

export const adaSigner: OfflineSigner = {
  symbol: "ADA",
  library: "@emurgo/cardano-serialization-lib-nodejs",
  network: {
    name: "Cardano preprod",
    id: `network id ${NETWORK_ID}, protocol magic ${PROTOCOL_MAGIC}`,
    idKind: "network id (in the addresses and the body) and protocol magic (of the preprod network)",
  },
  idRule: "BLAKE2b-256 of the transaction body's CBOR bytes as signed, in hex",
  limits: {
    decimals: DECIMALS,
    minAmount: formatUnits(MIN_LOVELACE, DECIMALS),
    maxAmount: formatUnits(MAX_LOVELACE, DECIMALS),
    memoMaxBytes: MEMO_MAX_BYTES,
    memoNote:
      'CIP-20 transaction metadata: label 674, {"msg": [strings of at most 64 bytes]}; the chain caps the whole transaction at 16,384 bytes',
  },
  notBroadcast:
    "No Cardano preprod node is reachable from this machine, and the transaction spends a made-up UTXO with a placeholder TTL, so the network would reject it.",

  address(seed) {
    return Promise.resolve().then(() => keyAddress(seed));
  },

  sign(seed, transfer) {
    return Promise.resolve().then(() => {
      const amount = lovelace(transfer.amount);
      if (amount < MIN_LOVELACE || amount > MAX_LOVELACE) throw new Error("the ADA amount is outside the limits");
      if (transfer.memo !== null && utf8.encode(transfer.memo).length > MEMO_MAX_BYTES)
        throw new Error(`the memo is longer than ${MEMO_MAX_BYTES} bytes`);
      const from = keyAddress(seed);
      const utxo = placeholderTxHash(from);
      return withWasm((keep): SignedOffline => {
        const key = keep(CSL.PrivateKey.from_normal_bytes(seed));
        const input = keep(CSL.TransactionInput.new(keep(CSL.TransactionHash.from_bytes(utxo)), 0));
        const to = paymentAddress(transfer.to, keep);
        const change = keep(CSL.Address.from_bech32(from));
        const aux = transfer.memo === null ? null : metadata(transfer.memo, keep);
        // The fee depends on the size, which depends on the fee's encoding: pay the size's fee until it covers itself.
        let fee = 0n;
        let signed = signOnce(key, input, to, change, amount, fee, aux);
        for (let round = 0; signed.minFee > fee; round++) {
          if (round === 5) throw new Error("the fee did not settle");
          fee = signed.minFee;
          signed = signOnce(key, input, to, change, amount, fee, aux);
        }
        if (signed.bytes.length > MAX_TX_SIZE) throw new Error("the transaction exceeds preprod's 16,384 bytes");
        return {
          signedTransaction: Buffer.from(signed.bytes).toString("hex"),
          encoding: "hex",
          transactionHash: signed.hash,
          from,
          to: transfer.to,
          amount: formatUnits(amount, DECIMALS),
          fee: formatUnits(fee, DECIMALS),
          feeUnit: "ADA",
          memo: transfer.memo,
          assumptions: [
            `Spends a made-up UTXO: output 0 of transaction sha256("xqb-offline-ada-utxo:" + the sender's address) = ${Buffer.from(utxo).toString("hex")}, holding ${formatUnits(PLACEHOLDER_UTXO_LOVELACE, DECIMALS)} ADA; the change goes back to the sender.`,
            `The time-to-live is a placeholder slot, ${TTL_SLOT}; a real one is the preprod tip's slot plus a margin.`,
            `The fee is preprod's minimum for the signed size: ${FEE_PER_BYTE} lovelace per byte + ${FEE_FIXED} lovelace; outputs meet the min UTxO of ${COINS_PER_UTXO_BYTE} lovelace per byte (preprod protocol parameters).`,
            "The sender is the enterprise address (payment key only, no stake key) of the Ed25519 key whose seed is ours.",
          ],
        };
      });
    });
  },

  decode(signedTransaction) {
    return Promise.resolve().then(() => {
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(signedTransaction)) throw new OfflineDecodeError("not hex bytes");
      const bytes = Buffer.from(signedTransaction, "hex");
      return withWasm((keep): DecodedOffline => {
        let tx: CSL.FixedTransaction;
        let body: CSL.TransactionBody;
        try {
          tx = keep(CSL.FixedTransaction.from_bytes(bytes));
          body = keep(tx.body());
        } catch {
          throw new OfflineDecodeError("not a Cardano transaction");
        }
        if (!Buffer.from(tx.to_bytes()).equals(bytes))
          throw new OfflineDecodeError("bytes after the Cardano transaction");
        const absent = (o: Owned | undefined) => (o ? (keep(o), false) : true);
        const outputs = keep(body.outputs());
        const plain =
          keep(body.inputs()).len() === 1 &&
          (outputs.len() === 1 || outputs.len() === 2) &&
          absent(body.certs()) &&
          absent(body.withdrawals()) &&
          absent(body.mint()) &&
          [...Array(outputs.len()).keys()].every((i) => absent(keep(keep(outputs.get(i)).amount()).multiasset()));
        if (!plain) throw new OfflineDecodeError("not a plain ADA transfer (one input, a payment and a change)");
        const payment = keep(outputs.get(0));
        const to = keep(payment.address());
        const bodyNetwork = body.network_id();
        const mainnetBody = bodyNetwork !== undefined && keep(bodyNetwork).kind() !== CSL.NetworkIdKind.Testnet;
        if (to.kind() === CSL.AddressKind.Byron || to.network_id() !== NETWORK_ID || mainnetBody)
          throw new OfflineDecodeError("not a preprod (network id 0) transaction");
        const vkeys = keep(tx.witness_set()).vkeys();
        if (!vkeys || keep(vkeys).len() !== 1) throw new OfflineDecodeError("not signed by exactly one key");
        const witness = keep(vkeys.get(0));
        const publicKey = keep(keep(witness.vkey()).public_key());
        const id = keep(tx.transaction_hash());
        let signatureValid = publicKey.verify(id.to_bytes(), keep(witness.signature()));
        let signatureNote = "Ed25519 signature of the witness key over the body's BLAKE2b-256, checked by the library";
        // The signature covers the metadata only through the body's hash of it: check that hash too.
        const rawAux = tx.raw_auxiliary_data();
        const auxHash = body.auxiliary_data_hash();
        const signedAux = auxHash ? Buffer.from(keep(auxHash).to_bytes()) : null;
        const auxMatches = rawAux ? !!signedAux?.equals(blake2b(rawAux, { dkLen: 32 })) : !signedAux;
        if (!auxMatches) {
          signatureValid = false;
          signatureNote += "; the metadata does not match the body's auxiliary data hash";
        } else if (rawAux) signatureNote += ", and the metadata's BLAKE2b-256 matches the body's auxiliary data hash";
        return {
          transactionHash: id.to_hex(),
          from: vkeyAddress(publicKey, keep),
          to: to.to_bech32(),
          amount: formatUnits(BigInt(keep(keep(payment.amount()).coin()).to_str()), DECIMALS),
          fee: formatUnits(BigInt(keep(body.fee()).to_str()), DECIMALS),
          memo: memoOf(tx, keep),
          signatureValid,
          signatureNote,
        };
      });
    });
  },
};
