// The log cannot go stale in silence: a table that can hold a transaction hash (a column named like one, in the
// migrated database or in db/schema.ts) must be read by the operations_log view, or be named below with the reason
// it holds no transaction of ours. Adding such a table fails here until the view (a new migration) or this list says
// what to do with it.
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";
import { leaseTestDatabase } from "../../testing/worker-database";

/** Tables with a hash-like column that are not transactions of ours, and why. */
const NOT_TRANSACTIONS: Record<string, string> = {
  evm_index_heads: "the event index's head: the last indexed block's hash, not a transaction",
  evm_index_blocks: "the event index's time samples: block hashes, not transactions",
  vibe_rewards:
    "the VIBE reward slots: a wallet's latest reservation; every reward mint that left is in vibe_reward_mints, which the view reads",
};

/** A column that can hold a transaction's id: *hash*, tx, *_tx, tx_*, txid. */
const HASH_LIKE = /hash|(^|_)tx(_|$)|txid/i;

let database: Database;
beforeAll(async () => {
  database = await leaseTestDatabase();
}, 120_000);
afterAll(() => database?.close());

type Run = <T>(query: ReturnType<typeof sql>) => Promise<T[]>;
const runOn =
  (db: Pick<Database["db"], "execute">): Run =>
  async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function readByView(run: Run): Promise<Set<string>> {
  const used = await run<{ table_name: string }>(
    sql`select distinct table_name from information_schema.view_table_usage where view_schema = 'public' and view_name = 'operations_log'`,
  );
  return new Set(used.map((r) => r.table_name));
}

/** Base tables with a hash-like column that the view does not read and no reason excuses. */
async function uncovered(run: Run): Promise<string[]> {
  const read = await readByView(run);
  const columns = await run<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`);
  const hashTables = new Set(columns.filter((c) => HASH_LIKE.test(c.column_name)).map((c) => c.table_name));
  return [...hashTables].filter((t) => !read.has(t) && !(t in NOT_TRANSACTIONS)).sort();
}

class RolledBack extends Error {}

describe("the operations log covers every table that records transactions", () => {
  it("in the migrated database", async () => {
    const run = runOn(database.db);
    expect((await readByView(run)).size).toBeGreaterThan(0);
    expect(
      await uncovered(run),
      "tables with a transaction-hash-like column that the operations_log view does not read",
    ).toEqual([]);
  });

  it("fails for a new table with a transaction hash that the view does not read", async () => {
    let found: string[] = [];
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table zz_new_transfers (id serial primary key, tx_hash text)`);
        found = await uncovered(runOn(tx));
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    expect(found).toEqual(["zz_new_transfers"]);
  });

  it("in db/schema.ts (a table declared before its migration is generated)", async () => {
    const read = await readByView(runOn(database.db));
    const declared = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => v instanceof PgTable)
      .map((table) => getTableConfig(table));
    expect(declared.length).toBeGreaterThan(10);
    const missing = declared
      .filter((c) => c.columns.some((col) => HASH_LIKE.test(col.name)))
      .map((c) => c.name)
      .filter((name) => !read.has(name) && !(name in NOT_TRANSACTIONS))
      .sort();
    expect(missing, "tables with a transaction-hash-like column that the operations_log view does not read").toEqual(
      [],
    );
  });

  it("names no excused table that does not exist any more", async () => {
    const tables = await runOn(database.db)<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = new Set(tables.map((t) => t.table_name));
    for (const name of Object.keys(NOT_TRANSACTIONS)) expect(names, name).toContain(name);
  });
});
