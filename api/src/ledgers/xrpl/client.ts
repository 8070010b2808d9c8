// The XRPL client any feature can use: submit a transaction the feature describes, signed by the server
// wallet, and fund accounts through the faucet. It knows no feature. Live and simulated are the same
// interface: the live one fills the fee, takes the Sequence through the signer road and waits briefly for
// validation; the simulated one signs offline with the last sequence and ledger seen, never submitting.
import type { SubmittableTransaction } from "xrpl";
import type { OpContext } from "../selector";
import type { LedgerReceipt } from "../types";

/** What the client fills in itself: the signing account, its sequence, the fee and the expiry. */
type Filled = "Account" | "Sequence" | "Fee" | "LastLedgerSequence" | "SigningPubKey" | "TxnSignature" | "NetworkID";
/** Any submittable transaction without the fields the client fills in (distributes over the union). */
export type XrplTransactionRequest = SubmittableTransaction extends infer T ? (T extends unknown ? Omit<T, Filled> : never) : never;

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
  submit(tx: XrplTransactionRequest, ctx?: OpContext): Promise<XrplSubmitResult>;
}

/** What the live client last saw, so a simulated transaction carries a plausible Sequence and LastLedgerSequence. */
export interface XrplSeen {
  /** The server account's next Sequence. */
  sequence: number | null;
  validatedLedger: number | null;
}

/** Reliable submission: a transaction not validated within 4 ledgers after the last validated one expires. */
export const LEDGER_WINDOW = 4;
/** The fee a simulated transaction pays (the live one takes the node's). */
export const FEE_DROPS = "12";

export function explorerTxUrl(hash: string): string {
  return `https://testnet.xrpl.org/transactions/${hash}`;
}
