// The Stellar client any feature can use: read an account, fund accounts through friendbot, and submit a
// transaction the feature builds from the server account. It knows no feature. Live and simulated are the
// same interface: the live one takes the server account's sequence through the signer road and posts to
// Horizon; the simulated one builds on the last sequence seen and signs offline, never submitting.
import type { Account, Transaction } from "@stellar/stellar-sdk";
import type { OpContext } from "../selector";
import type { LedgerReceipt } from "../types";

export interface StellarBalance {
  asset_type: string;
  asset_code?: string;
  asset_issuer?: string;
  balance?: string;
  /** A trustline's limit (absent for native XLM). */
  limit?: string;
}

/** An account as Horizon reports it (live), or as it was last seen there (simulated). */
export interface StellarAccount {
  id: string;
  /** The account's current sequence number (int64 as decimal text); its next transaction uses this + 1. */
  sequence: string;
  balances: StellarBalance[];
  /** "horizon": read just now; "last-seen": what the live client read before the ledger became unreachable. */
  observed: "horizon" | "last-seen";
}

/** The transaction the caller builds on the server account (given as `source`, its sequence already set) and signs with its own keys. */
export type StellarBuild = (source: Account) => Transaction;

export interface StellarSubmitResult extends LedgerReceipt {
  network: "testnet";
  /** The envelope's sequence number (decimal text). */
  sequence: string;
  /** What a simulated transaction took for granted (the sequence); empty when live. */
  assumptions: string[];
}

/** An account with what its minimum balance is made of, every figure read from Horizon (or as last seen there). */
export interface StellarAccountDetails {
  id: string;
  sequence: string;
  balances: StellarBalance[];
  subentryCount: number;
  numSponsoring: number;
  numSponsored: number;
  /** The latest ledger's base reserve (`base_reserve_in_stroops`), in XLM. */
  baseReserveXlm: string;
  /** (2 + subentries + sponsoring - sponsored) x base reserve, in XLM. */
  minimumBalanceXlm: string;
  observed: "horizon" | "last-seen";
}

/** The fee figures Horizon's /fee_stats reports, stroops as decimal text. */
export interface StellarFeeStats {
  /** The last closed ledger's base fee per operation (last_ledger_base_fee). */
  lastLedgerBaseFeeStroops: string;
  /** That ledger's sequence; null when Horizon did not say. */
  lastLedger: number | null;
}

export interface StellarFundResult {
  funded: boolean;
  alreadyExisted: boolean;
}

export interface StellarSubmitOptions {
  /** Awaited after signing and before the envelope leaves (the bridge persists it first). */
  onSigned?: (s: {
    transactionHash: string;
    signedTransaction: string;
    sequence: string;
    validUntil: Date;
  }) => Promise<void>;
}

export type StellarTransactionLookup =
  | { found: false }
  | {
      found: true;
      successful: boolean;
      ledger: number;
      memoType: string;
      memo: string | null;
      resultCodes: string | null;
      envelopeXdr: string;
    };

export interface StellarPayment {
  pagingToken: string;
  transactionHash: string;
  from: string;
  to: string;
  /** null for native XLM. */
  assetCode: string | null;
  assetIssuer: string | null;
  amount: string;
  memoType: string;
  memo: string | null;
  ledger: number;
  successful: boolean;
}

export interface StellarPaymentsPage {
  payments: StellarPayment[];
  /** The paging token to continue from (the last payment's, else the one given); null when none. */
  cursor: string | null;
}

export interface StellarAssetSupply {
  amount: string;
  holders: number;
}

