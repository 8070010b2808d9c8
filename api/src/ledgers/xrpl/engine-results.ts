// rippled's engine result codes in words, for the people reading them (the payment page, the bridge's
// records). Codes not listed here are described by their class, which rippled's prefix states.

const WORDS: Record<string, string> = {
  tesSUCCESS: "the transaction was applied",
  terQUEUED: "the transaction was queued for a later ledger",
  tecUNFUNDED_PAYMENT: "the sending account does not hold enough XRP for this payment above its reserve",
  tecUNFUNDED: "the sending account does not hold enough to cover this",
  tecNO_DST_INSUF_XRP:
    "the destination account does not exist and the amount is below the reserve that would create it",
  tecNO_DST: "the destination account does not exist",
  tecNO_DST_TAG: "the destination requires a destination tag",
  tecDST_TAG_NEEDED: "the destination requires a destination tag",
  tecNO_LINE: "the destination has no trust line for this currency",
  tecNO_LINE_INSUF_RESERVE: "no trust line exists and the account cannot pay the reserve for a new one",
  tecPATH_DRY: "no path could deliver this amount (no trust line, no liquidity, or the issuer's line is empty)",
  tecPATH_PARTIAL: "only part of the amount could be delivered",
  tecNO_AUTH: "the issuer has not authorized this trust line",
  tecINSUF_RESERVE_LINE: "the account lacks the XRP reserve for another trust line",
  tecINSUF_RESERVE_OFFER: "the account lacks the XRP reserve for another offer",
  tecNO_PERMISSION: "the account is not allowed to do this",
  tecFROZEN: "the trust line is frozen",
  tefPAST_SEQ: "the sequence number was already used",
  tefMAX_LEDGER: "the transaction expired: its LastLedgerSequence passed before it was validated",
  tefBAD_AUTH: "the signing key is not authorized for this account",
  tefALREADY: "the same transaction was already applied",
  terPRE_SEQ: "the sequence number is ahead of the account's",
  terNO_ACCOUNT: "the sending account does not exist (fund it first)",
  terINSUF_FEE_B: "the account cannot pay the fee",
  terRETRY: "the transaction could not be applied yet; it may be retried",
  temBAD_AMOUNT: "the amount is invalid (zero, negative or malformed)",
  temREDUNDANT: "the transaction would do nothing (e.g. a payment to oneself)",
  temBAD_FEE: "the fee is invalid",
  temBAD_SEQUENCE: "the sequence number is invalid",
  temBAD_SIGNATURE: "the signature is invalid",
  temDST_IS_SRC: "the destination is the sending account",
  temBAD_CURRENCY: "the currency code is invalid",
  temBAD_LIMIT: "the trust line limit is invalid",
  temMALFORMED: "the transaction is malformed",
  temINVALID: "the transaction is invalid",
  telINSUF_FEE_P: "the fee is below what the node currently requires (it is busy); retry with a higher fee",
  telCAN_NOT_QUEUE: "the node could not queue the transaction",
  telLOCAL_ERROR: "the node refused the transaction locally",
};

const CLASSES: [prefix: string, words: string][] = [
  ["tes", "the transaction was applied"],
  ["tec", "claimed: in a ledger with only its fee charged, the transaction itself failed"],
  ["tef", "failed: it was not applied and cannot be (nothing was charged)"],
  ["tel", "refused by the node locally: not forwarded to the network"],
  ["tem", "malformed: the transaction can never succeed as written"],
  ["ter", "not applied yet: it may succeed if retried later"],
];

/** The engine result in words: its own when known, else its class (tec, tef, tel, tem, ter) with the code. */
export function describeEngineResult(code: string): string {
  const known = WORDS[code];
  if (known) return known;
  const cls = CLASSES.find(([prefix]) => code.startsWith(prefix));
  return cls ? `${code}: ${cls[1]}` : `${code}: an unknown result`;
}

/** Results after which the transaction is in (or will be in) a ledger: its sequence is used. */
export function isIncluded(code: string): boolean {
  return code === "tesSUCCESS" || code === "terQUEUED" || code.startsWith("tec");
}
