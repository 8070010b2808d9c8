// SIWE nonces in the database, so every API replica on one PostgreSQL sees the same ones. Issuing
// inserts a fresh nonce (and deletes expired ones); consuming is one atomic UPDATE, so of two replicas
// verifying the same nonce at once exactly one wins. Times come from the database's clock.
import { eq, lte, sql } from "drizzle-orm";
import { generateSiweNonce } from "viem/siwe";
import type { Db } from "../../db/client";
import { authNonces } from "../../db/schema";

export type NonceRefusal = "unknown" | "used" | "expired";

export interface NonceRepository {
  issue(ttlSeconds: number): Promise<{ nonce: string; expiresAt: Date }>;
  /** Marks the nonce used if it is unused and unexpired; otherwise says why it is not usable. */
  consume(nonce: string): Promise<{ ok: true } | { ok: false; reason: NonceRefusal }>;
}

export function createNonceRepository(db: Db): NonceRepository {
  return {
    async issue(ttlSeconds) {
      await db.delete(authNonces).where(lte(authNonces.expiresAt, sql`now()`));
      const [row] = await db
        .insert(authNonces)
        .values({
          nonce: generateSiweNonce(),
          expiresAt: sql`now() + ${`${Math.trunc(ttlSeconds)} seconds`}::interval`,
        })
        .returning({ nonce: authNonces.nonce, expiresAt: authNonces.expiresAt });
      if (!row) throw new Error("nonce insert returned no row");
      return row;
    },

    async consume(nonce) {
      const used = await db
        .update(authNonces)
        .set({ usedAt: sql`now()` })
        .where(sql`${authNonces.nonce} = ${nonce} and ${authNonces.usedAt} is null and ${authNonces.expiresAt} > now()`)
        .returning({ nonce: authNonces.nonce });
      if (used.length > 0) return { ok: true };
      // Only to say why: the UPDATE above already decided.
      const [row] = await db
        .select({ usedAt: authNonces.usedAt })
        .from(authNonces)
        .where(eq(authNonces.nonce, nonce))
        .limit(1);
      return { ok: false, reason: !row ? "unknown" : row.usedAt ? "used" : "expired" };
    },
  };
}
