// Disaster recovery: the dr slice's drill (api/src/db/backup/drill.ts: backup, restore into a fresh
// instance, row counts and checksums compared, RTO measured, the chain side redeployed where the map is
// deterministic), run and stored. RPO is computed when read: now − the backup time of the last passing drill.
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { PROFESSIONAL_LABELS } from "./professional.constants";
import { lastVerifiedBackup, rpoSeconds } from "./professional.readiness";
import type { ProfessionalRepository } from "./professional.repository";
import {
  drillResult,
  type AssessmentPart,
  type DisasterRecoveryResult,
  type DrillResultBody,
} from "./professional.schemas";
import type { DrillOptions } from "../../db/backup/drill";

/** The drill's signature (db/backup/drill.ts's runDisasterRecoveryDrill; tests pass a runner of their own). */
export type DrillRunner = (opts: Omit<DrillOptions, "onRestored" | "skipChain">) => Promise<DrillResultBody>;

/** Where a drill writes when the app gives no folder (tests of the route alone); the app passes config.backup.dir. */
export const DEFAULT_BACKUP_DIR = "./data/backups";
/** The shared bound for a DR run. */
export const DR_TIMEOUT_MS = 60_000;

export async function runDrAssessment(o: {
  drill?: DrillRunner;
  database: Database;
  config: Pick<Config, "databaseUrl" | "pgliteDir">;
  backupDir?: string;
  backupKeep?: number;
  chainId: number;
  now: Date;
  repository: ProfessionalRepository;
}): Promise<{
  detail: DisasterRecoveryResult["detail"];
  parts: AssessmentPart[];
  score: number;
  passed: boolean;
  summary: string;
}> {
  const label = PROFESSIONAL_LABELS["disaster-recovery"];
  if (!o.drill) {
    const why = "the disaster-recovery drill (api/src/db/backup/drill.ts) is not wired into this API";
    const previous = await lastVerifiedBackup(o.repository);
    return {
      detail: {
        drill: null,
        notRun: why,
        rtoMs: null,
        rpoSeconds: rpoSeconds(previous, new Date()),
        lastVerifiedBackupAt: previous,
      },
      parts: [
        {
          id: "drill",
          label: "Backup, restore and compare",
          status: "not-run",
          points: 0,
          maxPoints: 100,
          detail: why,
        },
      ],
      score: 0,
      passed: false,
      summary: `${label}: not run (${why})`,
    };
  }
  const drill = drillResult.parse(
    await o.drill({
      database: o.database,
      config: o.config,
      backupDir: o.backupDir ?? DEFAULT_BACKUP_DIR,
      keep: o.backupKeep,
      chainId: o.chainId,
      timeoutMs: DR_TIMEOUT_MS,
    }),
  );
  const previous = await lastVerifiedBackup(o.repository);
  const lastVerified = drill.passed ? drill.backup.takenAt : previous;
  const tablesMatching = drill.tables.filter((t) => t.match).length;
  const chainMatching = drill.chain.contracts.filter((c) => c.match).length;
  const parts: AssessmentPart[] = [
    {
      id: "database",
      label: `Database backup (${drill.method}) restored and compared`,
      status: drill.tables.length > 0 && tablesMatching === drill.tables.length ? "pass" : "fail",
      points: drill.passed ? 50 : 0,
      maxPoints: 50,
      detail: `${tablesMatching} of ${drill.tables.length} tables match (row counts and checksums); RTO ${drill.rtoMs} ms; backup ${drill.backup.bytes} bytes, sha256 ${drill.backup.sha256.slice(0, 16)}…`,
    },
    {
      id: "chain",
      label: "Chain redeployed to the map's addresses",
      status: !drill.chain.ran ? "not-run" : chainMatching === drill.chain.contracts.length ? "pass" : "fail",
      points: drill.passed ? 50 : 0,
      maxPoints: 50,
      detail: drill.chain.ran
        ? `${chainMatching} of ${drill.chain.contracts.length} contracts at the map's addresses; ${drill.chain.detail}`
        : drill.chain.detail,
    },
  ];
  return {
    detail: {
      drill,
      notRun: null,
      rtoMs: drill.rtoMs,
      rpoSeconds: rpoSeconds(lastVerified, new Date()),
      lastVerifiedBackupAt: lastVerified,
    },
    parts,
    score: drill.passed ? 100 : 0,
    passed: drill.passed,
    summary: `${label}: ${drill.passed ? "drill passed" : "drill failed"} (${tablesMatching}/${drill.tables.length} tables match, RTO ${drill.rtoMs} ms${drill.chain.ran ? `, ${chainMatching}/${drill.chain.contracts.length} contracts at the map's addresses` : ""}); ${drill.detail}`,
  };
}
