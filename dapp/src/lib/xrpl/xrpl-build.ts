// Builds the transactions the pages sign: a payment (XRP or an issued currency, with destination tag and
// memo) and a TrustSet. Plain objects, no xrpl.js: the signer (xrpl-wallet.ts) encodes them.

export type XrplPaymentAmount = { xrp: string } | { currency: string; issuer: string; value: string };

export interface XrplReliableFields {
  sequence: number;
  /** Drops, as text (the ledger's base fee or the node's open-ledger fee). */
  feeDrops: string;
  /** The validated ledger + an offset: the transaction can never be included after it. */
  lastLedgerSequence: number;
}

/** UTF-8 text as the upper-case hex XRPL memos require. */
export function textToHex(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** XRP decimal text (at most 6 decimals) to drops text. */
export function xrpToDropsText(xrp: string): string {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(xrp.trim());
  if (!m) throw new Error(`not an XRP amount with at most 6 decimals: ${xrp}`);
  return (BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"))).toString();
}

export function buildXrplPayment(
  p: {
    account: string;
    destination: string;
    amount: XrplPaymentAmount;
    destinationTag?: number;
    memo?: { type: string; data: string };
  } & XrplReliableFields,
): Record<string, unknown> {
  return {
    TransactionType: "Payment",
    Account: p.account,
    Destination: p.destination,
    Amount:
      "xrp" in p.amount
        ? xrpToDropsText(p.amount.xrp)
        : { currency: p.amount.currency, issuer: p.amount.issuer, value: p.amount.value },
    ...(p.destinationTag !== undefined ? { DestinationTag: p.destinationTag } : {}),
    ...(p.memo ? { Memos: [{ Memo: { MemoType: textToHex(p.memo.type), MemoData: textToHex(p.memo.data) } }] } : {}),
    Sequence: p.sequence,
    Fee: p.feeDrops,
    LastLedgerSequence: p.lastLedgerSequence,
  };
}

export function buildXrplTrustSet(
  p: { account: string; currency: string; issuer: string; limit: string } & XrplReliableFields,
): Record<string, unknown> {
  return {
    TransactionType: "TrustSet",
    Account: p.account,
    LimitAmount: { currency: p.currency, issuer: p.issuer, value: p.limit },
    Sequence: p.sequence,
    Fee: p.feeDrops,
    LastLedgerSequence: p.lastLedgerSequence,
  };
}
