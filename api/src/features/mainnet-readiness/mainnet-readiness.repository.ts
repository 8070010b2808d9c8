// The readiness history: one row per stored snapshot (score, counts, each item's outcome).
import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mainnetReadinessSnapshots } from "../../db/schema";

export interface Snapshot {
  at: Date;
  score: number;
  passed: number;
  total: number;
  /** Item id -> passed (true/false/null). */
  items: Record<string, boolean | null>;
}

export function createSnapshotRepository(db: Db) {
  const toSnapshot = (r: typeof mainnetReadinessSnapshots.$inferSelect): Snapshot => ({
    at: r.at,
    score: r.score,
    passed: r.passed,
    total: r.total,
    items: r.items as Record<string, boolean | null>,
  });
  return {
    async insert(s: Snapshot): Promise<void> {
      await db.insert(mainnetReadinessSnapshots).values(s);
    },
    async latest(): Promise<Snapshot | null> {
      const [row] = await db
        .select()
        .from(mainnetReadinessSnapshots)
        .orderBy(desc(mainnetReadinessSnapshots.id))
        .limit(1);
      return row ? toSnapshot(row) : null;
    },
    /** The newest `limit` snapshots, oldest first (the chart's order). */
    async recent(limit: number): Promise<Snapshot[]> {
      const rows = await db
        .select()
        .from(mainnetReadinessSnapshots)
        .orderBy(desc(mainnetReadinessSnapshots.id))
        .limit(limit);
      return rows.reverse().map(toSnapshot);
    },
  };
}
export type SnapshotRepository = ReturnType<typeof createSnapshotRepository>;
