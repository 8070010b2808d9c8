// PGlite: the backup is PGlite's own dump of its data directory (a gzipped tarball); the restore is a new
// in-memory PGlite started from it (`loadDataDir`), which replays the WAL like any PostgreSQL after a stop.
//
// The source figures must describe the very rows dumped while the API keeps writing. PGlite is one
// connection that runs one thing at a time, and a transaction holds it: every other query waits for the
// transaction's end (PGlite's transaction mutex), while the dump itself only needs the query mutex. So the
// figures are read and the dump taken inside one read-only transaction: nothing can write in between, and
// the app's queries wait for that long (measured and reported: about a second here).
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { backupPath, readVerified, storeBackup } from "./backup-files";
import { beforeDeadline, type BackupEngine } from "./engine";
import { allFigures, type SqlRunner } from "./figures";

type Executor = Pick<Database["db"], "execute">;

/** Runs SQL through a drizzle handle (the app's, or a transaction of it). */
export function runnerOf(db: Executor): SqlRunner {
  return async (text) => ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export function pgliteEngine(database: Database): BackupEngine {
  const dump = database.dump;
  if (!dump) throw new Error("this PGlite database offers no dump");
  return {
    method: "pglite-dump",
    async backup(dir, at, deadline) {
      const held = performance.now();
      const { source, bytes } = await beforeDeadline(
        database.db.transaction(
          async (tx) => {
            const source = await allFigures(runnerOf(tx));
            const blob = await dump();
            return { source, bytes: new Uint8Array(await blob.arrayBuffer()) };
          },
          { accessMode: "read only" },
        ),
        deadline,
        "the PGlite dump",
      );
      const heldMs = Math.round(performance.now() - held);
      const backup = await storeBackup(await backupPath(dir, at, "tar.gz"), bytes);
      return {
        backup,
        source,
        note: `figures read and dump taken in one read-only transaction, other queries held ${heldMs} ms`,
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
