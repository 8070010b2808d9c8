// The environmental VIBE mints this feature records (one row per mint, written after the chain answered).
import { count, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vibeEnvironmentalMints } from "../../db/schema";

export interface EnvironmentalMints {
  record(row: typeof vibeEnvironmentalMints.$inferInsert): Promise<void>;
  count(): Promise<number>;
  /** How many are recorded and when the latest was. */
  summary(): Promise<{ count: number; lastAt: Date | null }>;
  /** The recorded mints among these transaction hashes (lower case), with the project each named. */
  byHashes(hashes: string[]): Promise<{ transactionHash: string; project: string }[]>;
}

export function createEnvironmentalMints(db: Db): EnvironmentalMints {
  return {
    async record(row) {
      await db.insert(vibeEnvironmentalMints).values(row);
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(vibeEnvironmentalMints);
      return row?.n ?? 0;
    },
    async summary() {
      const [row] = await db.select({ n: count(), last: max(vibeEnvironmentalMints.at) }).from(vibeEnvironmentalMints);
      return { count: row?.n ?? 0, lastAt: row?.last ?? null };
    },
    async byHashes(hashes) {
      if (hashes.length === 0) return [];
      const rows = await db
        .select({ transactionHash: vibeEnvironmentalMints.transactionHash, project: vibeEnvironmentalMints.project })
        .from(vibeEnvironmentalMints)
        .where(inArray(vibeEnvironmentalMints.transactionHash, hashes));
      return rows.map((r) => ({ transactionHash: r.transactionHash.toLowerCase(), project: r.project }));
    },
  };
}
