// "Verifies now": every file's current envelope read back from the blockstore and checked (format, binding,
// algorithm policy, signature, version, payload digest) against the isolation's keys from the database. One
// pass serves every reader for a few seconds (status, files, profiles, report); readers arriving while a pass
// runs share it, so a crowd polling the page costs one pass, not one per visitor.
import { LEVEL_ALGORITHMS, type EnvelopeCheck } from "./q-isolator.constants";
import type { BlockStore } from "./q-isolator.blocks";
import type { KeyRing } from "./q-isolator.keys";
import type { FileRow, IsolationRow, IsolatorRepository } from "./q-isolator.repository";
import { verifyEnvelope, type Protection } from "./crypto";
import { msSince } from "./q-isolator.figures";

export interface FileVerification {
  file: FileRow;
  isolation: IsolationRow;
  /** Passed every check, with post-quantum algorithms. */
  ok: boolean;
  protection: Protection;
  failedCheck: EnvelopeCheck | null;
  detail: string;
  recipients: string[];
}

export interface VerificationPass {
  isolations: IsolationRow[];
  files: FileVerification[];
  verifiedAt: Date;
  durationMs: number;
}

/** How long one pass answers for. */
export const VERIFICATION_TTL_MS = 5_000;

export function createVerifier(repository: IsolatorRepository, blocks: BlockStore, keys: KeyRing, now: () => Date = () => new Date()) {
  let last: VerificationPass | null = null;
  let running: Promise<VerificationPass> | null = null;
  // A write bumps it: a pass that started before the write is neither cached nor joined afterwards.
  let generation = 0;

  /** One file's current envelope (its bytes, or null when its blocks are missing) checked against its isolation's keys. */
  function verifyFile(file: FileRow, isolation: IsolationRow, recipients: string[], bytes: Uint8Array | null): FileVerification {
    if (!bytes) return { file, isolation, ok: false, protection: "unknown", failedCheck: "format", detail: `the blocks of ${file.currentCid} are missing from this store`, recipients };
    const v = verifyEnvelope(bytes, keys.expected(isolation, file));
    const level = LEVEL_ALGORITHMS[isolation.securityLevel as keyof typeof LEVEL_ALGORITHMS];
    return {
      file,
      isolation,
      ok: v.ok && v.protection === "post-quantum",
      protection: v.protection,
      failedCheck: v.failed?.check ?? null,
      detail: v.failed ? v.failed.detail : `${v.checks.length} checks passed (${level.kem} + ${level.sig})`,
      recipients,
    };
  }

  async function pass(): Promise<VerificationPass> {
    const started = performance.now();
    const [isolations, files, versions] = await Promise.all([repository.isolations(), repository.files(), repository.versions()]);
    const byId = new Map(isolations.map((i) => [i.id, i]));
    const recipientsOf = new Map(versions.map((v) => [`${v.fileId}/${v.version}`, v.recipients as string[]]));
    const out: FileVerification[] = [];
    for (const file of files) {
      const isolation = byId.get(file.isolationId);
      if (!isolation) continue;
      const recipients = recipientsOf.get(`${file.fileId}/${file.currentVersion}`) ?? [];
      out.push(verifyFile(file, isolation, recipients, await blocks.cat(file.currentCid)));
      // a long list must not hold the event loop for its whole length
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { isolations, files: out, verifiedAt: now(), durationMs: msSince(started) };
  }

  return {
    /** The latest pass if it is fresh, else a new one (shared by concurrent callers). */
    async current(): Promise<VerificationPass & { cachedForMs: number }> {
      const at = now().getTime();
      if (last && at - last.verifiedAt.getTime() < VERIFICATION_TTL_MS) return { ...last, cachedForMs: at - last.verifiedAt.getTime() };
      const gen = generation;
      const run = (running ??= pass().finally(() => {
        if (running === run) running = null;
      }));
      const result = await run;
      if (gen === generation) last = result;
      return { ...result, cachedForMs: 0 };
    },
    /** A file just written, checked from the bytes in hand (the rest of the store is not read again for it). */
    verifyFile,
    /** After a write: the next reader verifies again. */
    invalidate() {
      generation++;
      last = null;
      running = null;
    },
  };
}

export type Verifier = ReturnType<typeof createVerifier>;

/** A classical-only envelope is weak protection, not a broken one: it lowers resistance without failing integrity. */
export const isIntegrityFailure = (v: FileVerification) => !v.ok && v.protection !== "classical-only";
