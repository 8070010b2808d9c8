// The dashboard's operation runs: one row per finished run in unified_operation_runs, read back as the last run
// of each operation and a short history. The runner allows one run of a kind at a time on this API: a second
// request while one runs joins it (waits for it and answers the same stored run), so two operators clicking at
// once cause one run, and no caller can queue work behind another. Each run is bounded (OPERATION_TIMEOUT_SECONDS):
// past it the run is stored as failed, "timed out".
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { unifiedOperationRuns } from "../../db/schema";
import { withTimeout } from "../../ledgers/deadline";
import { noteProcessWrite } from "../../shared/process-writes";
import {
  HISTORY_LENGTH,
  OPERATION_NAMES,
  OPERATION_TIMEOUT_SECONDS,
  OPERATIONS,
  type Operation,
  type Outcome,
} from "./unified.constants";
import { operationRun, type OperationResult, type OperationRun } from "./unified.schemas";

type Row = typeof unifiedOperationRuns.$inferSelect;

/** What an operation's work returns: its outcome and result (stored as the row's jsonb). */
export interface Finding<O extends Operation> {
  outcome: Outcome;
  result: OperationResult<O>;
}

const toRun = (row: Row): OperationRun => {
  const { requestedAt, ...result } = row.result as Record<string, unknown> & { requestedAt?: string | null };
  return operationRun.parse({
    id: row.id,
    operation: row.operation,
    platform: row.platform,
    outcome: row.outcome,
    ranBy: row.ranBy,
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    requestedAt: requestedAt ?? null,
    result,
  });
};

export function createRunStore(db: Db) {
  return {
    async insert(row: Omit<Row, "id">): Promise<OperationRun> {
      const [stored] = await db.insert(unifiedOperationRuns).values(row).returning();
      noteProcessWrite();
      return toRun(stored!);
    },
    async last(operation: Operation): Promise<OperationRun | null> {
      const [row] = await db
        .select()
        .from(unifiedOperationRuns)
        .where(eq(unifiedOperationRuns.operation, operation))
        .orderBy(desc(unifiedOperationRuns.id))
        .limit(1);
      return row ? toRun(row) : null;
    },
    async history(limit = HISTORY_LENGTH): Promise<OperationRun[]> {
      const rows = await db.select().from(unifiedOperationRuns).orderBy(desc(unifiedOperationRuns.id)).limit(limit);
      return rows.map(toRun);
    },
    async lastOfEach(): Promise<Record<Operation, OperationRun | null>> {
      const runs = await Promise.all(OPERATION_NAMES.map((o) => this.last(o)));
      return Object.fromEntries(OPERATION_NAMES.map((o, i) => [o, runs[i]!])) as Record<Operation, OperationRun | null>;
    },
  };
}
export type RunStore = ReturnType<typeof createRunStore>;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The result stored when the work itself threw or passed its bound: one failed check saying why. */
function failedFinding<O extends Operation>(operation: O, why: string): Finding<O> {
  const check = {
    id: "run",
    name: OPERATIONS[operation].label,
    status: "failed" as const,
    detail: why,
    latencyMs: null,
  };
  const base = { summary: `The run did not finish: ${why}`, checks: [check] };
  const extra =
    operation === "sync_bridges"
      ? { counts: { found: 0, delivered: 0, pending: 0, failed: 0 }, leader: false }
      : operation === "threat_scan"
        ? { checked: 0, ok: 0, failures: [], bytesRead: 0 }
        : {};
  return { outcome: "failed", result: { ...base, ...extra } as OperationResult<O> };
}

export type OperationWork = { [O in Operation]: () => Promise<Finding<O>> };

export function createRunner(store: RunStore, work: OperationWork, timeoutSeconds = OPERATION_TIMEOUT_SECONDS) {
  const inFlight = new Map<Operation, Promise<OperationRun>>();

  async function runNow<O extends Operation>(operation: O, ranBy: string, requestedAt: string): Promise<OperationRun> {
    const startedAt = new Date();
    const started = performance.now();
    const bound = timeoutSeconds[operation] * 1000;
    let finding: Finding<O>;
    try {
      finding = await withTimeout((work[operation] as () => Promise<Finding<O>>)(), bound, operation);
    } catch (err) {
      finding = failedFinding(operation, message(err));
    }
    return store.insert({
      operation,
      platform: OPERATIONS[operation].platform,
      outcome: finding.outcome,
      result: { ...finding.result, requestedAt },
      ranBy,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    });
  }

  return {
    /** The run of `operation`: a new one, or the one running now (joined). */
    run(operation: Operation, ranBy: string, requestedAt: string): { run: Promise<OperationRun>; joined: boolean } {
      const running = inFlight.get(operation);
      if (running) return { run: running, joined: true };
      const run = runNow(operation, ranBy, requestedAt).finally(() => inFlight.delete(operation));
      inFlight.set(operation, run);
      return { run, joined: false };
    },
    running: (): Operation[] => [...inFlight.keys()],
  };
}
export type Runner = ReturnType<typeof createRunner>;
