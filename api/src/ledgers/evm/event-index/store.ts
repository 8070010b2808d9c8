// The index's tables (evm_events, evm_index_heads, evm_index_blocks). A block range's events, its time
// samples and the new head are written in one transaction, guarded by the head the writer read: a crash
// never leaves events past the head or a head past its events, and two writers can never interleave.
// Readers follow the chain run the head table names, so every replica on one database serves the same index.
import { and, asc, desc, eq, gt, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Address, Hash } from "viem";
import type { Db } from "../../../db/client";
import { evmEvents, evmIndexBlocks, evmIndexHeads } from "../../../db/schema";
import type { ContractName } from "../contracts";
import { normalizeArg, type DecodedLog } from "./decode";
import type { BlockSample, EventQuery, IndexHead, IndexedEvent } from "./types";

/** A block as the index knows it. */
export interface KnownBlock {
  number: number;
  hash: string;
  timestamp: number;
}

export interface StoredHead extends KnownBlock {
  chainInstance: string;
}

/** Another writer moved the head between this writer's read and its commit (nothing was written). */
export class HeadMovedError extends Error {
  override readonly name = "HeadMovedError";
}

const INSERT_CHUNK = 500;
const list = <T>(v: T | readonly T[]): T[] => (Array.isArray(v) ? [...(v as T[])] : [v as T]);

export class EventStore {
  constructor(
    private readonly db: Db,
    private readonly chainId: number,
  ) {}

  /** The chain run readers serve: the head the index last wrote (other runs' rows are deleted when one starts). */
  private currentInstance(): SQL {
    return sql`(select ${evmIndexHeads.chainInstance} from ${evmIndexHeads} where ${evmIndexHeads.chainId} = ${this.chainId} order by ${evmIndexHeads.updatedAt} desc limit 1)`;
  }

  async currentHead(): Promise<StoredHead | null> {
    const [row] = await this.db
      .select()
      .from(evmIndexHeads)
      .where(eq(evmIndexHeads.chainId, this.chainId))
      .orderBy(desc(evmIndexHeads.updatedAt))
      .limit(1);
    return row
      ? {
          chainInstance: row.chainInstance,
          number: row.lastBlock,
          hash: row.lastBlockHash,
          timestamp: row.lastBlockTimestamp,
        }
      : null;
  }

  async headOf(chainInstance: string): Promise<StoredHead | null> {
    const [row] = await this.db
      .select()
      .from(evmIndexHeads)
      .where(and(eq(evmIndexHeads.chainId, this.chainId), eq(evmIndexHeads.chainInstance, chainInstance)));
    return row
      ? { chainInstance, number: row.lastBlock, hash: row.lastBlockHash, timestamp: row.lastBlockTimestamp }
      : null;
  }

  async head(): Promise<IndexHead | null> {
    const h = await this.currentHead();
    return h
      ? {
          chainId: this.chainId,
          chainInstance: h.chainInstance,
          lastIndexedBlock: BigInt(h.number),
          lastIndexedTimestamp: h.timestamp,
        }
      : null;
  }

