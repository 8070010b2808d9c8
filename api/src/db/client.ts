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
  /**
   * PostgreSQL only (PGlite is one process, which always holds every lock): a session-level advisory lock
   * on a connection of its own, outside the pool, held for as long as that connection lives. When the
   * process dies its connection closes and the server frees the lock for another replica.
   */
  sessionLock?(key: string): SessionLock;
  /**
   * PGlite only: its data directory as a gzipped tarball (PGlite's own `dumpDataDir`), what a fresh
   * `new PGlite({ loadDataDir })` starts from. The disaster-recovery drill's backup (api/src/db/backup); a
   * PostgreSQL server is backed up with pg_dump instead.
   */
  dump?(): Promise<Blob>;
}

/** A session advisory lock (`pg_try_advisory_lock(hashtextextended(key, 0))`) on a dedicated connection. */
export interface SessionLock {
  /** One attempt; true when this connection holds the lock (now or already). Never throws. */
  tryAcquire(): Promise<boolean>;
  /** True while the lock is held and its connection still answers (a trivial query, bounded). Never throws. */
  stillHeld(): Promise<boolean>;
  /** What is known without asking: false as soon as the connection reported an error or its end. */
  isHeld(): boolean;
  /** Lets go of the lock and closes the connection. */
  release(): Promise<void>;
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
    return { db, driver: "pglite", dump: () => client.dumpDataDir("gzip"), close: () => client.close() };
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
    const locks = new Set<SessionLock>();
    return {
      db,
      driver: "postgres",
      sessionLock(key) {
        const lock = postgresSessionLock(
          () =>
            new pg.Client({
              connectionString: url,
              connectionTimeoutMillis: 5000,
              query_timeout: 5000,
              keepAlive: true,
            }),
          key,
        );
        locks.add(lock);
        return lock;
      },
      close: async () => {
        await Promise.allSettled([...locks].map((l) => l.release()));
        await pool.end();
      },
    };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}

interface LockClient {
  connect(): Promise<unknown>;
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
  on(event: "error" | "end", listener: () => void): unknown;
}

/**
 * The lock lives as long as its connection: a connection that errors or ends (the server terminated it,
 * the network dropped) has lost the lock, and the next attempt opens a new one.
 */
function postgresSessionLock(connect: () => LockClient, key: string): SessionLock {
  let client: LockClient | null = null;
  let held = false;
  const drop = (c: LockClient) => {
    if (client !== c) return;
    client = null;
    held = false;
    void c.end().catch(() => {});
  };
  return {
    isHeld: () => held && client !== null,
    async tryAcquire() {
      if (held && client) return true;
      let c = client;
      try {
        if (!c) {
          c = connect();
          const opened = c;
          opened.on("error", () => drop(opened));
          opened.on("end", () => drop(opened));
          client = c;
          await c.connect();
        }
        const { rows } = await c.query("select pg_try_advisory_lock(hashtextextended($1, 0)) as ok", [key]);
        held = rows[0]?.ok === true;
        return held;
      } catch {
        if (c) drop(c);
        return false;
      }
    },
    async stillHeld() {
      const c = client;
      if (!held || !c) return false;
      try {
        await c.query("select 1", []);
        return held && client === c;
      } catch {
        drop(c);
        return false;
      }
    },
    async release() {
      const c = client;
      if (!c) return;
      client = null;
      try {
        if (held) await c.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]);
      } catch {
        // closing the connection below frees it anyway
      } finally {
        held = false;
        await c.end().catch(() => {});
      }
    },
  };
}
