// The drill on a real PGlite in a data folder with rows in several tables: backed up, restored into a fresh
// in-memory PGlite, compared table by table. The chain side is skipped here (redeploy-check.test.ts runs it).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../client";
import { authNonces, rateLimits, sessions, testnetRuns } from "../schema";
import { createMintRepository } from "../../features/minting/minting.repository";
import { xrpRecord } from "../testing/mint-record";
import { KEEP_BACKUPS, sha256 } from "./backup-files";
import { runDisasterRecoveryDrill } from "./drill";

const dir = mkdtempSync(path.join(tmpdir(), "xqb-dr-test-"));
const backupDir = path.join(dir, "backups");
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dir, "pglite") });
  const repo = createMintRepository(database.db);
  for (const n of [1, 2, 3]) await repo.insert(xrpRecord(n));
  const later = new Date(Date.now() + 3600_000);
  await database.db.insert(rateLimits).values([
    { key: "ip:1", hits: 3, resetAt: later },
    { key: "ip:2", hits: 1, resetAt: later },
  ]);
  await database.db.insert(authNonces).values({ nonce: "n0nce", expiresAt: later });
  await database.db.insert(sessions).values({
    id: "ab".repeat(32),
    address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    chainId: 31337,
    expiresAt: later,
  });
  await database.db.insert(testnetRuns).values({
    kind: "emergency",
    chainId: 31337,
    chainInstance: "0xabc",
    passed: true,
    source: "live",
    steps: [{ ok: true, note: 'quote\'s "escaped"\nnewline' }],
    startedAt: new Date(),
    finishedAt: new Date(),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const drill = (extra: Partial<Parameters<typeof runDisasterRecoveryDrill>[0]> = {}) =>
  runDisasterRecoveryDrill({
    database,
    config: { databaseUrl: null, pgliteDir: path.join(dir, "pglite") },
    backupDir,
    chainId: 31337,
    skipChain: true,
    ...extra,
  });

describe("runDisasterRecoveryDrill on PGlite", () => {
  it("backs up, restores into a fresh instance and finds every table's rows and checksum equal", async () => {
    const r = await drill();
    expect(r.detail).toContain("all");
    expect(r.passed).toBe(true);
    expect(r.method).toBe("pglite-dump");
    const byName = Object.fromEntries(r.tables.map((t) => [t.name, t]));
    // The application's tables and drizzle's migrations journal, each with its rows.
    expect(byName["public.mints"]).toMatchObject({ rowsSource: 3, rowsRestored: 3, match: true });
    expect(byName["public.rate_limits"]).toMatchObject({ rowsSource: 2, rowsRestored: 2, match: true });
    expect(byName["public.auth_nonces"]).toMatchObject({ rowsSource: 1, match: true });
    expect(byName["public.sessions"]).toMatchObject({ rowsSource: 1, match: true });
    expect(byName["public.testnet_runs"]).toMatchObject({ rowsSource: 1, match: true });
    const migrations = readdirSync(path.join(__dirname, "../migrations")).filter((f) => f.endsWith(".sql")).length;
    expect(byName["drizzle.__drizzle_migrations"]).toMatchObject({
      rowsSource: migrations,
      rowsRestored: migrations,
      match: true,
    });
    expect(r.tables.every((t) => t.match && /^[0-9a-f]{32}$/.test(t.checksumSource))).toBe(true);
    // The checksum is of the rows, not a constant: tables with different rows differ.
    expect(byName["public.mints"]!.checksumSource).not.toBe(byName["public.rate_limits"]!.checksumSource);

    // The backup is on disk with its sha256 beside it, and the RTO was measured.
    expect(r.backup.bytes).toBeGreaterThan(0);
    // Its name only in the result (no server path leaves the API); the file is in the backup folder.
    expect(r.backup.file).toMatch(/^backup-\d{8}T\d{9}Z(-\d+)?\.tar\.gz$/);
    expect(JSON.stringify(r)).not.toContain(dir);
    const file = path.join(backupDir, r.backup.file);
    const bytes = readFileSync(file);
    expect(bytes.byteLength).toBe(r.backup.bytes);
    expect(sha256(bytes)).toBe(r.backup.sha256);
    expect(readFileSync(`${file}.sha256`, "utf8")).toBe(`${r.backup.sha256}  ${r.backup.file}\n`);
    expect(r.rtoMs).toBeGreaterThan(0);
    expect(Date.parse(r.backup.takenAt)).toBeGreaterThanOrEqual(Date.parse(r.startedAt));
    expect(Date.parse(r.finishedAt)).toBeGreaterThanOrEqual(Date.parse(r.startedAt));
    expect(r.chain).toEqual({ ran: false, detail: "not run: skipped by the caller", contracts: [] });
    console.log(`[dr] PGlite backup ${r.backup.bytes} bytes, RTO ${r.rtoMs} ms: ${r.detail}`);
  });

  it("matches the dump exactly while the API keeps writing (figures and dump in one transaction)", async () => {
    let writing = true;
    let n = 0;
    const later = new Date(Date.now() + 3600_000);
    // A write, then a turn of the event loop (as requests arrive): PGlite answers without I/O, so a bare
    // await loop would never let the drill's timers run. Bounded in count in case the drill never returns.
    const writer = (async () => {
      while (writing && n < 20_000) {
        await database.db.insert(rateLimits).values({ key: `busy:${n++}`, hits: 1, resetAt: later });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const r = await drill();
    writing = false;
    await writer;
    expect(n).toBeGreaterThan(1);
    expect(r.detail).toContain("one read-only transaction");
    expect(r.passed).toBe(true);
    await database.db.delete(rateLimits).where(like(rateLimits.key, "busy:%"));
  });

  it("detects a restore that differs from the source (a row changed in the restored instance)", async () => {
    const r = await drill({
      onRestored: async (run) => void (await run("update rate_limits set hits = hits + 1 where key = 'ip:1'")),
    });
    expect(r.passed).toBe(false);
    const bad = r.tables.filter((t) => !t.match);
    expect(bad.map((t) => t.name)).toEqual(["public.rate_limits"]);
    expect(bad[0]).toMatchObject({ rowsSource: 2, rowsRestored: 2 });
    expect(bad[0]!.checksumSource).not.toBe(bad[0]!.checksumRestored);
    expect(r.detail).toContain("1 of");
    expect(r.detail).toContain("public.rate_limits");
    // A deleted row is a count difference too.
    const gone = await drill({
      onRestored: async (run) => void (await run("delete from mints where transaction_hash = 'HASH2'")),
    });
    expect(gone.tables.find((t) => t.name === "public.mints")).toMatchObject({
      rowsSource: 3,
      rowsRestored: 2,
      match: false,
    });
  });

  it("keeps only the newest backups", async () => {
    // Older backups (named by the time they were taken), one with its .sha256, and a file that is no backup.
    const older = [
      "backup-20250101T000000000Z.tar.gz",
      "backup-20250102T000000000Z.pgdump",
      "backup-20250102T000000000Z-1.tar.gz",
      "backup-20250103T000000000Z.tar.gz",
      "backup-20250104T000000000Z.tar.gz",
      "backup-20250105T000000000Z.tar.gz",
    ];
    const backupDir = path.join(dir, "pruned");
    mkdirSync(backupDir);
    for (const f of older) writeFileSync(path.join(backupDir, f), "old");
    writeFileSync(path.join(backupDir, `${older[0]}.sha256`), "x");
    writeFileSync(path.join(backupDir, "notes.txt"), "kept");
    const r = await drill({ backupDir });
    expect(r.passed).toBe(true);
    const left = readdirSync(backupDir)
      .filter((f) => f.startsWith("backup-") && !f.endsWith(".sha256"))
      .sort();
    expect(left).toHaveLength(KEEP_BACKUPS);
    // The newest stay, the new one among them; "-1" was taken after its namesake.
    expect(left).toContain(r.backup.file);
    expect(left).toContain("backup-20250102T000000000Z-1.tar.gz");
    expect(left).not.toContain("backup-20250102T000000000Z.pgdump");
    expect(left).not.toContain("backup-20250101T000000000Z.tar.gz");
    expect(existsSync(path.join(backupDir, `${older[0]}.sha256`))).toBe(false);
    expect(existsSync(path.join(backupDir, "notes.txt"))).toBe(true);
    expect(r.detail).toContain(`the backup folder keeps the newest ${KEEP_BACKUPS}, pruned 2`);
    // Each folder keeps its own retention: BACKUP_KEEP=2 here prunes this folder alone.
    const two = await drill({ backupDir, keep: 2 });
    expect(readdirSync(backupDir).filter((f) => f.startsWith("backup-") && !f.endsWith(".sha256"))).toHaveLength(2);
    expect(two.detail).toContain("the backup folder keeps the newest 2, pruned 4");
  });

  it("reports an operational failure instead of throwing", async () => {
    // A backup folder that cannot be created (a file stands in its place).
    const r = await drill({ backupDir: path.join(dir, "pglite", "PG_VERSION", "backups") });
    expect(r.passed).toBe(false);
    expect(r.detail).toMatch(/^The backup failed \(pglite-dump\): /);
    // The file system's error named the folder: it reads "<backup folder>", never the server's absolute path.
    expect(r.detail).not.toContain(dir);
    expect(r.backup).toEqual({ file: "", bytes: 0, sha256: "", takenAt: "" });
    expect(r.rtoMs).toBe(0);
    // Out of time: the bound is the drill's, not the caller's patience.
    const late = await drill({ timeoutMs: 1 });
    expect(late.passed).toBe(false);
    expect(late.detail).toMatch(
      /^The backup failed \(pglite-dump\): the PGlite dump( took longer than|: no time left)/,
    );
    // A database that offers no dump.
    const { dump: _dump, ...noDump } = database;
    const r2 = await drill({ database: noDump });
    expect(r2).toMatchObject({ passed: false, method: "pglite-dump" });
    expect(r2.detail).toContain("offers no dump");
  });
});
