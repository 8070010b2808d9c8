// The disaster-recovery drill: back the database up, restore the backup into a fresh instance, compare every
// table's row count and checksum, measure the RTO; and, on the local chain, redeploy the contracts on a fresh
// chain and check they land at the committed map's addresses. Used by the professional feature's
// POST /api/professional/disaster-recovery. It never throws for an operational failure (it says what failed
// in `passed: false` and `detail`), and it closes or drops what it restored.
import path from "node:path";
import type { Config } from "../../config";
import type { Database } from "../client";
import { pruneBackups, KEEP_BACKUPS } from "./backup-files";
import type { BackupEngine, RestoredInstance, TakenBackup } from "./engine";
import { allFigures, type SqlRunner, type TableFigures } from "./figures";
import { pgliteEngine } from "./pglite-engine";
import { postgresEngine } from "./postgres-engine";
import { checkRedeploy, REDEPLOY_TIMEOUT_MS } from "./redeploy-check";

/** The drill's bound when the caller gives none: the chain redeploy's (the database part runs alongside it). */
export const DRILL_TIMEOUT_MS = REDEPLOY_TIMEOUT_MS;

export interface DrillOptions {
  database: Database;
  config: Pick<Config, "databaseUrl" | "pgliteDir">;
  /** Where backups are written (config.backup.dir: beside the stack's data folder); the newest `keep` stay. */
  backupDir: string;
  /** How many backups the folder keeps (KEEP_BACKUPS by default); older ones are deleted after each backup. */
  keep?: number;
  /** The chain side runs only where the map is deterministic (31337); elsewhere it says so. */
  chainId: number;
  /** Bound on the whole drill (both parts run at once); DRILL_TIMEOUT_MS by default. */
  timeoutMs?: number;
  now?: () => Date;
  /**
   * Tests only: runs on the restored instance before it is counted (a test changes a row there to prove a
   * damaged restore is caught).
   */
  onRestored?: (run: SqlRunner) => Promise<void>;
  /** Tests only: skip the chain side (`ran: false`, saying so); the redeploy has a test of its own. */
  skipChain?: boolean;
}

export interface DrillResult {
  startedAt: string;
  finishedAt: string;
  passed: boolean;
  detail: string;
  method: "pglite-dump" | "pg_dump";
  /** `file` is the backup's name inside the backup folder: no server path leaves the API. */
  backup: { file: string; bytes: number; sha256: string; takenAt: string };
  tables: {
    name: string;
    rowsSource: number;
    rowsRestored: number;
    checksumSource: string;
    checksumRestored: string;
    match: boolean;
  }[];
  /** Restore start (reading the backup back) -> restored instance answering and compared. */
  rtoMs: number;
  chain: {
    ran: boolean;
    detail: string;
    contracts: { name: string; mapAddress: string; redeployedAddress: string | null; match: boolean }[];
  };
}

export async function runDisasterRecoveryDrill(opts: DrillOptions): Promise<DrillResult> {
  const now = opts.now ?? (() => new Date());
  const startedAt = now();
  const timeoutMs = opts.timeoutMs ?? DRILL_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const method = opts.config.databaseUrl || opts.database.driver === "postgres" ? "pg_dump" : "pglite-dump";

  const chainRun = opts.skipChain
    ? Promise.resolve({ ran: false, detail: "not run: skipped by the caller", contracts: [], durationMs: 0 })
    : checkRedeploy({ chainId: opts.chainId, timeoutMs });
  const db = hidePaths(await databaseDrill(opts, method, now, deadline), opts.backupDir);
  const chain = await chainRun;

  const chainOk = !chain.ran || (chain.contracts.length > 0 && chain.contracts.every((c) => c.match));
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    passed: db.passed && chainOk,
    detail: `${db.detail} Chain: ${chain.detail}.`,
    method,
    backup: db.backup,
    tables: db.tables,
    rtoMs: db.rtoMs,
    chain: { ran: chain.ran, detail: chain.detail, contracts: chain.contracts },
  };
}

type DatabasePart = Pick<DrillResult, "passed" | "detail" | "backup" | "tables" | "rtoMs">;
const NO_BACKUP: DrillResult["backup"] = { file: "", bytes: 0, sha256: "", takenAt: "" };

