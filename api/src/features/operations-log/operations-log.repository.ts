// Reads of the operations_log view: a page by keyset (at, id) in either direction, the count for the filters, the
// filter options, and the export's rows. Every read is one bounded query; nothing pages in memory.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Direction, Position } from "./operations-log.cursor";
import type { OperationsFilters, OperationsOption } from "./operations-log.schemas";
import { operationsLog as v } from "./operations-log.view";

/** A row as the view holds it, with its time also as PostgreSQL's text (the cursor's precision). */
export type StoredOperation = typeof v.$inferSelect & { atText: string };

export interface FilterOptions {
  features: OperationsOption[];
  ledgers: OperationsOption[];
  sources: OperationsOption[];
}

const where = (f: OperationsFilters, ...more: (SQL | undefined)[]) =>
  and(
    f.ledger ? eq(v.ledger, f.ledger) : undefined,
    f.feature ? eq(v.feature, f.feature) : undefined,
    f.source ? eq(v.source, f.source) : undefined,
    f.wallet ? sql`lower(${v.wallet}) = ${f.wallet.toLowerCase()}` : undefined,
    ...more,
  );

const columns = {
  id: v.id,
  at: v.at,
  atText: sql<string>`${v.at}::text`.as("at_text"),
  clock: v.clock,
  feature: v.feature,
  ledger: v.ledger,
  kind: v.kind,
  hash: v.hash,
  status: v.status,
  source: v.source,
  reason: v.reason,
  wallet: v.wallet,
  chainInstance: v.chainInstance,
  explorerUrl: v.explorerUrl,
  detail: v.detail,
};

export function createOperationsRepository(db: Db) {
  return {
    /**
     * Up to `limit` rows past `from` in `direction` (newest first for "older", oldest first for "newer"); without
     * `from`, the newest. The order is total (id breaks ties of time), so a row inserted meanwhile lands before or
     * after the cursor and never shifts what the next page holds.
     */
    async page(
      f: OperationsFilters,
      limit: number,
      direction: Direction,
      from: Position | null,
    ): Promise<StoredOperation[]> {
      const past = from
        ? direction === "older"
          ? sql`(${v.at}, ${v.id}) < (${from.at}::timestamptz, ${from.id})`
          : sql`(${v.at}, ${v.id}) > (${from.at}::timestamptz, ${from.id})`
        : undefined;
      const order = direction === "older" ? [desc(v.at), desc(v.id)] : [asc(v.at), asc(v.id)];
      return db
        .select(columns)
        .from(v)
        .where(where(f, past))
        .orderBy(...order)
        .limit(limit);
    },

    async count(f: OperationsFilters): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(v)
        .where(where(f));
      return Number(row?.n ?? 0);
    },

    /** The values each filter can take over the whole log, with their rows: one pass over the view. */
    async options(): Promise<FilterOptions> {
      const result = (await db.execute(sql`
        select feature, ledger, source, grouping(feature) as gf, grouping(ledger) as gl, count(*)::int as n
        from ${v} group by grouping sets ((feature), (ledger), (source))
        order by n desc, feature, ledger, source`)) as unknown as {
        rows: {
          feature: string | null;
          ledger: string | null;
          source: string | null;
          gf: number;
          gl: number;
          n: number;
        }[];
      };
      const out: FilterOptions = { features: [], ledgers: [], sources: [] };
      for (const r of result.rows) {
        const count = Number(r.n);
        if (Number(r.gf) === 0) out.features.push({ value: r.feature!, count });
        else if (Number(r.gl) === 0) out.ledgers.push({ value: r.ledger!, count });
        else out.sources.push({ value: r.source!, count });
      }
      return out;
    },
  };
}

export type OperationsRepository = ReturnType<typeof createOperationsRepository>;
