// Stores and reads the assessments' runs. A run is one INSERT once it has finished (never half a run); reads
// are the latest run of a kind and the last load-test runs for the history chart.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { professionalRuns } from "../../db/schema";
import type { ProfessionalKind } from "./professional.constants";

export interface StoredRun {
  id: number;
  kind: ProfessionalKind;
  ranAt: Date;
  durationMs: number;
  passed: boolean;
  score: number;
  /** The answer as the route sent it (its own schema parses it on read). */
  result: unknown;
  /** Who ran it (http/access.ts ranByOf); null for a run stored before this was kept. */
  ranBy: string | null;
}

export interface NewRun {
  kind: ProfessionalKind;
  ranAt: Date;
  durationMs: number;
  passed: boolean;
  score: number;
  ranBy: string;
  /** Called with the row's id, so the stored answer carries it. */
  result: (id: number) => unknown;
}

export interface ProfessionalRepository {
  insert(run: NewRun): Promise<StoredRun>;
  latest(kind: ProfessionalKind): Promise<StoredRun | null>;
  /** The newest `limit` runs of a kind, newest first. */
  recent(kind: ProfessionalKind, limit: number): Promise<StoredRun[]>;
}

type Row = typeof professionalRuns.$inferSelect;
const toRun = (r: Row): StoredRun => ({
  id: r.id,
  kind: r.kind as ProfessionalKind,
  ranAt: r.ranAt,
  durationMs: r.durationMs,
  passed: r.passed,
  score: r.score,
  result: r.result,
  ranBy: r.ranBy,
});

export function createProfessionalRepository(db: Db): ProfessionalRepository {
  return {
    async insert(run) {
      // One transaction: the row and its id inside its own result, or nothing.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(professionalRuns)
          .values({
            kind: run.kind,
            ranAt: run.ranAt,
            durationMs: run.durationMs,
            passed: run.passed,
            score: run.score,
            ranBy: run.ranBy,
            result: {},
          })
          .returning({ id: professionalRuns.id });
        const id = row!.id;
        const [done] = await tx
          .update(professionalRuns)
          .set({ result: run.result(id) })
          .where(eq(professionalRuns.id, id))
          .returning();
        return toRun(done!);
      });
    },
    async latest(kind) {
      const [row] = await db
        .select()
        .from(professionalRuns)
        .where(eq(professionalRuns.kind, kind))
        .orderBy(desc(professionalRuns.id))
        .limit(1);
      return row ? toRun(row) : null;
    },
    async recent(kind, limit) {
      const rows = await db
        .select()
        .from(professionalRuns)
        .where(eq(professionalRuns.kind, kind))
        .orderBy(desc(professionalRuns.id))
        .limit(limit);
      return rows.map(toRun);
    },
  };
}