async function databaseDrill(
  opts: DrillOptions,
  method: DrillResult["method"],
  now: () => Date,
  deadline: number,
): Promise<DatabasePart> {
  let engine: BackupEngine;
  try {
    engine = method === "pg_dump" ? postgresEngine(opts.config.databaseUrl ?? "") : pgliteEngine(opts.database);
  } catch (err) {
    return failed(`No backup: ${message(err)}.`);
  }

  const takenAt = now();
  let taken: TakenBackup;
  try {
    taken = await engine.backup(opts.backupDir, takenAt, deadline);
  } catch (err) {
    return failed(`The backup failed (${method}): ${message(err)}.`);
  }
  const backup = {
    file: path.basename(taken.backup.file),
    bytes: taken.backup.bytes,
    sha256: taken.backup.sha256,
    takenAt: takenAt.toISOString(),
  };
  const keep = opts.keep ?? KEEP_BACKUPS;
  const pruned = await pruneBackups(opts.backupDir, keep).catch(() => []);

  const restoreStarted = performance.now();
  let restored: RestoredInstance | null = null;
  try {
    restored = await engine.restore(taken.backup, deadline);
    if (opts.onRestored) await opts.onRestored(restored.run);
    const copy = await allFigures(restored.run);
    const tables = compareTables(taken.source, copy);
    const rtoMs = Math.max(1, Math.round(performance.now() - restoreStarted));
    const bad = tables.filter((t) => !t.match);
    const kept = `the backup folder keeps the newest ${keep}${pruned.length ? `, pruned ${pruned.length}` : ""}`;
    const what = `Backup ${formatBytes(backup.bytes)} by ${method} (${taken.note}; ${kept}); restored into ${restored.where} in ${(rtoMs / 1000).toFixed(2)} s (RTO)`;
    return {
      passed: bad.length === 0 && tables.length > 0,
      detail:
        bad.length === 0
          ? `${what}; all ${tables.length} tables' row counts and checksums equal.`
          : `${what}; ${bad.length} of ${tables.length} tables differ: ${bad.map((t) => `${t.name} (rows ${t.rowsSource} -> ${t.rowsRestored}${t.checksumSource !== t.checksumRestored ? ", checksum" : ""})`).join(", ")}.`,
      backup,
      tables,
      rtoMs,
    };
  } catch (err) {
    return {
      ...failed(`The backup was taken (${formatBytes(backup.bytes)}) but the restore failed: ${message(err)}.`),
      backup,
    };
  } finally {
    await restored?.dispose();
  }
}

/**
 * No absolute server path in what the drill says: an error from the file system or pg_dump names the file it
 * could not write, so the backup folder's absolute path becomes "<backup folder>".
 */
function hidePaths(part: DatabasePart, backupDir: string): DatabasePart {
  const abs = path.resolve(backupDir);
  const hide = (text: string) =>
    text
      .split(abs + path.sep)
      .join("<backup folder>/")
      .split(abs)
      .join("<backup folder>");
  return { ...part, detail: hide(part.detail), backup: { ...part.backup, file: path.basename(part.backup.file) } };
}

/** Every table on either side; one missing on a side has 0 rows and an empty checksum there. */
export function compareTables(source: TableFigures[], restored: TableFigures[]): DrillResult["tables"] {
  const copy = new Map(restored.map((t) => [t.name, t]));
  const names = [
    ...source.map((t) => t.name),
    ...restored.filter((t) => !source.some((s) => s.name === t.name)).map((t) => t.name),
  ];
  const orig = new Map(source.map((t) => [t.name, t]));
  return names.map((name) => {
    const a = orig.get(name);
    const b = copy.get(name);
    return {
      name,
      rowsSource: a?.rows ?? 0,
      rowsRestored: b?.rows ?? 0,
      checksumSource: a?.checksum ?? "",
      checksumRestored: b?.checksum ?? "",
      match: Boolean(a && b && a.rows === b.rows && a.checksum === b.checksum),
    };
  });
}

function failed(detail: string): DatabasePart {
  return { passed: false, detail, backup: NO_BACKUP, tables: [], rtoMs: 0 };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`;
}