  /** A new chain run: every row of this chain's other runs goes (a restarted local node's history is gone). */
  async startInstance(chainInstance: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(evmEvents)
        .where(and(eq(evmEvents.chainId, this.chainId), ne(evmEvents.chainInstance, chainInstance)));
      await tx
        .delete(evmIndexBlocks)
        .where(and(eq(evmIndexBlocks.chainId, this.chainId), ne(evmIndexBlocks.chainInstance, chainInstance)));
      await tx
        .delete(evmIndexHeads)
        .where(and(eq(evmIndexHeads.chainId, this.chainId), ne(evmIndexHeads.chainInstance, chainInstance)));
    });
  }

  /** Everything of one run: it is indexed again from the deployedOnBlocks. */
  async resetInstance(chainInstance: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(evmEvents).where(eq(evmEvents.chainInstance, chainInstance));
      await tx.delete(evmIndexBlocks).where(eq(evmIndexBlocks.chainInstance, chainInstance));
      await tx
        .delete(evmIndexHeads)
        .where(and(eq(evmIndexHeads.chainId, this.chainId), eq(evmIndexHeads.chainInstance, chainInstance)));
    });
  }

  /** Drops what lies past `to` and makes `to` the head (only if the head is still `expected`). */
  async rollBack(chainInstance: string, expected: number, to: KnownBlock): Promise<void> {
    await this.db.transaction(async (tx) => {
      const moved = await tx
        .update(evmIndexHeads)
        .set({ lastBlock: to.number, lastBlockHash: to.hash, lastBlockTimestamp: to.timestamp, updatedAt: new Date() })
        .where(
          and(
            eq(evmIndexHeads.chainId, this.chainId),
            eq(evmIndexHeads.chainInstance, chainInstance),
            eq(evmIndexHeads.lastBlock, expected),
          ),
        )
        .returning({ n: evmIndexHeads.lastBlock });
      if (moved.length === 0) throw new HeadMovedError("the head moved during a rollback");
      await tx
        .delete(evmEvents)
        .where(and(eq(evmEvents.chainInstance, chainInstance), gt(evmEvents.blockNumber, to.number)));
      await tx
        .delete(evmIndexBlocks)
        .where(and(eq(evmIndexBlocks.chainInstance, chainInstance), gt(evmIndexBlocks.number, to.number)));
    });
  }

  /** The newest block at or below `n` whose hash the index stored (a sample or an event's block). */
  async newestKnownAtOrBelow(chainInstance: string, n: number): Promise<{ number: number; hash: string } | null> {
    const [sample] = await this.db
      .select({ number: evmIndexBlocks.number, hash: evmIndexBlocks.hash })
      .from(evmIndexBlocks)
      .where(and(eq(evmIndexBlocks.chainInstance, chainInstance), lte(evmIndexBlocks.number, n)))
      .orderBy(desc(evmIndexBlocks.number))
      .limit(1);
    const [event] = await this.db
      .select({ number: evmEvents.blockNumber, hash: evmEvents.blockHash })
      .from(evmEvents)
      .where(and(eq(evmEvents.chainInstance, chainInstance), lte(evmEvents.blockNumber, n)))
      .orderBy(desc(evmEvents.blockNumber))
      .limit(1);
    if (!sample) return event ?? null;
    if (!event) return sample;
    return event.number > sample.number ? event : sample;
  }

  async lastSample(chainInstance: string): Promise<KnownBlock | null> {
    const [row] = await this.db
      .select()
      .from(evmIndexBlocks)
      .where(eq(evmIndexBlocks.chainInstance, chainInstance))
      .orderBy(desc(evmIndexBlocks.number))
      .limit(1);
    return row ? { number: row.number, hash: row.hash, timestamp: row.timestamp } : null;
  }

  /**
   * One block range: its events, samples and the new head, in one transaction. `expected` is the head this
   * writer read (null: the run has none yet); if the row says otherwise nothing is written (HeadMovedError).
   */
  async commitRange(
    chainInstance: string,
    expected: number | null,
    events: (DecodedLog & { blockTimestamp: number })[],
    samples: KnownBlock[],
    head: KnownBlock,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const values = {
        lastBlock: head.number,
        lastBlockHash: head.hash,
        lastBlockTimestamp: head.timestamp,
        updatedAt: new Date(),
      };
      const moved =
        expected === null
          ? await tx
              .insert(evmIndexHeads)
              .values({ chainId: this.chainId, chainInstance, ...values })
              .onConflictDoNothing()
              .returning({ n: evmIndexHeads.lastBlock })
          : await tx
              .update(evmIndexHeads)
              .set(values)
              .where(
                and(
                  eq(evmIndexHeads.chainId, this.chainId),
                  eq(evmIndexHeads.chainInstance, chainInstance),
                  eq(evmIndexHeads.lastBlock, expected),
                ),
              )
              .returning({ n: evmIndexHeads.lastBlock });
      if (moved.length === 0)
        throw new HeadMovedError(`the index head of ${chainInstance.slice(0, 10)}… moved under this writer`);
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        await tx
          .insert(evmEvents)
          .values(
            events.slice(i, i + INSERT_CHUNK).map((e) => ({
              chainId: this.chainId,
              chainInstance,
              blockNumber: Number(e.blockNumber),
              logIndex: e.logIndex,
              transactionHash: e.transactionHash,
              blockHash: e.blockHash,
              contract: e.contract,
              address: e.address,
              eventName: e.eventName,
              args: e.args,
              blockTimestamp: e.blockTimestamp,
            })),
          )
          .onConflictDoNothing();
      }
      if (samples.length > 0) {
        await tx
          .insert(evmIndexBlocks)
          .values(
            samples.map((s) => ({
              chainId: this.chainId,
              chainInstance,
              number: s.number,
              hash: s.hash,
              timestamp: s.timestamp,
            })),
          )
          .onConflictDoNothing();
      }
    });
  }

  async events(query: EventQuery): Promise<IndexedEvent[]> {
    const where: SQL[] = [
      eq(evmEvents.chainId, this.chainId),
      sql`${evmEvents.chainInstance} = ${this.currentInstance()}`,
    ];
    const contracts = list(query.contract);
    where.push(contracts.length === 1 ? eq(evmEvents.contract, contracts[0]!) : inArray(evmEvents.contract, contracts));
    if (query.eventName !== undefined) {
      const names = list(query.eventName);
      where.push(names.length === 1 ? eq(evmEvents.eventName, names[0]!) : inArray(evmEvents.eventName, names));
    }
    if (query.args && Object.keys(query.args).length > 0) {
      const wanted = Object.fromEntries(Object.entries(query.args).map(([k, v]) => [k, normalizeArg(v)]));
      where.push(sql`${evmEvents.args} @> ${JSON.stringify(wanted)}::jsonb`);
    }
    if (query.fromBlock !== undefined) where.push(sql`${evmEvents.blockNumber} >= ${Number(query.fromBlock)}`);
    if (query.toBlock !== undefined) where.push(sql`${evmEvents.blockNumber} <= ${Number(query.toBlock)}`);
    const dir = query.order === "desc" ? desc : asc;
    const q = this.db
      .select()
      .from(evmEvents)
      .where(and(...where))
      .orderBy(dir(evmEvents.blockNumber), dir(evmEvents.logIndex));
    const rows = query.limit !== undefined ? await q.limit(Math.max(0, Math.floor(query.limit))) : await q;
    return rows.map((r) => ({
      chainInstance: r.chainInstance,
      contract: r.contract as ContractName,
      address: r.address as Address,
      eventName: r.eventName,
      args: r.args as Record<string, string | boolean>,
      blockNumber: BigInt(r.blockNumber),
      blockTimestamp: r.blockTimestamp,
      logIndex: r.logIndex,
      transactionHash: r.transactionHash as Hash,
    }));
  }

  /** The newest sample at or before `timestamp`, or the head itself when it is that old. */
  async blockAtOrBefore(timestamp: number): Promise<BlockSample | null> {
    const head = await this.currentHead();
    if (!head) return null;
    if (head.timestamp <= timestamp) return { number: BigInt(head.number), timestamp: head.timestamp };
    const [row] = await this.db
      .select({ number: evmIndexBlocks.number, timestamp: evmIndexBlocks.timestamp })
      .from(evmIndexBlocks)
      .where(and(eq(evmIndexBlocks.chainInstance, head.chainInstance), lte(evmIndexBlocks.timestamp, timestamp)))
      .orderBy(desc(evmIndexBlocks.timestamp), desc(evmIndexBlocks.number))
      .limit(1);
    return row ? { number: BigInt(row.number), timestamp: row.timestamp } : null;
  }
}
