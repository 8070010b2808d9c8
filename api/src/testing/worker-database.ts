// Migrated PGlite databases per test worker, emptied for each app that takes one. Opening PGlite and running the
// migrations costs 3.5-15 s (PGlite's own initdb is most of it; loading a dumped data folder still ~5 s);
// emptying every table costs ~50 ms. The api project runs with `isolate: false` (vitest.config.mts), so a worker
// process runs many files and these databases outlive each of them; globalThis holds them, not a module variable.
//
// Each app gets what it got before, an empty migrated database of its own: a free one of the worker's is emptied
// (TRUNCATE … RESTART IDENTITY) when it is leased, and an app started while all are held (two apps alive at once
// in one file) gets a new one, kept for the worker afterwards. Two live apps never share rows.
import { sql } from "drizzle-orm";
import { MEMORY, openDatabase, type Database } from "../db/client";

interface PooledDatabase {
  database: Database;
  tables: string[];
  leased: boolean;
}

/** Beyond this many held at once, a database is opened for the app alone and closed with it. */
const MAX_KEPT = 4;
const KEY = Symbol.for("xqb.test.workerDatabases");
const holder = globalThis as { [KEY]?: PooledDatabase[] };

async function open(): Promise<PooledDatabase> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: MEMORY });
  const result = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  return { database, tables: result.rows.map((r) => r.tablename), leased: true };
}

/**
 * An empty, migrated in-memory PGlite: a free one of the worker's, else a new one. Its close() gives it back
 * (the next lease empties it).
 */
export async function leaseTestDatabase(): Promise<Database> {
  const pool = (holder[KEY] ??= []);
  let pooled = pool.find((p) => !p.leased);
  if (pooled) {
    pooled.leased = true;
    try {
      // Migrations only create tables in `public` (drizzle's own bookkeeping is in `drizzle`, kept).
      await pooled.database.db.execute(
        sql.raw(`truncate table ${pooled.tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`),
      );
    } catch (err) {
      pooled.leased = false;
      throw err;
    }
  } else {
    pooled = await open();
    if (pool.length >= MAX_KEPT) return pooled.database;
    pool.push(pooled);
  }
  const leased = pooled;
  let closed = false;
  return {
    ...leased.database,
    close: async () => {
      if (closed) return;
      closed = true;
      leased.leased = false;
    },
  };
}
