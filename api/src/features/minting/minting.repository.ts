// Stores and reads mint records. Each write is one INSERT, so a failure leaves nothing behind; history is
// one query per page.
import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mints } from "../../db/schema";
import { mintRecord, type MintRecord } from "./minting.schemas";

export interface StoredMint {
  record: MintRecord;
  /** The chain run (genesis hash) a live EVM transaction is on; null where not known. */
  chainInstance: string | null;
}

export interface MintPage {
  mints: StoredMint[];
  nextCursor: string | null;
}

/** Where a live transaction sits: recorded once per ledger, network, hash and block. */
export interface Inclusion {
  blockHash: string | null;
  chainInstance: string | null;
}

export interface MintRepository {
  /**
   * Inserts the record; when its live transaction (same hash, whatever its case, in the same block) is
   * already recorded, returns the stored one instead with created false.
   */
  insert<R extends MintRecord>(record: R, inclusion?: Inclusion): Promise<{ record: R; created: boolean }>;
  /** Newest first, `limit` at a time, after `cursor` (a previous page's nextCursor); null for a cursor that is not one. */
  page(limit: number, cursor?: string): Promise<MintPage | null>;
  countBySource(): Promise<{ live: number; simulated: number }>;
}

/** EVM hashes are hex and case-free: one spelling, so one transaction is one record. */
export const canonicalHash = (ledger: MintRecord["ledger"], hash: string) =>
  ledger === "ethereum" ? hash.toLowerCase() : hash;

// The cursor carries created_at as PostgreSQL's own text (microseconds; a JS Date would keep only ms).
const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString("base64url");
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return /^[0-9a-f-]{36}$/.test(id) && CURSOR_TIME.test(createdAt) ? { createdAt, id } : null;
}

export function createMintRepository(db: Db): MintRepository {
  // Stored records were validated on the way in; parsing on the way out keeps old rows honest too.
  const toRecord = (row: { record: unknown }): MintRecord => mintRecord.parse(row.record);

  return {
    async insert<R extends MintRecord>(
      input: R,
      inclusion: Inclusion = { blockHash: null, chainInstance: null },
    ): Promise<{ record: R; created: boolean }> {
      // One (ledger, network, hash) is one kind of record: a stored one of another kind is a bug, not an answer.
      const sameKind = (stored: MintRecord): R => {
        if (stored.kind !== input.kind)
          throw new Error(`mint ${input.transactionHash} is stored as ${stored.kind}, not ${input.kind}`);
        return stored as R;
      };
      const record = { ...input, transactionHash: canonicalHash(input.ledger, input.transactionHash) } as MintRecord;
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
          blockHash: inclusion.blockHash,
          chainInstance: inclusion.chainInstance,
          explorerUrl: record.explorerUrl,
          signer: record.signer,
          record,
        })
        .onConflictDoNothing({
          target: [mints.ledger, mints.network, mints.transactionHash, mints.blockHash],
          where: sql`${mints.source} = 'live'`,
        })
        .returning({ record: mints.record });
      if (inserted[0]) return { record: sameKind(toRecord(inserted[0])), created: true };
      const existing = await db
        .select({ record: mints.record })
        .from(mints)
        .where(
          and(
            eq(mints.ledger, record.ledger),
            eq(mints.network, record.network),
            eq(mints.transactionHash, record.transactionHash),
            inclusion.blockHash === null ? sql`${mints.blockHash} is null` : eq(mints.blockHash, inclusion.blockHash),
            eq(mints.source, "live"),
          ),
        )
        .limit(1);
      if (!existing[0]) throw new Error(`mint ${record.transactionHash} conflicted but is not stored`);
      return { record: sameKind(toRecord(existing[0])), created: false };
    },

    async page(limit, cursor) {
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) return null;
      const rows = await db
        .select({
          id: mints.id,
          createdAt: sql<string>`${mints.createdAt}::text`,
          record: mints.record,
          chainInstance: mints.chainInstance,
        })
        .from(mints)
        .where(
          after
            ? or(
                sql`${mints.createdAt} < ${after.createdAt}::timestamptz`,
                and(sql`${mints.createdAt} = ${after.createdAt}::timestamptz`, lt(mints.id, after.id)),
              )
            : undefined,
        )
        .orderBy(desc(mints.createdAt), desc(mints.id))
        .limit(limit + 1);
      const pageRows = rows.slice(0, limit);
      const last = pageRows[pageRows.length - 1];
      return {
        mints: pageRows.map((row) => ({ record: toRecord(row), chainInstance: row.chainInstance })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    async countBySource() {
      const rows = await db.select({ source: mints.source, n: count() }).from(mints).groupBy(mints.source);
      const counts = { live: 0, simulated: 0 };
      for (const row of rows)
        if (row.source === "live" || row.source === "simulated") counts[row.source] = Number(row.n);
      return counts;
    },
  };
}
