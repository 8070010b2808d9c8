// The chain's head, read once for everyone who asks at the same moment, and values computed once per head.
// Every page polls reads "as of the head" (pools, tokens, role holders); asking the node for the latest block
// and recomputing per request made each of those reads cost a chain round trip or more. Here concurrent
// callers share one `eth_getBlockByNumber("latest")`, and `atHead(key, compute)` runs `compute` once per
// (key, head block hash): a new block, or a restarted node's new run (a new hash at the same height), makes a
// new computation; the process's own sends (`moved()`) make the next caller read the head again at once.
import type { BlockStamp } from "./chain";

export interface HeadWatchOptions {
  /**
   * A head read that started at most this long before a caller asked answers it (0: only a read that started
   * after the caller asked). Under load that is one read of the node per `maxAgeMs` (or per round trip at 0),
   * whatever the number of requests.
   */
  maxAgeMs?: number;
  /** Keys kept per head (a feature's values with their inputs, e.g. one per wallet); the oldest goes first. */
  maxKeys?: number;
  now?: () => number;
}

interface Flight {
  startedAt: number;
  value: Promise<BlockStamp>;
  settled: boolean;
}

export class HeadWatch {
  private readonly maxAgeMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private flight: Flight | null = null;
  /** The read queued behind a flight too old for those who asked during it. */
  private next: Promise<BlockStamp> | null = null;
  /** Values of the current head, by key; replaced whole when the head's hash changes. */
  private values = new Map<string, Promise<unknown>>();
  private valuesOf: string | null = null;
  /** The newest head read so far. */
  private known: BlockStamp | null = null;

  constructor(
    private readonly readLatest: () => Promise<BlockStamp>,
    options: HeadWatchOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 0;
    this.maxKeys = options.maxKeys ?? 256;
    this.now = options.now ?? (() => performance.now());
  }

  /** The latest block, as read by a request that started no more than `maxAgeMs` before this call. */
  latest(): Promise<BlockStamp> {
    const askedAt = this.now();
    const f = this.flight;
    if (f && f.startedAt >= askedAt - this.maxAgeMs) return f.value;
    if (f && !f.settled) {
      // A read is under way but began too long ago to answer this caller: share the one that follows it.
      this.next ??= f.value.then(
        () => this.start(),
        () => this.start(),
      );
      return this.next;
    }
    return this.start();
  }

  private start(): Promise<BlockStamp> {
    this.next = null;
    const flight: Flight = { startedAt: this.now(), value: this.readLatest(), settled: false };
    this.flight = flight;
    const settle = () => {
      flight.settled = true;
    };
    flight.value.then(
      (head) => {
        settle();
        this.known = head;
      },
      () => {
        settle();
        // A failed read answers nobody after those who shared it.
        if (this.flight === flight) this.flight = null;
      },
    );
    return flight.value;
  }

  /**
   * `compute(head)` once per head and key: every caller asking while the head is the same block shares its
   * promise. A failure is not kept. `key` names the value and its inputs ("pools", "stakes:0xabc…").
   */
  async atHead<V>(key: string, compute: (head: BlockStamp) => Promise<V>): Promise<V> {
    const head = await this.latest();
    if (this.valuesOf !== head.hash) {
      this.values = new Map();
      this.valuesOf = head.hash;
    }
    const values = this.values;
    const hit = values.get(key) as Promise<V> | undefined;
    if (hit) return hit;
    if (values.size >= this.maxKeys) values.delete(values.keys().next().value!);
    const value = compute(head);
    values.set(key, value);
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    return value;
  }

  /**
   * A block this process learnt of another way (a wallet's receipt it read): if it is newer than the head it
   * knows, whoever asks next reads the head again.
   */
  seen(blockNumber: bigint): void {
    if (!this.known || blockNumber > this.known.number) this.moved();
  }

  /**
   * This process changed the chain (a transaction sent, the clock moved): whoever asks next reads the head
   * again, and nothing computed before is answered. Other writers' blocks are seen by the next head read.
   */
  moved(): void {
    this.known = null;
    this.flight = null;
    this.next = null;
    this.values = new Map();
    this.valuesOf = null;
  }
}
