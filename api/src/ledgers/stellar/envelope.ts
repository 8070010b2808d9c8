// A user-signed envelope, decoded and checked before it is relayed: the API never signs for a user, so it
// only passes on what verifies for its own source account on this network.
import { FeeBumpTransaction, Keypair, StrKey, TransactionBuilder, type Transaction } from "@stellar/stellar-sdk";

/** Why an envelope is refused, as the field and the reason (the route turns it into a 400). */
export class EnvelopeError extends Error {
  override readonly name = "EnvelopeError";
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

export interface SignedEnvelope {
  tx: Transaction;
  hash: string;
  source: string;
  sequence: string;
  /** End of the transaction's time bounds; null when it has none. */
  validUntil: Date | null;
}

// SDK 17 exposes the signature's parts as fields (XDR values or bytes) rather than the old accessor methods.
function sigHint(s: unknown): Uint8Array {
  const h = (s as { hint: unknown }).hint;
  return h instanceof Uint8Array
    ? h
    : typeof h === "function"
      ? (h as () => Uint8Array).call(s)
      : (h as { value: Uint8Array }).value;
}

function sigBytes(s: unknown): Buffer {
  const sig = (s as { signature: unknown }).signature;
  return Buffer.from(sig instanceof Uint8Array ? sig : (sig as { value: Uint8Array }).value);
}

/**
 * Decodes base64 envelope XDR for `networkPassphrase` and checks that the source account signed it: a
 * signature made for another network hashes a different payload, so it does not verify here.
 */
export function decodeSignedEnvelope(
  envelopeXdr: string,
  networkPassphrase: string,
  field = "envelopeXdr",
): SignedEnvelope {
  let decoded: Transaction | FeeBumpTransaction;
  try {
    decoded = TransactionBuilder.fromXDR(envelopeXdr, networkPassphrase);
  } catch {
    throw new EnvelopeError(field, "is not a Stellar transaction envelope (base64 XDR that does not decode)");
  }
  if (decoded instanceof FeeBumpTransaction)
    throw new EnvelopeError(field, "is a fee-bump envelope; only a plain signed transaction is relayed");
  const tx = decoded;
  if (!StrKey.isValidEd25519PublicKey(tx.source))
    throw new EnvelopeError(field, "has a muxed (M…) source account; sign with a G… account");
  if (tx.signatures.length === 0)
    throw new EnvelopeError(field, "is not signed: sign it in your browser before submitting");
  const hash = Buffer.from(tx.hash());
  const source = Keypair.fromPublicKey(tx.source);
  const hint = source.signatureHint();
  const verifies = tx.signatures.some((s) => Buffer.from(sigHint(s)).equals(hint) && source.verify(hash, sigBytes(s)));
  if (!verifies) {
    throw new EnvelopeError(
      field,
      `is not signed by its source account ${tx.source} for this network (${networkPassphrase}): a signature for another network or another key does not verify`,
    );
  }
  const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
  return {
    tx,
    hash: hash.toString("hex"),
    source: tx.source,
    sequence: tx.sequence,
    validUntil: maxTime > 0 ? new Date(maxTime * 1000) : null,
  };
}
