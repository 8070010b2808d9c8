// What changed on the chain, block range by block range, for everyone who listens at once. The event index
// already follows every new block; this turns each move of its head into one summary (the contracts that
// emitted events in the range, and the accounts those events name), computed once and handed to every
// listener. Pages refresh exactly the reads that depend on those contracts instead of polling each read.
// A head that goes back or changes run (a restarted local node, a reorg below the head) is a `reset`:
// everything read from the chain is stale. Knows no feature.
import { getAddress, isAddress, type Address } from "viem";
import type { ContractName } from "../contracts";
import type { EventIndex, IndexHead } from "./types";

export interface ChainChange {
  chainInstance: string;
  /** The first and last block of the range (equal for one block). On a reset, both are the new head. */
  fromBlock: bigint;
  toBlock: bigint;
  /** Chain time of toBlock, unix seconds. */
  timestamp: number;
  /** The contracts that emitted an event in the range, by deploy-map name. */
  contracts: ContractName[];
  /** The accounts the range's events name (sender, owner, recipient, ...), or null when there were too many to list. */
  accounts: Address[] | null;
  /** The head went back or to another chain run: every chain read is stale, whatever it depends on. */
  reset: boolean;
}

export type ChainChangeListener = (change: ChainChange) => void;

export interface ChainChangesOptions {
  /** How often the head is read while anyone listens (a replica that does not index sees moves only this way). */
  pollMs: number;
  /** At most this many events are read for one summary; a longer range is a reset (a page reads everything again). */
  maxEvents?: number;
  /** At most this many accounts are listed; more is `accounts: null` (every account-bound read refreshes). */
  maxAccounts?: number;
}

type Index = Pick<EventIndex, "head" | "events"> & { nextCommit?(timeoutMs: number): Promise<void> };

/**
 * One loop per process, running only while someone listens: a reader of the index's head (cheap: the index keeps
 * it in memory while it leads), woken at once by the index's commits, and one events query per move.
 */
export class ChainChanges {
  private readonly listeners = new Set<ChainChangeListener>();
  private readonly maxEvents: number;
  private readonly maxAccounts: number;
  private last: IndexHead | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly index: Index,
    private readonly contracts: readonly ContractName[],
    private readonly o: ChainChangesOptions,
  ) {
    this.maxEvents = o.maxEvents ?? 2000;
    this.maxAccounts = o.maxAccounts ?? 64;
  }

  /** The index's head as last read (null before the first read, or when the index holds nothing yet). */
  async head(): Promise<IndexHead | null> {
    return (await this.index.head().catch(() => null)) ?? this.last;
  }

  /** Calls `listener` with every change from now on; the returned function stops it. */
  subscribe(listener: ChainChangeListener): () => void {
    this.listeners.add(listener);
    this.loop ??= this.run().finally(() => {
      this.loop = null;
    });
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listening(): number {
    return this.listeners.size;
  }

  private async run(): Promise<void> {
    this.last = await this.index.head().catch(() => null);
    while (this.listeners.size > 0) {
      await (this.index.nextCommit?.(this.o.pollMs) ?? new Promise((r) => setTimeout(r, this.o.pollMs).unref()));
      if (this.listeners.size === 0) break;
      const change = await this.step().catch(() => null);
      if (change) for (const l of [...this.listeners]) l(change);
    }
  }

  /** The change since the last head read, or null when the head has not moved (or cannot be read now). */
  private async step(): Promise<ChainChange | null> {
    const head = await this.index.head();
    if (!head) return null;
    const last = this.last;
    this.last = head;
    if (!last) return null;
    const sameRun = head.chainInstance === last.chainInstance;
    if (sameRun && head.lastIndexedBlock === last.lastIndexedBlock) return null;
    if (!sameRun || head.lastIndexedBlock < last.lastIndexedBlock) return this.reset(head);
    const fromBlock = last.lastIndexedBlock + 1n;
    const events =
      this.contracts.length === 0
        ? []
        : await this.index.events({
            contract: this.contracts,
            fromBlock,
            toBlock: head.lastIndexedBlock,
            limit: this.maxEvents + 1,
          });
    if (events.length > this.maxEvents) return this.reset(head);
    const accounts = new Set<Address>();
    for (const e of events)
      for (const v of Object.values(e.args)) if (typeof v === "string" && isAddress(v)) accounts.add(getAddress(v));
    return {
      chainInstance: head.chainInstance,
      fromBlock,
      toBlock: head.lastIndexedBlock,
      timestamp: head.lastIndexedTimestamp,
      contracts: [...new Set(events.map((e) => e.contract))].sort(),
      accounts: accounts.size > this.maxAccounts ? null : [...accounts].sort(),
      reset: false,
    };
  }

  private reset(head: IndexHead): ChainChange {
    return {
      chainInstance: head.chainInstance,
      fromBlock: head.lastIndexedBlock,
      toBlock: head.lastIndexedBlock,
      timestamp: head.lastIndexedTimestamp,
      contracts: [],
      accounts: null,
      reset: true,
    };
  }
}
