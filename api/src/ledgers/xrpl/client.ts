// The XRPL client any feature can use: submit a transaction the feature describes, signed by the server
// wallet, and fund accounts through the faucet. It knows no feature. Live and simulated are the same
// interface: the live one fills the fee, takes the Sequence through the signer road and waits briefly for
// validation; the simulated one signs offline with the last sequence and ledger seen, never submitting.
import type { SubmittableTransaction } from "xrpl";
import type { OpContext } from "../selector";
import type { LedgerReceipt } from "../types";

export { describeEngineResult, isIncluded } from "./engine-results";

/** What the client fills in itself: the signing account, its sequence, the fee and the expiry. */
type Filled = "Account" | "Sequence" | "Fee" | "LastLedgerSequence" | "SigningPubKey" | "TxnSignature" | "NetworkID";
/** Any submittable transaction without the fields the client fills in (distributes over the union). */
export type XrplTransactionRequest = SubmittableTransaction extends infer T
  ? T extends unknown
    ? Omit<T, Filled>
    : never
  : never;

export interface XrplSubmitResult extends LedgerReceipt {
  network: "testnet";
  /** The transaction's Sequence. */
  sequence: number;
  /** What a simulated transaction took for granted (sequence, fee, expiry); empty when live. */
  assumptions: string[];
}

export interface XrplLedgerClient {
  readonly network: "testnet";
  /** The server wallet's address (r…): signs every submitted transaction. */
  readonly serverAccount: string;
  /** Creates the accounts through the faucet when they do not exist yet. Simulated: nothing to do. */
  ensureFunded(addresses: readonly string[], ctx?: OpContext): Promise<void>;
  /** Signs with the server wallet and submits; waits briefly for validation. Engine results come back in words. */
  submit(tx: XrplTransactionRequest, ctx?: OpContext, opts?: XrplSubmitOptions): Promise<XrplSubmitResult>;
  /** Reserves, fee, validated ledger and network id from server_info. Simulated: as last seen, else unreachable (neverSeen). */
  serverState(ctx?: OpContext): Promise<XrplServerState>;
  /** The node's transaction cost now (rippled's `fee` command). Simulated: unreachable (neverSeen): a fee is never guessed. */
  fee(ctx?: OpContext): Promise<XrplFee>;
  /** The account from the validated ledger, or null when it does not exist. Simulated: as last seen, else unreachable (neverSeen). */
  accountDetails(address: string, ctx?: OpContext): Promise<XrplAccountDetails | null>;
  /** Funds any account through the faucet (a user's own). Simulated: nothing is funded. */
  fund(address: string, ctx?: OpContext): Promise<XrplFundResult>;
  /**
   * Relays a blob the user signed, as is (not on the signer road): refuses one without LastLedgerSequence or
   * with a bad signature (LedgerRejectedError), submits, waits for validation or expiry. Simulated: decoded and
   * its signature checked, never submitted.
   */
  submitSigned(txBlob: string, ctx?: OpContext): Promise<XrplSignedSubmitResult>;
  /** One transaction by hash, with its memos decoded to text. Simulated: unreachable (never guesses). */
  transaction(hash: string, ctx?: OpContext): Promise<XrplTransactionLookup>;
  /** Validated payments to `account` (oldest first) from `sinceLedger` on, by page. Simulated: unreachable. */
  incomingPayments(
    account: string,
    opts: { sinceLedger?: number; marker?: unknown; limit?: number },
    ctx?: OpContext,
  ): Promise<XrplIncomingPage>;
  /** What `issuer` has issued of `currency` (gateway_balances) and how many lines hold it. Simulated: as last seen, else unreachable. */
  issuedSupply(issuer: string, currency: string, ctx?: OpContext): Promise<XrplIssuedSupply>;
}

/** What the live client last saw, so a simulated transaction carries a plausible Sequence and LastLedgerSequence. */
export interface XrplSeen {
  /** The server account's next Sequence. */
  sequence: number | null;
  validatedLedger: number | null;
  /** The last server_info read, for the simulated twin's serverState. */
  serverState?: XrplServerState | null;
  /** Accounts as last read, by address. */
  accounts?: Map<string, XrplAccountDetails>;
  /** Issued supplies as last read, by `${issuer}:${currency}`. */
  supplies?: Map<string, XrplIssuedSupply>;
}

/** Reliable submission: a transaction not validated within 4 ledgers after the last validated one expires. */
export const LEDGER_WINDOW = 4;
/** The fee a simulated transaction pays (the live one takes the node's). */
export const FEE_DROPS = "12";

export function explorerTxUrl(hash: string): string {
  return `https://testnet.xrpl.org/transactions/${hash}`;
}

// ---- reads and the user's own transactions (issue 11) ------------------------------------------------

