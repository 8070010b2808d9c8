// The isolator's rows: isolations (public keys, sealed secret keys), agencies and their keys, authorisations,
// files with their current envelope and every earlier one, and the threat simulations run.
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  qIsolations,
  qIsolatorAgencies,
  qIsolatorAgencyKeys,
  qIsolatorAuthorizations,
  qIsolatorFiles,
  qIsolatorFileVersions,
  qIsolatorSimulations,
} from "../../db/schema";
import type { ClearanceLevel, SecurityLevel } from "./q-isolator.constants";

export type IsolationRow = typeof qIsolations.$inferSelect;
export type AgencyRow = typeof qIsolatorAgencies.$inferSelect;
export type AgencyKeyRow = typeof qIsolatorAgencyKeys.$inferSelect;
export type FileRow = typeof qIsolatorFiles.$inferSelect;
export type FileVersionRow = typeof qIsolatorFileVersions.$inferSelect;
export type SimulationRow = typeof qIsolatorSimulations.$inferSelect;

/** One verification of a file's current envelope, as recorded on its row. */
export interface VerificationRecord {
  ok: boolean;
  protection: "post-quantum" | "classical-only" | "unknown";
  failedCheck: string | null;
  detail: string;
}

/** What a transaction hands the same queries. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createIsolatorRepository(db: Db) {
  return {
    db,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    isolations: () => db.select().from(qIsolations).orderBy(asc(qIsolations.createdAt)),
    isolation: async (id: string) =>
      (await db.select().from(qIsolations).where(eq(qIsolations.id, id)).limit(1))[0] ?? null,
    insertIsolation: (row: IsolationRow, tx: Tx | Db = db) => tx.insert(qIsolations).values(row),

    agencies: () => db.select().from(qIsolatorAgencies).orderBy(asc(qIsolatorAgencies.createdAt)),
    agency: async (name: string, tx: Tx | Db = db) =>
      (await tx.select().from(qIsolatorAgencies).where(eq(qIsolatorAgencies.agency, name)).limit(1))[0] ?? null,
    insertAgency: (row: AgencyRow, tx: Tx | Db = db) => tx.insert(qIsolatorAgencies).values(row).onConflictDoNothing(),
    setClearance: (name: string, clearance: ClearanceLevel, tx: Tx | Db = db) =>
      tx.update(qIsolatorAgencies).set({ clearanceLevel: clearance }).where(eq(qIsolatorAgencies.agency, name)),
    agencyKeys: () => db.select().from(qIsolatorAgencyKeys),
    agencyKey: async (name: string, level: SecurityLevel, tx: Tx | Db = db) =>
      (
        await tx
          .select()
          .from(qIsolatorAgencyKeys)
          .where(and(eq(qIsolatorAgencyKeys.agency, name), eq(qIsolatorAgencyKeys.securityLevel, level)))
          .limit(1)
      )[0] ?? null,
    insertAgencyKeys: (rows: AgencyKeyRow[], tx: Tx | Db = db) =>
      tx.insert(qIsolatorAgencyKeys).values(rows).onConflictDoNothing(),

    authorizations: () => db.select().from(qIsolatorAuthorizations).orderBy(asc(qIsolatorAuthorizations.createdAt)),
    authorizedFor: async (agency: string, tx: Tx | Db = db) =>
      (
        await tx
          .select()
          .from(qIsolatorAuthorizations)
          .where(eq(qIsolatorAuthorizations.agency, agency))
          .orderBy(asc(qIsolatorAuthorizations.createdAt))
      ).map((r) => r.authorizedAgency),
    /** false when it existed already. */
    insertAuthorization: async (agency: string, authorizedAgency: string, at: Date, tx: Tx | Db = db) =>
      (
        await tx
          .insert(qIsolatorAuthorizations)
          .values({ agency, authorizedAgency, createdAt: at })
          .onConflictDoNothing()
          .returning()
      ).length === 1,

    files: () => db.select().from(qIsolatorFiles).orderBy(desc(qIsolatorFiles.uploadedAt)),
    filesOf: (isolationIds: string[], tx: Tx | Db = db) =>
      isolationIds.length === 0
        ? Promise.resolve([] as FileRow[])
        : tx.select().from(qIsolatorFiles).where(inArray(qIsolatorFiles.isolationId, isolationIds)),
    fileByCid: async (cid: string) =>
      (await db.select().from(qIsolatorFiles).where(eq(qIsolatorFiles.currentCid, cid)).limit(1))[0] ?? null,
    /** An earlier envelope of some file (a superseded CID), newest first. */
    versionByCid: async (cid: string) =>
      (
        await db
          .select()
          .from(qIsolatorFileVersions)
          .where(eq(qIsolatorFileVersions.cid, cid))
          .orderBy(desc(qIsolatorFileVersions.version))
          .limit(1)
      )[0] ?? null,
    file: async (fileId: string, tx: Tx | Db = db) =>
      (await tx.select().from(qIsolatorFiles).where(eq(qIsolatorFiles.fileId, fileId)).limit(1))[0] ?? null,
    versions: () => db.select().from(qIsolatorFileVersions),
    insertFile: async (file: FileRow, version: FileVersionRow, tx: Tx | Db = db) => {
      await tx.insert(qIsolatorFiles).values(file);
      await tx.insert(qIsolatorFileVersions).values(version);
    },
    /** Moves a file to a new envelope only if it is still at `fromVersion` (two re-wraps cannot both win). */
    advanceFile: async (
      fileId: string,
      fromVersion: number,
      version: FileVersionRow,
      encryptedSize: number,
      tx: Tx | Db = db,
    ) => {
      const moved = await tx
        .update(qIsolatorFiles)
        .set({ currentVersion: version.version, currentCid: version.cid, encryptedSize, updatedAt: version.createdAt })
        .where(and(eq(qIsolatorFiles.fileId, fileId), eq(qIsolatorFiles.currentVersion, fromVersion)))
        .returning();
      if (moved.length === 0) return false;
      await tx.insert(qIsolatorFileVersions).values(version);
      return true;
    },
    currentRecipients: async (fileId: string, version: number) =>
      ((
        await db
          .select()
          .from(qIsolatorFileVersions)
          .where(and(eq(qIsolatorFileVersions.fileId, fileId), eq(qIsolatorFileVersions.version, version)))
          .limit(1)
      )[0]?.recipients as string[] | undefined) ?? [],

    /** Records a verification of `version`, unless the file has moved on to another version meanwhile. */
    recordVerification: async (
      fileId: string,
      version: number,
      record: VerificationRecord,
      at: Date,
      tx: Tx | Db = db,
    ) =>
      (
        await tx
          .update(qIsolatorFiles)
          .set({
            verifiedVersion: version,
            verifiedAt: at,
            verifiedOk: record.ok,
            verifiedProtection: record.protection,
            verifiedFailedCheck: record.failedCheck,
            verifiedDetail: record.detail,
          })
          .where(and(eq(qIsolatorFiles.fileId, fileId), eq(qIsolatorFiles.currentVersion, version)))
          .returning({ fileId: qIsolatorFiles.fileId })
      ).length === 1,
    /** The file whose current envelope is most overdue for verification (never verified, another version, or verified before `before`). */
    dueForScrub: async (before: Date) =>
      (
        await db
          .select()
          .from(qIsolatorFiles)
          .where(
            or(
              isNull(qIsolatorFiles.verifiedAt),
              lt(qIsolatorFiles.verifiedAt, before),
              ne(qIsolatorFiles.verifiedVersion, qIsolatorFiles.currentVersion),
            ),
          )
          .orderBy(sql`${qIsolatorFiles.verifiedAt} asc nulls first`)
          .limit(1)
      )[0] ?? null,
    /** Envelope bytes stored (every version of every file), in total and for the files one wallet uploaded. */
    storedBytes: async (tx: Tx | Db = db) => {
      const [row] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${qIsolatorFileVersions.envelopeBytes}), 0)` })
        .from(qIsolatorFileVersions);
      return Number(row?.bytes ?? 0);
    },
    storedBytesBy: async (wallet: string, tx: Tx | Db = db) => {
      const [row] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${qIsolatorFileVersions.envelopeBytes}), 0)` })
        .from(qIsolatorFileVersions)
        .innerJoin(qIsolatorFiles, eq(qIsolatorFiles.fileId, qIsolatorFileVersions.fileId))
        .where(eq(qIsolatorFiles.uploadedBy, wallet));
      return Number(row?.bytes ?? 0);
    },

    insertSimulation: (row: Omit<SimulationRow, "id">) => db.insert(qIsolatorSimulations).values(row),
    latestSimulation: async () =>
      (await db.select().from(qIsolatorSimulations).orderBy(desc(qIsolatorSimulations.ranAt)).limit(1))[0] ?? null,
    counts: async () => {
      const [row] = await db
        .select({
          files: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${qIsolatorFiles.size}), 0)::int`,
        })
        .from(qIsolatorFiles);
      return row ?? { files: 0, bytes: 0 };
    },
  };
}

export type IsolatorRepository = ReturnType<typeof createIsolatorRepository>;
