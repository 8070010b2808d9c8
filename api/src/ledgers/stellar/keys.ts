import { Keypair } from "@stellar/stellar-sdk";

export interface StellarKeys {
  /** Issues VIBE. */
  issuer: Keypair;
  /** The server's account: pays XLM, holds the VIBE. */
  distributor: Keypair;
}

// Generated once per process, so a server without configured secrets keeps one identity until it restarts.
let generated: StellarKeys | null = null;

export function resolveStellarKeys(secret?: string, issuerSecret?: string): StellarKeys {
  generated ??= { issuer: Keypair.random(), distributor: Keypair.random() };
  return {
    issuer: issuerSecret ? Keypair.fromSecret(issuerSecret) : generated.issuer,
    distributor: secret ? Keypair.fromSecret(secret) : generated.distributor,
  };
}

/** What the live client last saw of the distributor, so a simulated mint looks like the next real one. */
export interface StellarAccountState {
  /** Current sequence number of the distributor account. */
  sequence: string | null;
  hasTrustline: boolean | null;
}
