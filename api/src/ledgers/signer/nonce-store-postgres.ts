// The nonce store for API replicas that share one PostgreSQL: a transaction-scoped advisory lock on the
// account's key serializes every replica, and the signer_nonces row carries the next number from one to
// the next. An in-process lock in front keeps one pool connection per account waiting, not one per request.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { MemoryNonceStore, type NonceStore, type SavedNonce } from "./signer-road";

export class PostgresNonceStore implements NonceStore {
  private readonly local = new MemoryNonceStore();

  constructor(private readonly db: Db) {}

  critical<T>(key: string, fn: (saved: SavedNonce | null, save: (next: SavedNonce) => void) => Promise<T>): Promise<T> {
    return this.local.critical(key, () =>
      this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        const rows = await tx.execute(sql`select chain_instance, next_nonce from signer_nonces where key = ${key}`);
        const row = (rows as unknown as { rows: { chain_instance: string; next_nonce: string | number }[] }).rows[0];
        let toSave: SavedNonce | null = null;
        const result = await fn(
          row ? { chainInstance: row.chain_instance, next: Number(row.next_nonce) } : null,
          (next) => (toSave = next),
        );
        const saved = toSave as SavedNonce | null;
        if (saved) {
          await tx.execute(sql`
            insert into signer_nonces (key, chain_instance, next_nonce, updated_at)
            values (${key}, ${saved.chainInstance}, ${saved.next}, now())
            on conflict (key) do update set chain_instance = excluded.chain_instance, next_nonce = excluded.next_nonce, updated_at = now()`);
        }
        return result;
      }),
    );
  }
}
