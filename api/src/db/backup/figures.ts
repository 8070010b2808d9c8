// The figures a backup is checked by: every table of the application's schema (public) and of drizzle's
// (its migrations journal), each with its row count and a checksum of its rows. Computed the same way on
// the source and on the restored instance, so equal figures mean the same rows came back.

/** Runs one SQL text and returns its rows (PGlite's `query`, node-postgres' `query`, drizzle's `execute`). */
export type SqlRunner = (text: string) => Promise<Record<string, unknown>[]>;

export interface TableFigures {
  /** "schema.table", e.g. "public.mints", "drizzle.__drizzle_migrations". */
  name: string;
  rows: number;
  /** md5 of the rows' text forms, sorted and joined by newlines (md5 of "" for an empty table). */
  checksum: string;
}

/** The schemas compared: the application's and drizzle's migrations journal. */
export const SCHEMAS = ["public", "drizzle"] as const;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The base tables of SCHEMAS, read from the catalogue (so a table added later is covered without edits). */
export async function listTables(run: SqlRunner): Promise<string[]> {
  const rows = await run(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in (${SCHEMAS.map((s) => `'${s}'`).join(", ")})
     order by 1, 2`,
  );
  return rows.map((r) => `${String(r.s)}.${String(r.t)}`);
}

/**
 * Row count and checksum of each table. The rows are ordered by their own text form, so the checksum does
 * not depend on physical order (a restore rewrites the heap); both sides run in one server version with the
 * same settings, so a row prints the same on both.
 */
export async function tableFigures(run: SqlRunner, tables: string[]): Promise<TableFigures[]> {
  const out: TableFigures[] = [];
  for (const name of tables) {
    const [schema, table] = splitName(name);
    const [row] = await run(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum
       from ${quoteIdent(schema)}.${quoteIdent(table)} t`,
    );
    out.push({ name, rows: Number(row?.n ?? 0), checksum: String(row?.sum ?? "") });
  }
  return out;
}

/** Every table's figures, the table list read first. */
export async function allFigures(run: SqlRunner): Promise<TableFigures[]> {
  return tableFigures(run, await listTables(run));
}

export function sameFigures(a: TableFigures[], b: TableFigures[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x.name === b[i]!.name && x.rows === b[i]!.rows && x.checksum === b[i]!.checksum)
  );
}

function splitName(name: string): [string, string] {
  const dot = name.indexOf(".");
  return [name.slice(0, dot), name.slice(dot + 1)];
}