export interface StellarLedgerClient {
  readonly network: "testnet";
  readonly networkPassphrase: string;
  /** The server's account (public key G…): the source of every submitted transaction, signed by the client. */
  readonly serverAccount: string;
  /** The account, or null when it does not exist. Simulated: as last seen live, else LedgerUnreachableError (see neverSeen). */
  account(id: string, ctx?: OpContext): Promise<StellarAccount | null>;
  /** Creates the accounts through friendbot when they do not exist yet. Simulated: nothing to do. */
  ensureFunded(publicKeys: readonly string[], ctx?: OpContext): Promise<void>;
  /**
   * Builds (with `build`), signs with the server key and submits; waits briefly for the ledger. The server
   * account's sequence comes through the signer road, so parallel submits never collide.
   */
  submit(build: StellarBuild, ctx?: OpContext, opts?: StellarSubmitOptions): Promise<StellarSubmitResult>;
  /** The account with its reserves, or null when it does not exist. Simulated: as last seen live, else LedgerUnreachableError (neverSeen). */
  accountDetails(id: string, ctx?: OpContext): Promise<StellarAccountDetails | null>;
  /** Horizon's fee_stats: the last ledger's base fee per operation. Simulated: LedgerUnreachableError (NOT_ON_SIMULATED). */
  feeStats(ctx?: OpContext): Promise<StellarFeeStats>;
  /** Friendbot for a user's account. Simulated: nothing is funded ({ funded: false }). */
  fund(publicKey: string, ctx?: OpContext): Promise<StellarFundResult>;
  /**
   * A user-signed envelope relayed as is (not on the signer road: the user's account, not the server's).
   * Simulated: decoded, its hash computed, never submitted, no explorer link.
   */
  submitSigned(envelopeXdr: string, ctx?: OpContext): Promise<StellarSubmitResult>;
  /** A transaction by hash. Simulated: LedgerUnreachableError (a simulated answer would be invented). */
  transaction(hash: string, ctx?: OpContext): Promise<StellarTransactionLookup>;
  /** Payments to `account`, oldest first after `cursor`. Simulated: LedgerUnreachableError. */
  incomingPayments(
    account: string,
    page: { cursor?: string; limit?: number },
    ctx?: OpContext,
  ): Promise<StellarPaymentsPage>;
  /** The asset's supply held outside the issuer and its holders (Horizon /assets). Simulated: LedgerUnreachableError. */
  assetSupply(code: string, issuer: string, ctx?: OpContext): Promise<StellarAssetSupply>;
}

/** Why a simulated client cannot answer `account`: the live client never read it. */
export const NEVER_SEEN = "simulated: the account was never read on Horizon";

/** Why a simulated client cannot answer transaction / incomingPayments / assetSupply: only the ledger knows. */
export const NOT_ON_SIMULATED = "simulated: only Horizon can answer this (nothing is invented offline)";

/** True for the simulated client's "never read this account" (as opposed to a live network failure). */
export function neverSeen(err: unknown): boolean {
  return (
    err instanceof Error && err.name === "LedgerUnreachableError" && (err as { cause?: unknown }).cause === NEVER_SEEN
  );
}

/** What the live client last saw of each account, shared with its simulated twin. */
export type StellarSeen = Map<
  string,
  Omit<StellarAccount, "observed"> & { details?: Omit<StellarAccountDetails, "observed"> }
>;

/** Stroops (1e-7 XLM) as XLM text with 7 decimals, trailing zeros trimmed. */
export function stroopsToXlm(stroops: bigint): string {
  const neg = stroops < 0n;
  const abs = neg ? -stroops : stroops;
  const whole = abs / 10_000_000n;
  const frac = (abs % 10_000_000n).toString().padStart(7, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** Minimum balance = (2 + subentries + sponsoring - sponsored) x base reserve (Stellar's reserve rule). */
export function minimumBalanceStroops(
  a: { subentryCount: number; numSponsoring: number; numSponsored: number },
  baseReserveStroops: bigint,
): bigint {
  return BigInt(2 + a.subentryCount + a.numSponsoring - a.numSponsored) * baseReserveStroops;
}

export function hashHex(tx: Transaction): string {
  return Buffer.from(tx.hash()).toString("hex");
}

export function envelopeBase64(tx: Transaction): string {
  return tx.toEnvelope().toXDR("base64");
}

export function explorerTxUrl(hash: string): string {
  return `https://stellar.expert/explorer/testnet/tx/${hash}`;
}
