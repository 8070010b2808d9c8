// The faucet's claim windows in the database (faucet_claims: one row per chain, wallet and asset, holding the
// latest claim). "One claim per 24 h" is a single conditional upsert, so it holds across parallel requests
// and API replicas on one PostgreSQL: the row is reserved before anything is sent, and of two claims racing
// for it exactly one gets it back from RETURNING.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { faucetClaims } from "../../db/schema";
import type { FaucetAsset } from "./faucet.constants";

export interface StoredClaim {
  asset: FaucetAsset;
  status: "reserved" | "sent";
  amount: string;
  claimedAt: Date;
  transactionHash: string | null;
  blockNumber: string | null;
}

export type Reservation = { reserved: true } | { reserved: false; current: StoredClaim };

export interface FaucetClaimStore {
  /** Reserves the wallet's claim of `asset` at `at`, unless its latest claim is less than `windowSeconds` old. */
  reserve(wallet: string, asset: FaucetAsset, amount: string, at: Date, windowSeconds: number): Promise<Reservation>;
  /** Records the sent transaction on the reservation made at `at`. */
  complete(wallet: string, asset: FaucetAsset, at: Date, transactionHash: string, blockNumber: string | null): Promise<void>;
  /** Undoes the reservation made at `at` (the send failed before anything left): the previous claim, if any, is back. */
  release(wallet: string, asset: FaucetAsset, at: Date): Promise<void>;
  /** The wallet's latest claim per asset. */
  latest(wallet: string): Promise<StoredClaim[]>;
}

const toClaim = (r: typeof faucetClaims.$inferSelect): StoredClaim => ({
  asset: r.asset as FaucetAsset,
  status: r.status as StoredClaim["status"],
  amount: r.amount,
  claimedAt: r.claimedAt,
  transactionHash: r.transactionHash,
  blockNumber: r.blockNumber,
});

export function createFaucetClaimStore(db: Db, chainId: number): FaucetClaimStore {
  const key = (wallet: string, asset: FaucetAsset) => and(eq(faucetClaims.chainId, chainId), eq(faucetClaims.wallet, wallet), eq(faucetClaims.asset, asset));
  const current = async (wallet: string, asset: FaucetAsset) => {
    const [row] = await db.select().from(faucetClaims).where(key(wallet, asset)).limit(1);
    return row ? toClaim(row) : null;
  };

  const store: FaucetClaimStore = {
    async reserve(wallet, asset, amount, at, windowSeconds) {
      // The existing row is replaced only when its claim is at least a window old; the old claim is kept in
      // previous_* so a failed send can put it back. In ON CONFLICT's SET, unqualified names are the old row.
      const rows = await db
        .insert(faucetClaims)
        .values({ chainId, wallet, asset, status: "reserved", amount, claimedAt: at })
        .onConflictDoUpdate({
          target: [faucetClaims.chainId, faucetClaims.wallet, faucetClaims.asset],
          set: {
            status: "reserved",
            amount: sql`excluded.amount`,
            claimedAt: sql`excluded.claimed_at`,
            transactionHash: null,
            blockNumber: null,
            previousClaimedAt: sql`"faucet_claims"."claimed_at"`,
            previousTransactionHash: sql`"faucet_claims"."transaction_hash"`,
            previousBlockNumber: sql`"faucet_claims"."block_number"`,
            previousAmount: sql`"faucet_claims"."amount"`,
          },
          setWhere: sql`"faucet_claims"."claimed_at" <= excluded.claimed_at - make_interval(secs => ${windowSeconds})`,
        })
        .returning({ claimedAt: faucetClaims.claimedAt });
      if (rows.length === 1) return { reserved: true };
      const existing = await current(wallet, asset);
      // Gone between the two statements (a failed send released it): the caller may simply try again.
      if (!existing) return store.reserve(wallet, asset, amount, at, windowSeconds);
      return { reserved: false, current: existing };
    },

    async complete(wallet, asset, at, transactionHash, blockNumber) {
      await db
        .update(faucetClaims)
        .set({ status: "sent", transactionHash, blockNumber, previousClaimedAt: null, previousTransactionHash: null, previousBlockNumber: null, previousAmount: null })
        .where(and(key(wallet, asset), eq(faucetClaims.claimedAt, at)));
    },

    async release(wallet, asset, at) {
      const mine = and(key(wallet, asset), eq(faucetClaims.status, "reserved"), eq(faucetClaims.claimedAt, at));
      await db.delete(faucetClaims).where(and(mine, isNull(faucetClaims.previousClaimedAt)));
      await db
        .update(faucetClaims)
        .set({
          status: "sent",
          claimedAt: sql`"faucet_claims"."previous_claimed_at"`,
          amount: sql`coalesce("faucet_claims"."previous_amount", "faucet_claims"."amount")`,
          transactionHash: sql`"faucet_claims"."previous_transaction_hash"`,
          blockNumber: sql`"faucet_claims"."previous_block_number"`,
          previousClaimedAt: null,
          previousTransactionHash: null,
          previousBlockNumber: null,
          previousAmount: null,
        })
        .where(and(mine, isNotNull(faucetClaims.previousClaimedAt)));
    },

    async latest(wallet) {
      const rows = await db.select().from(faucetClaims).where(and(eq(faucetClaims.chainId, chainId), eq(faucetClaims.wallet, wallet)));
      return rows.map(toClaim);
    },
  };
  return store;
}
