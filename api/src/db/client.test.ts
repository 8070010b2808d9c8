import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMintRepository } from "../features/minting/minting.repository";
import { openDatabase } from "./client";
import { xrpRecord } from "./testing/mint-record";

const dir = mkdtempSync(join(tmpdir(), "xqb-pglite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openDatabase (PGlite in a data folder)", () => {
  it("migrates, stores newest first, refuses a duplicate transaction and survives a re-open", async () => {
    const first = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, "nested", "pglite") });
    expect(first.driver).toBe("pglite");
    expect(await first.ping()).toBeGreaterThanOrEqual(0);
    const repo = createMintRepository(first.db);
    const block = (blockHash: string) => ({ blockHash, chainInstance: null });
    const list = async (limit: number) => (await repo.page(limit))!.mints;
    for (const n of [1, 2, 3])
      await repo.insert(xrpRecord(n, n === 2 ? "live" : "simulated"), n === 2 ? block("BLOCK2") : undefined);

    const dup = await repo.insert({ ...xrpRecord(2, "live"), amount: "changed" }, block("BLOCK2"));
    expect(dup.created).toBe(false);
    expect(dup.record.amount).toBe("2 XRP");
    expect((await list(10)).map((r) => r.record.transactionHash)).toEqual(["HASH3", "HASH2", "HASH1"]);
    // Simulated transactions are never submitted; identical ones stay separate records.
    expect((await repo.insert(xrpRecord(3, "simulated"))).created).toBe(true);
    expect((await list(10)).map((r) => r.record.transactionHash)).toEqual(["HASH3", "HASH3", "HASH2", "HASH1"]);
    // A restarted local chain mines the same hash again in another block: a new transaction, a new record.
    const replayed = await repo.insert({ ...xrpRecord(2, "live"), amount: "replayed" }, block("BLOCK2-AFTER-RESTART"));
    expect(replayed.created).toBe(true);
    await first.close();

    const again = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, "nested", "pglite") });
    const repo2 = createMintRepository(again.db);
    const first3 = (await repo2.page(3))!;
    expect(first3.mints.map((r) => r.record.transactionHash)).toEqual(["HASH2", "HASH3", "HASH3"]);
    expect(await repo2.countBySource()).toEqual({ live: 2, simulated: 3 });
    // Pages follow each other without a gap or a repeat, one query each.
    const rest = (await repo2.page(3, first3.nextCursor!))!;
    expect(rest.mints.map((r) => r.record.transactionHash)).toEqual(["HASH2", "HASH1"]);
    expect(rest.nextCursor).toBeNull();
    expect(await repo2.page(3, "bm90LWEtY3Vyc29y")).toBeNull();
    await again.close();
  });
});

describe("Database.dump (PGlite)", () => {
  it("is the data directory a fresh PGlite starts from, with the same rows", async () => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
    try {
      await createMintRepository(db.db).insert(xrpRecord(7, "simulated"));
      const blob = await db.dump!();
      expect(blob.size).toBeGreaterThan(0);
      const { PGlite } = await import("@electric-sql/pglite");
      const copy = await PGlite.create({ loadDataDir: blob });
      try {
        const { rows } = await copy.query<{ tx: string }>("select transaction_hash as tx from mints");
        expect(rows).toEqual([{ tx: "HASH7" }]);
      } finally {
        await copy.close();
      }
    } finally {
      await db.close();
    }
  });
});
