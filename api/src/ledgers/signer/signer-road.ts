// The one road every server-signed transaction takes, on every ledger: per account, one transaction at a
// time gets its nonce (EVM) or sequence (Stellar, XRPL), is signed and is handed to the ledger; the next
// waits only for that hand-over, never for a confirmation. So parallel requests never collide, a failed
// send gives its number back, and a restarted chain (a new chain instance) starts again from the chain's
// own count.
import { Mutex } from "async-mutex";

/** What the road remembers of an account between transactions. */
export interface SavedNonce {
  chainInstance: string;
  next: number;
}

/**
 * Where the next number lives while an account's lock is held. In memory for one process (PGlite);
 * a PostgreSQL row under an advisory lock when API replicas share a database (nonce-store-postgres.ts).
 */
export interface NonceStore {
  /** Runs `fn` holding the account's lock across every process that shares the store. */
  critical<T>(key: string, fn: (saved: SavedNonce | null, save: (next: SavedNonce) => void) => Promise<T>): Promise<T>;
}

export class MemoryNonceStore implements NonceStore {
  private readonly locks = new Map<string, Mutex>();
  private readonly saved = new Map<string, SavedNonce>();

  critical<T>(key: string, fn: (saved: SavedNonce | null, save: (next: SavedNonce) => void) => Promise<T>): Promise<T> {
    let lock = this.locks.get(key);
    if (!lock) this.locks.set(key, (lock = new Mutex()));
    return lock.runExclusive(() => fn(this.saved.get(key) ?? null, (next) => this.saved.set(key, next)));
  }
}

/** How a send ended, for the road's bookkeeping. */
export type SendOutcome =
  /** The ledger took it: the number is used. */
  | "accepted"
  /** The ledger said the number was wrong (used already, too high): count again from the chain, retry once. */
  | "stale-nonce"
  /** Nothing reached the ledger: the number is free again. */
  | "not-sent"
  /** It may or may not have reached the ledger: count again from the chain next time. */
  | "unknown";

export interface SignerAccount {
  /** e.g. evm:31337:0xf39f… — one lock and one counter per key. */
  key: string;
  /** Identifies the chain's current run (the genesis block hash); a new one resets the counter. */
  chainInstance(): Promise<string>;
  /** The chain's own count for the account (EVM: the pending transaction count). */
  chainNonce(): Promise<number>;
  /** Which outcome an error of `send` means. */
  classify(error: unknown): Exclude<SendOutcome, "accepted">;
}

export interface SignerRoadStats {
  /** Transactions handed to the ledger. */
  sent: number;
  /** Counters read again after a stale nonce or an unknown outcome. */
  resyncs: number;
  /** Longest time a send waited for its account's lock, ms. */
  maxWaitMs: number;
}

export class SignerRoad {
  readonly stats: SignerRoadStats = { sent: 0, resyncs: 0, maxWaitMs: 0 };
  private readonly dirty = new Set<string>();

  constructor(private store: NonceStore) {}

  /** Switches where numbers are kept (PostgreSQL once the database is open); before the first send only. */
  useStore(store: NonceStore): void {
    this.store = store;
  }

  /**
   * Runs `send(nonce)` with the account's next number, holding its lock only for the hand-over. `signal`
   * aborted while waiting for the lock: nothing is sent (the caller gave up on the live ledger).
   */
  async send<T>(account: SignerAccount, send: (nonce: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const queued = Date.now();
    return this.store.critical(account.key, async (saved, save) => {
      this.stats.maxWaitMs = Math.max(this.stats.maxWaitMs, Date.now() - queued);
      signal?.throwIfAborted();
      const instance = await account.chainInstance();
      // The chain's count is read every time: another sender (a script, a wallet with the same key) or a
      // lagging node must not make us reuse a number. Our own count wins when it is ahead (sends the
      // node has not indexed yet), unless the chain was restarted or the last outcome is unknown.
      const trustSaved = saved !== null && saved.chainInstance === instance && !this.dirty.has(account.key);
      let nonce = Math.max(await account.chainNonce(), trustSaved ? saved.next : 0);
      this.dirty.delete(account.key);
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await send(nonce);
          this.stats.sent++;
          save({ chainInstance: instance, next: nonce + 1 });
          return result;
        } catch (error) {
          const outcome = account.classify(error);
          if (outcome === "stale-nonce" && attempt === 0) {
            this.stats.resyncs++;
            nonce = await account.chainNonce();
            continue;
          }
          if (outcome === "unknown" || outcome === "stale-nonce") {
            this.stats.resyncs++;
            this.dirty.add(account.key);
          }
          throw error;
        }
      }
    });
  }
}
