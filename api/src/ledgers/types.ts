// The shared shape of the three ledger clients. Each ledger has one interface with two implementations,
// live and simulated; a LedgerSelector (selector.ts) chooses between them once at start and after each probe,
// so no handler ever branches on `if (simulated)`.

export type LedgerName = "ethereum" | "stellar" | "xrpl";
export type Source = "live" | "simulated";

/** Stamped on every result by the LedgerSelector that chose the implementation. */
export interface Provenance {
  source: Source;
  /** Why the result is simulated (e.g. "horizon-testnet.stellar.org unreachable"); null when live. */
  reason: string | null;
}
export type Sourced<T> = T & Provenance;

/** What every ledger operation returns besides its own figures (implementations do not set the source). */
export interface LedgerReceipt {
  network: string;
  transactionHash: string;
  /** The signed transaction, hex (EVM raw tx, XRPL tx_blob) or base64 XDR (Stellar envelope). */
  signedTransaction: string;
  /**
   * Block number (EVM) or ledger index (Stellar, XRPL); null when simulated, and also null on a live result
   * that was accepted by the network but not yet included/validated within the request's ~2 s budget
   * (Sepolia 12 s blocks, Stellar ~5 s and XRPL 3-5 s closes): the hash and explorer link are then real.
   */
  ledgerIndex: number | null;
  /**
   * Hash of the block that includes it, where the chain gave one (EVM). A restarted local node replays the
   * same transactions with the same hashes; the block hash (it covers the block's timestamp) tells them apart.
   */
  blockHash?: string | null;
  /** Public explorer link; null when simulated and on the local Hardhat node. */
  explorerUrl: string | null;
  /** The account that signed. */
  signer: string;
}

export interface ProbeResult {
  /** Latest block (EVM) or validated ledger index (Stellar, XRPL). */
  latestBlock: number;
  /** Set when the ledger answers but cannot serve live (reachable is not live): the reason. */
  notLive?: string | null;
}

/** A ledger's health as /api/unified/status reports it. */
export interface LedgerStatus {
  ledger: LedgerName;
  network: string;
  mode: Source;
  reachable: boolean;
  reason: string | null;
  /** Host (and port) probed, never a URL with credentials. */
  endpoint: string;
  latestBlock: number | null;
  lastProbeAt: string | null;
  lastProbeLatencyMs: number | null;
  /** The server's account on this ledger (address / public key), when it has one. */
  account: string | null;
}

// ---- the clients ------------------------------------------------------------------------------------
// Each ledger's feature-agnostic client is declared beside its implementations: evm/chain.ts (EvmChain),
// stellar/client.ts (StellarLedgerClient), xrpl/client.ts (XrplLedgerClient). What a feature does with
// them (an XQB mint, the VIBE mint, the XRP volume payment) is the feature's own code.

// ---- errors -----------------------------------------------------------------------------------------

/**
 * The ledger could not be reached or did not answer in time. The selector marks the ledger down and
 * retries the same request on the simulated implementation.
 */
export class LedgerUnreachableError extends Error {
  override readonly name = "LedgerUnreachableError";
  constructor(
    readonly ledger: LedgerName,
    readonly endpoint: string,
    options?: { cause?: unknown },
  ) {
    super(`${endpoint} unreachable`, options);
  }
}

/**
 * This one operation cannot run live although the ledger answers (its contract has no address on this
 * chain): the selector simulates it with this message as the reason, and the ledger stays live.
 */
export class LiveUnavailableError extends Error {
  override readonly name = "LiveUnavailableError";
}

/**
 * The ledger is up (its probe answers) but this request could not be served in time: a queue behind other
 * writes, a node under load. Never a reason to simulate: the API answers 503 with Retry-After.
 */
export class LedgerBusyError extends Error {
  override readonly name = "LedgerBusyError";
  constructor(
    readonly ledger: LedgerName,
    message: string,
    readonly retryAfterSeconds = 2,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The ledger answered and refused (reverted, insufficient funds, bad sequence...). Not a reason to
 * simulate: the API reports it as a 502 with this message.
 */
export class LedgerRejectedError extends Error {
  override readonly name = "LedgerRejectedError";
  constructor(
    readonly ledger: LedgerName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
