// The EVM event index: follows the chain in bounded eth_getLogs ranges over every deploy-map address, from
// the lowest deployedOnBlock, and stores each range's decoded events, time samples and new head in one
// transaction (store.ts). It notices a new chain run (another genesis hash: a restarted local node) and
// starts a new index, and a changed hash at its head (a reorg) and rolls back. With replicas on one
// PostgreSQL only the holder of a session advisory lock indexes; every replica reads the shared tables.
import { BlockNotFoundError, createPublicClient, type Log, type PublicClient, type Transport } from "viem";
import type { Database, SessionLock } from "../../../db/client";
import { scrubText } from "../../../logger";
import { sleep, withTimeout } from "../../deadline";
import type { LedgerLogger } from "../../selector";
import { evmChain } from "../live";
import { decodeLog, indexedContracts, type DecodedLog, type IndexedContract } from "./decode";
import { pickSamples, sampleNumbers } from "./samples";
import { EventStore, HeadMovedError, type KnownBlock, type StoredHead } from "./store";
import type { BlockSample, EventIndex, EventQuery, IndexedEvent, IndexHead } from "./types";

export interface EventIndexOptions {
  chainId: number;
  network: string;
  /** Its own transport (not the request gate's): http(url, { timeout, retryCount: 0 }), or custom(provider) in tests. */
  transport: Transport;
  database: Pick<Database, "db" | "sessionLock">;
  pollMs: number;
  confirmations: number;
  maxBlockRange: number;
  rpcTimeoutMs: number;
  sampleSeconds: number;
  reorgDepth: number;
  logger?: LedgerLogger;
  /** The contracts to follow; default: the chain's deploy map (external entries left out). */
  contracts?: IndexedContract[];
  /** How long start() waits for the first pass before answering (the loop goes on either way). */
  startWaitMs?: number;
}

/** A chain call failed or timed out: the pass stops and the loop pauses until the chain answers again. */
class ChainCallError extends Error {
  override readonly name = "ChainCallError";
  constructor(what: string, cause: unknown) {
    super(`${what}: ${cause instanceof Error ? cause.message.split("\n")[0] : String(cause)}`, { cause });
  }
}

const silent: LedgerLogger = { info() {}, warn() {} };
const BLOCK_FETCH_CONCURRENCY = 8;

export class EvmEventIndex implements EventIndex {
  readonly chainId: number;
  private readonly store: EventStore;
  private readonly client: PublicClient;
  private readonly contracts: IndexedContract[];
  private readonly byAddress: Map<string, IndexedContract>;
  private readonly addresses: `0x${string}`[];
  /** The block before the lowest deployedOnBlock: a new run's index starts after it. */
  private readonly startAfter: number;
  private readonly logger: LedgerLogger;
  private readonly lock: SessionLock | null;
  private leading: boolean;
  private instance: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private paused: string | null = null;
  /** When this replica last lost the lock: it lets the others try first for a while. */
  private lostLockAt = 0;
  private lastFailure: string | null = null;
  /**
   * The stored head as last read, kept while this process is the index's only writer (it leads and runs): every
   * pass forgets it, so a read never answers a head older than the last pass's commit. Pages poll reads that
   * ask for the head; without it each of them cost a query.
   */
  private headRead: Promise<IndexHead | null> | null = null;
  private moved: { promise: Promise<void>; resolve: () => void } = deferred();
  /** Calls the loop made, for status and tests. */
  readonly stats = { passes: 0, ranges: 0, getLogs: 0, events: 0, rollbacks: 0, newRuns: 0 };

