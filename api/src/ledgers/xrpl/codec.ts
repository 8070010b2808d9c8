// Pure helpers shared by the live and simulated XRPL clients: exact XRP/drops text, amounts, memos, and the
// checks a user-signed blob must pass before it is relayed.
import { decode, encode, hashes, verifySignature, type Transaction } from "xrpl";

const DROPS_PER_XRP = 1_000_000n;

/** Drops (integer text) to XRP decimal text, exactly ("1200000" -> "1.2"). */
export function dropsToXrpText(drops: string | number | bigint): string {
  const d = BigInt(typeof drops === "number" ? Math.round(drops) : drops);
  const neg = d < 0n;
  const abs = neg ? -d : d;
  const whole = abs / DROPS_PER_XRP;
  const frac = (abs % DROPS_PER_XRP).toString().padStart(6, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** XRP as server_info reports it (a JSON number, e.g. 0.2) to drops, exactly. */
export function xrpNumberToDrops(xrp: number | string): bigint {
  const text = typeof xrp === "number" ? xrp.toFixed(6) : xrp;
  const [whole = "0", frac = ""] = text.split(".");
  return BigInt(whole) * DROPS_PER_XRP + BigInt((frac + "000000").slice(0, 6));
}

type RawAmount = string | { value: string; currency: string; issuer?: string } | undefined | null;

/** An Amount field (drops text or an issued currency object) in XRP/value terms; null when absent or of another kind (MPT). */
export function amountOf(a: unknown): { value: string; currency: string; issuer: string | null } | null {
  const raw = a as RawAmount;
  if (typeof raw === "string" && /^-?\d+$/.test(raw))
    return { value: dropsToXrpText(raw), currency: "XRP", issuer: null };
  if (raw && typeof raw === "object" && typeof raw.value === "string" && typeof raw.currency === "string") {
    return { value: raw.value, currency: currencyText(raw.currency), issuer: raw.issuer ?? null };
  }
  return null;
}

/** A 40-hex currency code that holds ASCII is shown as its text; 3-letter codes as they are. */
export function currencyText(code: string): string {
  if (!/^[0-9A-F]{40}$/i.test(code)) return code;
  const text = Buffer.from(code, "hex").toString("latin1").replace(/\0+$/, "");
  return /^[\x20-\x7e]+$/.test(text) ? text : code;
}

export function hexToText(hex: unknown): string | null {
  if (typeof hex !== "string" || hex.length === 0) return null;
  if (!/^([0-9A-F]{2})+$/i.test(hex)) return hex;
  return Buffer.from(hex, "hex").toString("utf8");
}

export function textToHex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex").toUpperCase();
}

interface RawMemo {
  Memo?: { MemoType?: string; MemoData?: string; MemoFormat?: string };
}
/** Memos of a transaction, MemoType and MemoData decoded from hex to text. */
export function memosOf(tx: object): { type: string | null; data: string | null }[] {
  const raw = (tx as { Memos?: unknown }).Memos;
  const memos = Array.isArray(raw) ? (raw as RawMemo[]) : [];
  return memos.map((m) => ({ type: hexToText(m.Memo?.MemoType), data: hexToText(m.Memo?.MemoData) }));
}

/** Why a blob cannot be relayed: the field at fault and the reason, for a 400. */
export class BlobRefusal extends Error {
  override readonly name = "BlobRefusal";
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface InspectedBlob {
  tx: Transaction & { Sequence?: number; LastLedgerSequence?: number; Fee?: string; Account: string };
  hash: string;
}

/** Decodes a signed blob and checks what the relay requires: hex, decodable, signed (and the signature valid), LastLedgerSequence set. */
export function inspectSignedBlob(txBlob: string): InspectedBlob {
  if (!/^([0-9A-Fa-f]{2})+$/.test(txBlob))
    throw new BlobRefusal("txBlob", "must be the signed transaction as hex (an even number of 0-9, A-F)");
  let tx: Record<string, unknown>;
  try {
    tx = decode(txBlob) as Record<string, unknown>;
    // A blob with trailing garbage or an unknown field decodes partially: it must encode back to itself.
    if (encode(tx as never).toUpperCase() !== txBlob.toUpperCase()) throw new Error("not canonical");
  } catch {
    throw new BlobRefusal("txBlob", "is not a decodable XRPL transaction");
  }
  if (typeof tx.TransactionType !== "string" || typeof tx.Account !== "string")
    throw new BlobRefusal("txBlob", "is not a transaction (no TransactionType or Account)");
  if (
    typeof tx.TxnSignature !== "string" ||
    !tx.TxnSignature ||
    typeof tx.SigningPubKey !== "string" ||
    !tx.SigningPubKey
  ) {
    throw new BlobRefusal("txBlob", "is not signed (no TxnSignature or SigningPubKey): sign it in your browser first");
  }
  let valid: boolean;
  try {
    valid = verifySignature(txBlob);
  } catch {
    valid = false;
  }
  if (!valid)
    throw new BlobRefusal("txBlob", "has a signature that does not verify against its SigningPubKey and contents");
  if (typeof tx.LastLedgerSequence !== "number") {
    throw new BlobRefusal("txBlob", "has no LastLedgerSequence: reliable submission needs an expiry ledger");
  }
  return { tx: tx as unknown as InspectedBlob["tx"], hash: hashes.hashSignedTx(txBlob) };
}
