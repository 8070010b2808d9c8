// "Verifies": a file's current envelope read back from the blockstore and checked (format, binding, algorithm
// policy, signature, version, payload digest) against its isolation's public keys. That happens once when the
// envelope is written (upload, re-wrap) and again in the background scrub (q-isolator.scrub.ts); each result is
// recorded on the file's row. Readers (status, files, profiles, report) read those records only: what a read
// costs grows with the number of rows, never with the bytes stored.
import { LEVEL_ALGORITHMS, type EnvelopeCheck } from "./q-isolator.constants";
import { expectedOf } from "./q-isolator.keys";
import type { FileRow, IsolationRow, IsolatorRepository, VerificationRecord } from "./q-isolator.repository";
import { verifyEnvelope, type Protection } from "./crypto";
import { msSince } from "./q-isolator.figures";

export interface FileVerification {
  file: FileRow;
  isolation: IsolationRow;
  /** Passed every check, with post-quantum algorithms, when last verified. */
  ok: boolean;
  protection: Protection;
  failedCheck: EnvelopeCheck | null;
  detail: string;
  recipients: string[];
  /** When this result was recorded; null while the file awaits its first verification. */
  verifiedAt: Date | null;
}

export interface VerificationPass {
  isolations: IsolationRow[];
  files: FileVerification[];
  /** The oldest recorded verification behind these figures (null with no file). */
  oldestVerifiedAt: Date | null;
  /** How long reading the records took. */
  durationMs: number;
}

/** Checks an envelope's bytes (null: its blocks are missing) against its isolation's public keys. */
export function verifyBytes(file: FileRow, isolation: IsolationRow, bytes: Uint8Array | null): VerificationRecord {
  if (!bytes)
    return {
      ok: false,
      protection: "unknown",
      failedCheck: "format",
      detail: `the blocks of ${file.currentCid} are missing from this store`,
    };
  const v = verifyEnvelope(bytes, expectedOf(isolation, file));
  const level = LEVEL_ALGORITHMS[isolation.securityLevel as keyof typeof LEVEL_ALGORITHMS];
  return {
    ok: v.ok && v.protection === "post-quantum",
    protection: v.protection === "post-quantum" || v.protection === "classical-only" ? v.protection : "unknown",
    failedCheck: v.failed?.check ?? null,
    detail: v.failed ? v.failed.detail : `${v.checks.length} checks passed (${level.kem} + ${level.sig})`,
  };
}

const PENDING = "not verified yet: the background scrub reads it next";

/** A file as its row records it (the current version's record, or pending). */
export function fromRecord(file: FileRow, isolation: IsolationRow, recipients: string[]): FileVerification {
  const current = file.verifiedAt !== null && file.verifiedVersion === file.currentVersion;
  if (!current)
    return {
      file,
      isolation,
      ok: false,
      protection: "unknown",
      failedCheck: null,
      detail: PENDING,
      recipients,
      verifiedAt: null,
    };
  return {
    file,
    isolation,
    ok: file.verifiedOk === true,
    protection: (file.verifiedProtection ?? "unknown") as Protection,
    failedCheck: (file.verifiedFailedCheck ?? null) as EnvelopeCheck | null,
    detail: file.verifiedDetail ?? "",
    recipients,
    verifiedAt: file.verifiedAt,
  };
}

export function createVerifier(repository: IsolatorRepository, now: () => Date = () => new Date()) {
  return {
    /** Every isolation and file as last verified: database rows only, no block is read. */
    async current(): Promise<VerificationPass> {
      const started = performance.now();
      const [isolations, files, versions] = await Promise.all([
        repository.isolations(),
        repository.files(),
        repository.versions(),
      ]);
      const byId = new Map(isolations.map((i) => [i.id, i]));
      const recipientsOf = new Map(versions.map((v) => [`${v.fileId}/${v.version}`, v.recipients as string[]]));
      const out: FileVerification[] = [];
      let oldest: Date | null = null;
      for (const file of files) {
        const isolation = byId.get(file.isolationId);
        if (!isolation) continue;
        const v = fromRecord(file, isolation, recipientsOf.get(`${file.fileId}/${file.currentVersion}`) ?? []);
        if (v.verifiedAt && (!oldest || v.verifiedAt < oldest)) oldest = v.verifiedAt;
        out.push(v);
      }
      return { isolations, files: out, oldestVerifiedAt: oldest, durationMs: msSince(started) };
    },
    /** Verifies an envelope just written (its bytes read back from the store) and records the result. */
    async verifyWritten(
      file: FileRow,
      isolation: IsolationRow,
      recipients: string[],
      bytes: Uint8Array | null,
    ): Promise<FileVerification> {
      const record = verifyBytes(file, isolation, bytes);
      const at = now();
      await repository.recordVerification(file.fileId, file.currentVersion, record, at);
      const row: FileRow = {
        ...file,
        verifiedVersion: file.currentVersion,
        verifiedAt: at,
        verifiedOk: record.ok,
        verifiedProtection: record.protection,
        verifiedFailedCheck: record.failedCheck,
        verifiedDetail: record.detail,
      };
      return fromRecord(row, isolation, recipients);
    },
  };
}

export type Verifier = ReturnType<typeof createVerifier>;

/** A classical-only envelope is weak protection, not a broken one; a file not verified yet is neither. */
export const isIntegrityFailure = (v: FileVerification) =>
  !v.ok && v.failedCheck !== null && v.protection !== "classical-only";
