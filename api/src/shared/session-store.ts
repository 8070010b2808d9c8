// The sessions table (Sign-In with Ethereum). Shared so any feature can check a session through
// shared/session.ts without reaching into features/auth; only the auth feature creates and deletes them.
// The cookie carries a random 32-byte token; the table keeps its SHA-256, so a copy of the table holds
// no usable credentials. Times come from the database's clock, the one every API replica shares.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

export interface Session {
  /** EIP-55 checksummed. */
  address: Address;
  chainId: number;
  expiresAt: Date;
}

export interface SessionStore {
  /** The chain id sessions are created for and honoured on (the API's configured EVM chain). */
  readonly chainId: number;
  /** Creates a session for the address; answers the token for the cookie. Deletes expired sessions on the way. */
  create(address: Address, ttlSeconds: number): Promise<{ token: string; session: Session }>;
  /** The live session the token names on this chain, or null (unknown, expired, malformed, other chain). */
  find(token: string): Promise<Session | null>;
  /** Deletes the token's session; true when there was one. */
  delete(token: string): Promise<boolean>;
}

/** 32 random bytes in base64url: 43 characters. Anything else is not a token this server issued. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isSessionToken = (token: string): boolean => TOKEN.test(token);

const idOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function createSessionStore(db: Db, chainId: number): SessionStore {
  return {
    chainId,

    async create(address, ttlSeconds) {
      await db.delete(sessions).where(lte(sessions.expiresAt, sql`now()`));
      const token = randomBytes(32).toString("base64url");
      const [row] = await db
        .insert(sessions)
        .values({
          id: idOf(token),
          address: getAddress(address),
          chainId,
          expiresAt: sql`now() + ${`${Math.trunc(ttlSeconds)} seconds`}::interval`,
        })
        .returning({ address: sessions.address, chainId: sessions.chainId, expiresAt: sessions.expiresAt });
      if (!row) throw new Error("session insert returned no row");
      return { token, session: { address: getAddress(row.address), chainId: row.chainId, expiresAt: row.expiresAt } };
    },

    async find(token) {
      if (!isSessionToken(token)) return null;
      const [row] = await db
        .select({ address: sessions.address, chainId: sessions.chainId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, idOf(token)), eq(sessions.chainId, chainId), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return row ? { address: getAddress(row.address), chainId: row.chainId, expiresAt: row.expiresAt } : null;
    },

    async delete(token) {
      if (!isSessionToken(token)) return false;
      const deleted = await db
        .delete(sessions)
        .where(eq(sessions.id, idOf(token)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },
  };
}
