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
  submit(build: StellarBuild, ctx?: OpContext): Promise<StellarSubmitResult>;
}

/** Why a simulated client cannot answer `account`: the live client never read it. */
export const NEVER_SEEN = "simulated: the account was never read on Horizon";

/** True for the simulated client's "never read this account" (as opposed to a live network failure). */
export function neverSeen(err: unknown): boolean {
  return err instanceof Error && err.name === "LedgerUnreachableError" && (err as { cause?: unknown }).cause === NEVER_SEEN;
}

/** What the live client last saw of each account, shared with its simulated twin. */
export type StellarSeen = Map<string, Omit<StellarAccount, "observed">>;

export function hashHex(tx: Transaction): string {
  return Buffer.from(tx.hash()).toString("hex");
}

export function envelopeBase64(tx: Transaction): string {
  return tx.toEnvelope().toXDR("base64");
}

export function explorerTxUrl(hash: string): string {
  return `https://stellar.expert/explorer/testnet/tx/${hash}`;
}
