// Stores finished suite runs (one INSERT per run, the last RUNS_KEPT per kind kept), reads the latest
// comprehensive report, counts every table's rows for the "no record written by a refused request" check,
// and deletes the SIWE nonces a run used, so no record of the probes outlives the run.
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authNonces, securityRuns } from "../../db/schema";
import { securityReport, type SecurityReport, type SecurityTestResponse } from "./security.schemas";

export const RUNS_KEPT = 20;

export type SecurityRunKind = "comprehensive" | "authentication" | "injection" | "xss" | "csrf";

/**
 * Tables written by the API's own background work (the chain index, the bridge relayer), by the rate limiter
 * (it counts refused requests by design), by reads that record by design (mainnet readiness samples its score
 * history when read; treasury staking's replay clock is created by its first read; the suite's coverage sweep
 * reads both; the coins' install key is sealed and stored at their first use, a read included) or by this
 * feature: not evidence of a refused request's record.
 */
export const UNCOUNTED_TABLES = [
  "security_runs",
  "rate_limits",
  "evm_events",
  "evm_index_heads",
  "evm_index_blocks",
  "bridge_cursors",
  "bridge_lease",
  "mainnet_readiness_snapshots",
  "treasury_replay_clock",
  "coin_testnet_keys",
];

export interface SecurityRepository {
  insert(kind: "comprehensive", report: SecurityReport, ranBy: string): Promise<number>;
  insert(kind: Exclude<SecurityRunKind, "comprehensive">, report: SecurityTestResponse, ranBy: string): Promise<number>;
  latest(): Promise<SecurityReport | null>;
  countRows(): Promise<Record<string, number>>;
  discardNonces(nonces: string[]): Promise<number>;
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

export function createSecurityRepository(db: Db): SecurityRepository {
  let cached: SecurityReport | null | undefined;
  return {
    async insert(kind: SecurityRunKind, report: SecurityReport | SecurityTestResponse, ranBy: string) {
      const [row] = await db
        .insert(securityRuns)
        .values({
          kind,
          ranAt: new Date(report.ranAt),
          durationMs: Math.round(report.durationMs),
          report: { ...report, ranBy },
          ranBy,
        })
        .returning({ id: securityRuns.id });
      const id = row!.id;
      // Older runs of the kind beyond the last RUNS_KEPT go: a report holds every probe's evidence.
      const keep = await db
        .select({ id: securityRuns.id })
        .from(securityRuns)
        .where(eq(securityRuns.kind, kind))
        .orderBy(desc(securityRuns.id))
        .limit(1)
        .offset(RUNS_KEPT - 1);
      if (keep[0])
        await db.delete(securityRuns).where(and(eq(securityRuns.kind, kind), lt(securityRuns.id, keep[0].id)));
      if (kind === "comprehensive") cached = { ...(report as SecurityReport), id, ranBy };
      return id;
    },
    async latest() {
      if (cached !== undefined) return cached;
      const [row] = await db
        .select()
        .from(securityRuns)
        .where(eq(securityRuns.kind, "comprehensive"))
        .orderBy(desc(securityRuns.id))
        .limit(1);
      cached = row ? securityReport.parse({ ...(row.report as object), id: row.id, ranBy: row.ranBy }) : null;
      return cached;
    },
    async countRows() {
      const tables = rowsOf(
        await db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
        ),
      )
        .map((r) => String(r.table_name))
        .filter((t) => !UNCOUNTED_TABLES.includes(t));
      const counts: Record<string, number> = {};
      for (const t of tables) {
        const [r] = rowsOf(await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`));
        counts[t] = Number(r?.n ?? 0);
      }
      return counts;
    },
    async discardNonces(nonces) {
      if (nonces.length === 0) return 0;
      const gone = await db
        .delete(authNonces)
        .where(inArray(authNonces.nonce, nonces))
        .returning({ nonce: authNonces.nonce });
      return gone.length;
    },
  };
}
