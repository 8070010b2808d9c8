// Building Stellar transactions in the browser (heavy: the SDK's base; import this module lazily). Both
// builders return UNSIGNED envelope XDR; signStellarXdr() signs it with the user's key.
import { Account, Asset, Memo, Operation, TransactionBuilder } from "@stellar/stellar-sdk/base";

export type StellarAssetRef = "native" | { code: string; issuer: string };
export type StellarMemo = { type: "text"; value: string } | { type: "hash"; hex: string };

interface Common {
  /** The source account (G…). */
  source: string;
  /** The account's CURRENT sequence (decimal text); the transaction takes sequence + 1. */
  sequence: string;
  networkPassphrase: string;
  /** Stroops per operation, decimal text. */
  baseFee: string;
  /** Seconds the transaction stays valid (default 300). */
  timeoutSeconds?: number;
}

const assetOf = (a: StellarAssetRef) => (a === "native" ? Asset.native() : new Asset(a.code, a.issuer));

function memoOf(m: StellarMemo): Memo {
  return m.type === "text" ? Memo.text(m.value) : Memo.hash(m.hex);
}

export function buildStellarPayment(
  p: Common & { destination: string; asset: StellarAssetRef; amount: string; memo?: StellarMemo },
): string {
  const b = new TransactionBuilder(new Account(p.source, p.sequence), {
    fee: p.baseFee,
    networkPassphrase: p.networkPassphrase,
  }).addOperation(Operation.payment({ destination: p.destination, asset: assetOf(p.asset), amount: p.amount }));
  if (p.memo) b.addMemo(memoOf(p.memo));
  return b
    .setTimeout(p.timeoutSeconds ?? 300)
    .build()
    .toEnvelope()
    .toXDR("base64");
}

export function buildChangeTrust(p: Common & { asset: { code: string; issuer: string }; limit?: string }): string {
  return new TransactionBuilder(new Account(p.source, p.sequence), {
    fee: p.baseFee,
    networkPassphrase: p.networkPassphrase,
  })
    .addOperation(
      Operation.changeTrust({ asset: assetOf(p.asset), ...(p.limit !== undefined ? { limit: p.limit } : {}) }),
    )
    .setTimeout(p.timeoutSeconds ?? 300)
    .build()
    .toEnvelope()
    .toXDR("base64");
}

/** The transaction hash (hex) of an envelope, to show before the API answers. */
export function stellarTxHash(envelopeXdr: string, networkPassphrase: string): string {
  const tx = TransactionBuilder.fromXDR(envelopeXdr, networkPassphrase);
  return Array.from(tx.hash(), (b) => b.toString(16).padStart(2, "0")).join("");
}
