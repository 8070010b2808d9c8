// Opens the database the config names — embedded PGlite by default, a PostgreSQL server when
// DATABASE_URL is set — and brings its schema up to date before anything reads or writes.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Config } from "../config";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Round-trip time of a trivial query, in ms; rejects when the database does not answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
export const MEMORY = "memory://";
/** The advisory lock key (hashed) replicas on one PostgreSQL take turns on while migrating. */
const MIGRATION_LOCK = "xqb:migrations";

export async function openDatabase(config: Pick<Config, "databaseUrl" | "pgliteDir">): Promise<Database> {
  const opened = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.pgliteDir);
  const { db } = opened;
  return {
    ...opened,
    async ping() {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return Math.round((performance.now() - started) * 100) / 100;
    },
  };
}

async function openPglite(dir: string): Promise<Omit<Database, "ping">> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  if (!dir.startsWith(MEMORY)) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db, driver: "pglite", close: () => client.close() };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}

async function openPostgres(url: string): Promise<Omit<Database, "ping">> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  try {
    // Replicas starting together on a fresh database would each find no migration applied and each run them
    // (drizzle's migrator reads, then creates): all but one fail on "already exists". A session advisory lock
    // makes them take turns; the later ones then find everything applied.
    const session = await pool.connect();
    try {
      await session.query("select pg_advisory_lock(hashtextextended($1, 0))", [MIGRATION_LOCK]);
      try {
        await migrate(drizzle({ client: session, schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await session.query("select pg_advisory_unlock(hashtextextended($1, 0))", [MIGRATION_LOCK]);
      }
    } finally {
      session.release(true); // closed, not pooled: a lock it might still hold goes with it
    }
    const db = drizzle({ client: pool, schema });
    return { db, driver: "postgres", close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}
