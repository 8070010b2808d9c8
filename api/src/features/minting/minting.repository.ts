// Stores and reads mint records. Each write is one INSERT, so a failure leaves nothing behind.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mints } from "../../db/schema";
import { mintRecord, type MintRecord } from "./minting.schemas";

export interface StoredMint {
  record: MintRecord;
  blockHash: string | null;
}

export interface MintRepository {
  /**
   * Inserts the record; when its live transaction (in the same block) is already recorded, returns the
   * stored one instead. `blockHash` is the including block's hash where the ledger gives one.
   */
  insert(record: MintRecord, blockHash?: string | null): Promise<{ record: MintRecord; created: boolean }>;
  /** The record of a live (submitted) transaction mined in the given block. */
  findLiveByTransaction(
    ledger: MintRecord["ledger"],
    network: string,
    transactionHash: string,
    blockHash: string,
  ): Promise<MintRecord | null>;
  /** Newest first, each with the hash of its block where one was recorded. */
  list(limit: number): Promise<StoredMint[]>;
  countBySource(): Promise<{ live: number; simulated: number }>;
}

export function createMintRepository(db: Db): MintRepository {
  // Stored records were validated on the way in; parsing on the way out keeps old rows honest too.
  const toRecord = (row: { record: unknown }): MintRecord => mintRecord.parse(row.record);

  const findLiveByTransaction: MintRepository["findLiveByTransaction"] = async (ledger, network, transactionHash, blockHash) => {
    const rows = await db
      .select({ record: mints.record })
      .from(mints)
      .where(
        and(
          eq(mints.ledger, ledger),
          eq(mints.network, network),
          eq(mints.transactionHash, transactionHash),
          eq(mints.blockHash, blockHash),
          eq(mints.source, "live"),
        ),
      )
      .limit(1);
    return rows[0] ? toRecord(rows[0]) : null;
  };

  return {
    async insert(record, blockHash = null) {
      const inserted = await db
        .insert(mints)
        .values({
          id: record.id,
          kind: record.kind,
          ledger: record.ledger,
          source: record.source,
          reason: record.reason,
          network: record.network,
          transactionHash: record.transactionHash,
          signedTransaction: record.signedTransaction,
          ledgerIndex: record.ledgerIndex,
          blockHash,
          explorerUrl: record.explorerUrl,
          signer: record.signer,
          record,
        })
        .onConflictDoNothing({
          target: [mints.ledger, mints.network, mints.transactionHash, mints.blockHash],
          where: sql`${mints.source} = 'live'`,
        })
        .returning({ record: mints.record });
      if (inserted[0]) return { record: toRecord(inserted[0]), created: true };
      const existing = blockHash ? await findLiveByTransaction(record.ledger, record.network, record.transactionHash, blockHash) : null;
      if (!existing) throw new Error(`mint ${record.transactionHash} conflicted but is not stored`);
      return { record: existing, created: false };
    },

    findLiveByTransaction,

    async list(limit) {
      const rows = await db
        .select({ record: mints.record, blockHash: mints.blockHash })
        .from(mints)
        .orderBy(desc(mints.createdAt), desc(mints.id))
        .limit(limit);
      return rows.map((row) => ({ record: toRecord(row), blockHash: row.blockHash }));
    },

    async countBySource() {
      const rows = await db.select({ source: mints.source, n: count() }).from(mints).groupBy(mints.source);
      const counts = { live: 0, simulated: 0 };
      for (const row of rows) if (row.source === "live" || row.source === "simulated") counts[row.source] = Number(row.n);
      return counts;
    },
  };
}
