// What the drill asks of a database kind: take a backup whose source figures match it, and restore it into
// a fresh instance that the drill can count and then throw away.
import type { StoredBackup } from "./backup-files";
import type { SqlRunner, TableFigures } from "./figures";

export interface TakenBackup {
  backup: StoredBackup;
  /** The source's figures as of the backup. */
  source: TableFigures[];
  /** How the source figures were made to match the backup, in a sentence. */
  note: string;
}

export interface RestoredInstance {
  /** Runs SQL on the restored instance. */
  run: SqlRunner;
  /** What was restored into, in a few words ("a fresh in-memory PGlite", "database xqb_dr_…"). */
  where: string;
  /** Closes (PGlite) or drops (PostgreSQL) the restored instance. Never throws. */
  dispose(): Promise<void>;
}

export interface BackupEngine {
  method: "pglite-dump" | "pg_dump";
  backup(dir: string, at: Date, deadline: number): Promise<TakenBackup>;
  /** Restores the verified backup bytes into a fresh instance that answers queries. */
  restore(backup: StoredBackup, deadline: number): Promise<RestoredInstance>;
}

/** Rejects with "<what> took longer than …" when the deadline (epoch ms) passes first. */
export async function beforeDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) throw new Error(`${what}: no time left`);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(left / 100) / 10} s`)), left);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