  constructor(private readonly o: EventIndexOptions) {
    this.chainId = o.chainId;
    this.store = new EventStore(o.database.db, o.chainId);
    this.client = createPublicClient({ chain: evmChain(o.chainId, o.network), transport: o.transport });
    this.contracts = o.contracts ?? indexedContracts(o.chainId);
    this.byAddress = new Map(this.contracts.map((c) => [c.address.toLowerCase(), c]));
    this.addresses = this.contracts.map((c) => c.address);
    this.startAfter = this.contracts.length > 0 ? Math.min(...this.contracts.map((c) => c.deployedOnBlock)) - 1 : 0;
    this.logger = o.logger ?? silent;
    this.lock = o.database.sessionLock?.(`xqb:evm-index:${o.chainId}`) ?? null;
    // PGlite is one process: it always indexes.
    this.leading = this.lock === null;
  }

  /** True while this process is the one indexing the chain. */
  isLeader(): boolean {
    // A lock connection that died has lost the lock at once, even before the next pass notices.
    return this.leading && (this.lock?.isHeld() ?? true);
  }

  /** Starts the loop; resolves after the first pass (or startWaitMs, whichever comes first). Never throws. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.contracts.length === 0) {
      this.logger.info(
        { chainId: this.chainId },
        "event index: no contracts in this chain's deploy map, nothing to index",
      );
      return;
    }
    const first = this.kick();
    await Promise.race([first, sleep(this.o.startWaitMs ?? 5000)]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.headRead = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    await this.lock?.release();
    this.leading = this.lock === null;
  }

  // ---- reads (any replica) ------------------------------------------------------------------------

  head(): Promise<IndexHead | null> {
    if (this.headRead) return this.headRead;
    const read = this.store.head();
    if (this.leading && !this.stopped) {
      this.headRead = read;
      read.catch(() => {
        if (this.headRead === read) this.headRead = null;
      });
    }
    return read;
  }

  events(query: EventQuery): Promise<IndexedEvent[]> {
    return this.store.events(query);
  }

  blockAtOrBefore(timestamp: number): Promise<BlockSample | null> {
    return this.store.blockAtOrBefore(timestamp);
  }

  async waitFor(block: bigint, timeoutMs = 10_000, chainInstance?: string): Promise<boolean> {
    // A chain without a deploy map (Sepolia before its deploy) has nothing to index: nothing will come.
    if (this.contracts.length === 0) return false;
    const until = Date.now() + timeoutMs;
    const run = chainInstance?.toLowerCase();
    // The indexing process looks at the chain first: a restarted node's new run replaces the old head
    // (which may already be past `block`) before the head is compared.
    if (this.leading && !this.stopped) await Promise.race([this.kick(), sleep(timeoutMs)]);
    for (;;) {
      const head = await this.store.head();
      if (head && head.lastIndexedBlock >= block && (!run || head.chainInstance === run)) return true;
      const left = until - Date.now();
      if (left <= 0 || this.stopped) return false;
      const moved = this.moved.promise;
      // The indexing process looks at once instead of at its next tick; a follower watches the shared head.
      if (this.leading) void this.kick();
      await Promise.race([moved, sleep(Math.min(left, this.leading ? this.o.pollMs : Math.min(250, this.o.pollMs)))]);
    }
  }

  /**
   * Resolves at this process's next commit (a new head, a rollback, a new run) or after `timeoutMs`, whichever
   * comes first. Only the indexing process commits: a replica that follows another's index sees its head move
   * by reading it (head()) and gets nothing here but the timeout.
   */
  nextCommit(timeoutMs: number): Promise<void> {
    return Promise.race([this.moved.promise, sleep(timeoutMs)]);
  }

  // ---- the loop -----------------------------------------------------------------------------------

