// Offline signers: one per coin we have no node for. Each builds a real testnet transfer with the coin's own
// well-kept library, signs it with a testnet key of ours, computes its id by the coin's own rule, and can decode
// any signed transfer of its kind back into what it says (so anyone can check a result without trusting us).
// Nothing here broadcasts: there is no node for these coins on this machine. Like every ledger client, these
// know no feature; the cryptocurrency feature chooses amounts, memos and recipients.

/** What to sign: checked against the signer's `limits` before `sign` is called. */
export interface OfflineTransfer {
  /** The recipient, in the coin's usual notation. */
  to: string;
  /** In the coin's whole units (BTC, not satoshi), a plain decimal string with at most `limits.decimals` places. */
  amount: string;
  /** UTF-8 text, at most `limits.memoMaxBytes` bytes; null for none. */
  memo: string | null;
}

/** The chain's own rules for such a transfer, stated so the API can refuse what the chain would refuse. */
export interface OfflineLimits {
  /** Decimal places of the coin's base unit (BTC 8, SOL 9, ...). */
  decimals: number;
  /** The least amount the chain accepts for this transfer (dust, existential deposit, minimum balance), whole units. */
  minAmount: string;
  /** The most we sign (bounded by the placeholder funds the transfer spends), whole units. */
  maxAmount: string;
  /** The memo's byte limit, or null when this transfer cannot carry a memo at all. */
  memoMaxBytes: number | null;
  /** Where the memo goes ("an OP_RETURN output", "the note field") or why there is none, in words. */
  memoNote: string;
}

/** The testnet a signer signs for: what makes a signature valid there and nowhere else. */
export interface OfflineNetwork {
  /** e.g. "Bitcoin testnet4", "Solana devnet". */
  name: string;
  /** Chain id, genesis hash, network passphrase or chain tag, where the chain has one; null otherwise. */
  id: string | null;
  /** What `id` is, in words ("genesis hash", "chainTag"); null when `id` is null. */
  idKind: string | null;
}

export interface SignedOffline {
  signedTransaction: string;
  encoding: "hex" | "base64";
  /** The id the coin's own rule gives these signed bytes, in that coin's usual notation. */
  transactionHash: string;
  from: string;
  to: string;
  amount: string;
  /** In whole units of the coin (or of the fee's own unit, said in `feeUnit`). */
  fee: string;
  feeUnit: string;
  memo: string | null;
  /** Why it was not broadcast and what in it is a placeholder (a made-up UTXO, a placeholder blockhash...), in words. */
  assumptions: string[];
}

export interface DecodedOffline {
  transactionHash: string;
  from: string | null;
  to: string;
  amount: string;
  fee: string | null;
  memo: string | null;
  /** True or false when the signature was checked; null when this library cannot check it (see signatureNote). */
  signatureValid: boolean | null;
  /** How the signature was checked, or why it could not be. */
  signatureNote: string;
}

export interface OfflineSigner {
  symbol: string;
  /** The npm package that builds and signs, e.g. "@scure/btc-signer" (its version is read from node_modules). */
  library: string;
  network: OfflineNetwork;
  /** How the transaction id is computed from the signed bytes, in words (the coin's own rule). */
  idRule: string;
  limits: OfflineLimits;
  /** Why nothing is broadcast, in words (no node reachable here; placeholders the transaction holds). */
  notBroadcast: string;
  /** The address of the key made from this 32-byte seed (the same seed always gives the same key). */
  address(seed: Uint8Array): Promise<string>;
  /** Builds and signs the transfer from the seed's address. Deterministic where the coin's signature scheme is. */
  sign(seed: Uint8Array, transfer: OfflineTransfer): Promise<SignedOffline>;
  /** Decodes signed bytes of this signer's kind (as `sign` returns them); throws `OfflineDecodeError` on anything else. */
  decode(signedTransaction: string): Promise<DecodedOffline>;
}

/** Bytes that are not a signed transfer of this coin: the API answers 400 with the reason. */
export class OfflineDecodeError extends Error {
  override readonly name = "OfflineDecodeError";
}
