// What the relayer needs from a destination ledger (Stellar or XRPL), in the bridge's own words. The two
// implementations (bridge.stellar.ts, bridge.xrpl.ts) put these on the feature-agnostic clients; the
// relayer never branches on the ledger. Every call is bounded by the client's own time budget.
import type { Source } from "../../ledgers/types";
import type { BridgeLedger } from "./bridge.constants";
import type { SignedDelivery } from "./bridge.repository";

export interface DeliveryRequest {
  /** The lock id (escrow nonce), for logs and the memo's fallback. */
  lockId: string;
  address: string;
  /** Decimal text with at most 7 decimals. */
  amount: string;
  /** The lock's memo, carried by the payment (Stellar text memo, XRPL Memo). */
  memo: string;
}

export interface DeliveryResult {
  hash: string;
  ledgerIndex: number | null;
  explorerUrl: string | null;
  source: Source;
  reason: string | null;
}

/** What the destination ledger says of a stored delivery's hash. */
export type Lookup = { found: false } | { found: true; success: boolean; ledgerIndex: number | null; result: string };

export interface IncomingPayment {
  hash: string;
  from: string;
  /** The asset paid: code and issuer (null issuer: native XLM / XRP). */
  code: string | null;
  issuer: string | null;
  amount: string;
  /** The EVM address the memo names, or why it names none. */
  evm: { address: `0x${string}` } | { problem: string };
  /** The memo as read, for the record. */
  memo: string;
  ledgerIndex: number | null;
  success: boolean;
}

export interface DestinationLedger {
  readonly ledger: BridgeLedger;
  /** The XQB issuer on this ledger (the server account). */
  readonly issuer: string;
  /** live: the ledger answers now; else the reason it is simulated. */
  mode(): { live: boolean; reason: string | null };
  explorerUrl(hash: string): string | null;
  /**
   * Why `address` cannot receive XQB now (no account, no XQB trust line, a limit too low...), or null.
   * Live only: throws when the ledger cannot be asked.
   */
  receivable(address: string, amount: string): Promise<string | null>;
  /**
   * Signs the payment from the issuer and submits it (live), or signs it offline (simulated). `onSigned` is
   * awaited before the transaction leaves: the relayer stores it first, so a crash never loses it.
   */
  deliver(req: DeliveryRequest, onSigned: (signed: SignedDelivery) => Promise<void>): Promise<DeliveryResult>;
  /** The transaction by hash on the live ledger. Throws when the ledger cannot be asked. */
  lookup(hash: string): Promise<Lookup>;
  /** True once the stored delivery can no longer be applied (Stellar maxTime, XRPL LastLedgerSequence passed). Live only. */
  expired(signed: SignedDelivery): Promise<boolean>;
  /** Hands the stored signed delivery to the ledger again, as is. */
  resubmit(signed: SignedDelivery): Promise<void>;
  /** Payments to the issuer after `cursor` (live only); the next cursor. */
  incoming(cursor: string | null): Promise<{ payments: IncomingPayment[]; cursor: string | null }>;
  /** XQB held on this ledger (issued and not paid back), with where the figure comes from. */
  supply(): Promise<{ amount: string; holders: number; source: Source; reason: string | null }>;
}