  /** Runs a pass now (or right after the one running); resolves when it is done. */
  private kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.headRead = null;
    this.running = this.tick().finally(() => {
      // What the pass committed (a new head, a rollback, a new run) is what the next reader sees.
      this.headRead = null;
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        void this.kick();
      } else {
        this.timer = setTimeout(() => void this.kick(), this.o.pollMs);
        this.timer.unref();
      }
    });
    return this.running;
  }

  private async tick(): Promise<void> {
    if (!(await this.lead())) return;
    this.stats.passes++;
    try {
      await this.follow();
      this.lastFailure = null;
    } catch (err) {
      if (err instanceof ChainCallError) {
        // The node is down or restarting: wait for it quietly; it may come back as a new run.
        this.instance = null;
        if (!this.paused)
          this.logger.warn(
            { chainId: this.chainId, reason: scrubText(err.message) },
            "event index paused: the chain does not answer",
          );
        this.paused = err.message;
      } else if (err instanceof HeadMovedError) {
        this.logger.warn({ chainId: this.chainId }, err.message);
      } else {
        const text = err instanceof Error ? err.message : String(err);
        if (text !== this.lastFailure)
          this.logger.warn({ chainId: this.chainId, reason: scrubText(text) }, "event index pass failed; retrying");
        this.lastFailure = text;
      }
    }
  }

  /** Whether this process indexes: always with PGlite; with PostgreSQL while it holds the chain's lock. */
  private async lead(): Promise<boolean> {
    if (!this.lock) return true;
    if (this.leading) {
      if (this.lock.isHeld() && (await this.lock.stillHeld())) return true;
      this.leading = false;
      this.headRead = null;
      this.lostLockAt = Date.now();
      this.logger.warn({ chainId: this.chainId }, "event index: lost the index lock; another replica may take over");
    }
    // A replica whose lock connection just died (its database link is in trouble) gives the others two
    // polls to take over before it tries again.
    if (Date.now() - this.lostLockAt < 2 * this.o.pollMs) return false;
    if (await this.lock.tryAcquire()) {
      this.leading = true;
      this.logger.info({ chainId: this.chainId }, "event index: this replica indexes the chain");
    }
    return this.leading;
  }

  private async follow(): Promise<void> {
    const instance = this.instance ?? (await this.readInstance());
    let head = await this.store.headOf(instance);
    if (!head) {
      const current = await this.store.currentHead();
      if (current && current.chainInstance !== instance) {
        this.stats.newRuns++;
        this.logger.info(
          { chainId: this.chainId, chainInstance: instance },
          "event index: a new chain run; indexing it from the deploy blocks",
        );
        await this.store.startInstance(instance);
      }
    } else if (!(await this.sameBlock(head))) {
      // Our head is no longer the chain's: a restarted node (new genesis) or a reorganization.
      const genesis = await this.readInstance();
      if (genesis !== instance) return this.follow();
      await this.rollBack(instance, head);
      head = await this.store.headOf(instance);
    }
    const latest = Number(await this.rpc("eth_blockNumber", () => this.client.getBlockNumber({ cacheTime: 0 })));
    const target = latest - this.o.confirmations;
    let from = (head?.number ?? this.startAfter) + 1;
    while (from <= target && !this.stopped && this.leading) {
      const to = Math.min(from + this.o.maxBlockRange - 1, target);
      head = await this.indexRange(instance, head, from, to);
      from = to + 1;
    }
  }

  private async indexRange(instance: string, head: StoredHead | null, from: number, to: number): Promise<StoredHead> {
    this.stats.getLogs++;
    const logs: Log[] = await this.rpc(`eth_getLogs ${from}-${to}`, () =>
      this.client.getLogs({ address: this.addresses, fromBlock: BigInt(from), toBlock: BigInt(to) }),
    );
    const decoded = logs
      .filter((l) => !l.removed)
      .map((l) => decodeLog(this.byAddress, l))
      .filter((d): d is DecodedLog => d !== null);
    const wanted = new Set<number>([...decoded.map((d) => Number(d.blockNumber)), ...sampleNumbers(from, to)]);
    const blocks = await this.blocks([...wanted]);
    const byNumber = new Map(blocks.map((b) => [b.number, b]));
    for (const d of decoded) {
      // A log from a block the chain has since replaced: the range is read again next pass.
      if (byNumber.get(Number(d.blockNumber))?.hash !== d.blockHash)
        throw new ChainCallError(`eth_getLogs ${from}-${to}`, new Error("the chain changed during the pass"));
    }
    const events = decoded.map((d) => ({ ...d, blockTimestamp: byNumber.get(Number(d.blockNumber))!.timestamp }));
    const samples = pickSamples(await this.store.lastSample(instance), head, blocks, this.o.sampleSeconds);
    const newHead = byNumber.get(to)!;
    await this.store.commitRange(instance, head?.number ?? null, events, samples, newHead);
    this.stats.ranges++;
    this.stats.events += events.length;
    this.notifyMoved();
    return { chainInstance: instance, ...newHead };
  }

  /** A changed hash at the head: roll back a bounded depth, or start the run over when the change goes deeper. */
  private async rollBack(instance: string, head: StoredHead): Promise<void> {
    this.stats.rollbacks++;
    const to = Math.max(this.startAfter, head.number - this.o.reorgDepth);
    const known = await this.store.newestKnownAtOrBelow(instance, to);
    const deeper = known ? (await this.blockOrNull(known.number))?.hash !== known.hash : false;
    if (deeper || to <= this.startAfter) {
      this.logger.warn(
        { chainId: this.chainId, head: head.number },
        "event index: the chain changed below the rollback depth; indexing this run again",
      );
      await this.store.resetInstance(instance);
    } else {
      this.logger.warn(
        { chainId: this.chainId, head: head.number, to },
        "event index: the head block changed (reorg); rolling back",
      );
      const block = await this.blockOrNull(to);
      if (!block) throw new ChainCallError(`eth_getBlockByNumber ${to}`, new Error("missing"));
      await this.store.rollBack(instance, head.number, block);
    }
    this.notifyMoved();
  }

  private async sameBlock(head: KnownBlock): Promise<boolean> {
    return (await this.blockOrNull(head.number))?.hash === head.hash;
  }

  private async readInstance(): Promise<string> {
    const genesis = await this.rpc("genesis block", () => this.client.getBlock({ blockNumber: 0n }));
    this.instance = genesis.hash!.toLowerCase();
    return this.instance;
  }

  private async blockOrNull(n: number): Promise<KnownBlock | null> {
    return this.rpc(`eth_getBlockByNumber ${n}`, async () => {
      try {
        const b = await this.client.getBlock({ blockNumber: BigInt(n) });
        return { number: Number(b.number), hash: b.hash!.toLowerCase(), timestamp: Number(b.timestamp) };
      } catch (err) {
        if (err instanceof BlockNotFoundError) return null;
        throw err;
      }
    });
  }

  /** Timestamps and hashes, once per distinct block, a few at a time. */
  private async blocks(numbers: number[]): Promise<KnownBlock[]> {
    const out: KnownBlock[] = [];
    for (let i = 0; i < numbers.length; i += BLOCK_FETCH_CONCURRENCY) {
      const got = await Promise.all(numbers.slice(i, i + BLOCK_FETCH_CONCURRENCY).map((n) => this.blockOrNull(n)));
      for (const [j, b] of got.entries()) {
        if (!b) throw new ChainCallError(`eth_getBlockByNumber ${numbers[i + j]}`, new Error("the block is missing"));
        out.push(b);
      }
    }
    return out;
  }

  private async rpc<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      const answer = await withTimeout(call(), this.o.rpcTimeoutMs, what);
      if (this.paused) {
        this.paused = null;
        this.logger.info({ chainId: this.chainId }, "event index resumed: the chain answers again");
      }
      return answer;
    } catch (err) {
      throw err instanceof ChainCallError ? err : new ChainCallError(what, err);
    }
  }

  private notifyMoved(): void {
    const done = this.moved;
    this.moved = deferred();
    done.resolve();
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The index for a chain; `start()` it once the database is open, `stop()` it before closing the database. */
export function createEventIndex(o: EventIndexOptions): EvmEventIndex {
  return new EvmEventIndex(o);
}
