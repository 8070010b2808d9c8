// The backup folder: each backup is one file named by the time it was taken, beside it a `<file>.sha256`
// (sha256sum's format, so `sha256sum -c` checks it by hand), and only the newest KEEP_BACKUPS are kept.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export const KEEP_BACKUPS = 5;
/** backup-<UTC time>.<ext>: PGlite's gzipped data directory or pg_dump's custom format. */
const BACKUP_NAME = /^backup-(\d{8}T\d{9}Z)(?:-(\d+))?\.(?:tar\.gz|pgdump)$/;

export interface StoredBackup {
  file: string;
  bytes: number;
  sha256: string;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A file name for a backup taken at `at`: sortable, unique within the folder. */
export async function backupPath(dir: string, at: Date, ext: "tar.gz" | "pgdump"): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = at.toISOString().replace(/[-:.]/g, "");
  const taken = new Set(await readdir(dir));
  let name = `backup-${stamp}.${ext}`;
  for (let n = 1; taken.has(name); n++) name = `backup-${stamp}-${n}.${ext}`;
  return path.join(dir, name);
}

/** Writes the bytes and their sha256 beside them. */
export async function storeBackup(file: string, bytes: Uint8Array): Promise<StoredBackup> {
  const digest = sha256(bytes);
  await writeFile(file, bytes);
  await writeFile(`${file}.sha256`, `${digest}  ${path.basename(file)}\n`);
  return { file, bytes: bytes.byteLength, sha256: digest };
}

/** Records the sha256 of a file another program wrote (pg_dump). */
export async function sealBackup(file: string): Promise<StoredBackup> {
  const bytes = await readFile(file);
  const digest = sha256(bytes);
  await writeFile(`${file}.sha256`, `${digest}  ${path.basename(file)}\n`);
  return { file, bytes: bytes.byteLength, sha256: digest };
}

/** Reads a backup back, refusing it when its bytes are not the ones sealed. */
export async function readVerified(backup: StoredBackup): Promise<Buffer> {
  const bytes = await readFile(backup.file);
  const digest = sha256(bytes);
  if (digest !== backup.sha256)
    throw new Error(`backup ${path.basename(backup.file)} changed on disk (sha256 ${digest}, sealed ${backup.sha256})`);
  return bytes;
}

/** Deletes all but the newest `keep` backups (and their .sha256); returns the names removed. */
export async function pruneBackups(dir: string, keep = KEEP_BACKUPS): Promise<string[]> {
  const order = (name: string) => {
    const m = BACKUP_NAME.exec(name)!;
    return `${m[1]}:${(m[2] ?? "0").padStart(6, "0")}`;
  };
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => BACKUP_NAME.test(n))
    .sort((a, b) => order(a).localeCompare(order(b)));
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}