/** The validated ledger's figures as the node reports them (server_info); nothing here is a constant. */
export interface XrplServerState {
  validatedLedger: number;
  /** Reserve of an account itself, XRP as decimal text (e.g. "1"). */
  baseReserveXrp: string;
  /** Reserve per owned object (a trust line, an offer...), XRP as decimal text (e.g. "0.2"). */
  ownerReserveXrp: string;
  baseFeeDrops: string;
  networkId: number | null;
}

/** The transaction cost as the node states it (`fee`), drops as decimal text. */
export interface XrplFee {
  /** The reference transaction cost (base_fee). */
  baseFeeDrops: string;
  /** What a transaction must pay to get into the current open ledger now (open_ledger_fee). */
  openLedgerFeeDrops: string;
  /** The open (current) ledger the figures are for. */
  ledgerCurrentIndex: number;
}

export interface XrplTrustLine {
  currency: string;
  /** The counterparty: for a holder's line, the issuer. */
  issuer: string;
  /** Signed decimal text from the account's side (negative: it owes, i.e. it issued). */
  balance: string;
  limit: string;
}

export interface XrplAmount {
  value: string;
  /** "XRP" for XRP (value in XRP, not drops). */
  currency: string;
  issuer: string | null;
}

export interface XrplTransactionSummary {
  hash: string;
  type: string;
  /** Engine result code, e.g. tesSUCCESS. */
  result: string;
  /** The result in words (describeEngineResult). */
  resultText: string;
  ledgerIndex: number | null;
  /** ISO time the ledger closed, when known. */
  date: string | null;
  /** Delivered amount of a payment (or the amount asked), null for other types. */
  amount: XrplAmount | null;
  /** The account paying it (Account). */
  account: string;
  destination: string | null;
  destinationTag: number | null;
}

export interface XrplAccountDetails {
  address: string;
  balanceXrp: string;
  sequence: number;
  ownerCount: number;
  /** base + owner x ownerCount, from the ledger's server_info. */
  reserves: { baseXrp: string; ownerXrp: string; totalXrp: string };
  trustLines: XrplTrustLine[];
  recentTransactions: XrplTransactionSummary[];
  validatedLedger: number;
  /** "rippled" when just read; "last-seen" when simulated (what the live client last read). */
  observed: "rippled" | "last-seen";
}

export interface XrplFundResult {
  funded: boolean;
  alreadyExisted: boolean;
}

export type XrplSubmitStatus =
  /** In a validated ledger: tesSUCCESS applied, a tec result only charged the fee. */
  | "validated"
  /** Never included (tem/tef/tel or a ter other than queued): nothing charged, the sequence unused. */
  | "rejected"
  /** LastLedgerSequence passed without validation: it can never be included. */
  | "expired"
  /** Submitted, not validated within the wait: it may still be (until LastLedgerSequence). */
  | "pending"
  /** Simulated: decoded and checked offline, never submitted. */
  | "not-submitted";

/** A user-signed blob relayed as is (submitSigned). */
export interface XrplSignedSubmitResult extends LedgerReceipt {
  network: "testnet";
  status: XrplSubmitStatus;
  /** Final result when validated, else the preliminary one; null when simulated. */
  engineResult: string | null;
  engineResultText: string;
  feeDrops: string;
  sequence: number;
  lastLedgerSequence: number;
  /** The latest validated ledger the client saw when it answered. */
  validatedLedger: number | null;
  transactionType: string;
  account: string;
  assumptions: string[];
}

export interface XrplSignedInfo {
  transactionHash: string;
  signedTransaction: string;
  sequence: number;
  lastLedgerSequence: number;
}
export interface XrplSubmitOptions {
  /** Awaited after signing and before the blob leaves (the bridge persists it first). */
  onSigned?: (s: XrplSignedInfo) => Promise<void>;
}

export interface XrplMemo {
  type: string | null;
  data: string | null;
}

export type XrplTransactionLookup =
  { found: false } | { found: true; validated: boolean; result: string; ledgerIndex: number | null; memos: XrplMemo[] };

export interface XrplIncomingPayment {
  transactionHash: string;
  from: string;
  to: string;
  currency: string;
  issuer: string | null;
  /** Delivered amount (XRP in XRP, not drops). */
  value: string;
  memos: XrplMemo[];
  destinationTag: number | null;
  ledgerIndex: number;
  result: string;
}

export interface XrplIncomingPage {
  payments: XrplIncomingPayment[];
  /** Pass back to read the next page; null when this was the last. */
  marker: unknown | null;
  /** The last validated ledger this read covered. */
  lastLedger: number;
}

export interface XrplIssuedSupply {
  /** Total obligations of the issuer in this currency (gateway_balances), decimal text. */
  amount: string;
  /** Trust lines holding a non-zero balance of it. */
  holders: number;
}

/** Thrown (as the LedgerUnreachableError's cause) when a simulated read has nothing last seen to answer with. */
export const NEVER_SEEN = "simulated: never read on rippled";
export function neverSeen(err: unknown): boolean {
  return (
    err instanceof Error && err.name === "LedgerUnreachableError" && (err as { cause?: unknown }).cause === NEVER_SEEN
  );
}
