// PGlite: the backup is PGlite's own dump of its data directory (a gzipped tarball); the restore is a new
// in-memory PGlite started from it (`loadDataDir`), which replays the WAL like any PostgreSQL after a stop.
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { backupPath, readVerified, storeBackup } from "./backup-files";
import { beforeDeadline, type BackupEngine } from "./engine";
import { allFigures, sameFigures, type SqlRunner, type TableFigures } from "./figures";

/** Figures → dump → figures; the API may write in between, so a dump counts only when both agree. */
export const MAX_DUMP_ATTEMPTS = 3;

/** Runs SQL through the app's own drizzle handle (its one PGlite client, so it queues with the app's queries). */
export function runnerOf(database: Database): SqlRunner {
  return async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export function pgliteEngine(database: Database): BackupEngine {
  const dump = database.dump;
  if (!dump) throw new Error("this PGlite database offers no dump");
  const source = runnerOf(database);
  return {
    method: "pglite-dump",
    async backup(dir, at, deadline) {
      let last: { bytes: Uint8Array; before: TableFigures[]; after: TableFigures[] } | null = null;
      let attempt = 0;
      while (attempt < MAX_DUMP_ATTEMPTS) {
        attempt++;
        const before = await beforeDeadline(allFigures(source), deadline, "reading the source figures");
        const blob = await beforeDeadline(dump(), deadline, "the PGlite dump");
        const bytes = new Uint8Array(await blob.arrayBuffer());
        const after = await beforeDeadline(allFigures(source), deadline, "reading the source figures again");
        last = { bytes, before, after };
        if (sameFigures(before, after)) break;
      }
      const stable = sameFigures(last!.before, last!.after);
      const backup = await storeBackup(await backupPath(dir, at, "tar.gz"), last!.bytes);
      const tries = `${attempt} attempt${attempt === 1 ? "" : "s"}`;
      return {
        backup,
        source: last!.after,
        note: stable
          ? `source figures read before and after the dump and equal (${tries})`
          : `the source changed during each of ${tries} (figures before and after the dump differ); compared against the figures after the last dump`,
      };
    },
    async restore(backup, deadline) {
      const bytes = await readVerified(backup);
      const { PGlite } = await import("@electric-sql/pglite");
      const opening = PGlite.create({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
      const client = await beforeDeadline(opening, deadline, "starting the restored PGlite").catch((err: unknown) => {
        // It may still come up after the deadline: close it then.
        void opening.then((c) => c.close()).catch(() => {});
        throw err;
      });
      return {
        where: "a fresh in-memory PGlite",
        run: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
        dispose: () => client.close().catch(() => {}),
      };
    },
  };
}
