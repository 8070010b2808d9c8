// The faucet's claim windows in the database (faucet_claims: one row per chain, wallet and asset, holding the
// latest claim). "One claim per 24 h" and the faucet's global budget (claims per asset per hour and per day,
// all wallets together) are checked and the row reserved in one transaction under a lock per (chain, asset),
// so they hold across parallel requests and API replicas on one PostgreSQL: the row is reserved before
// anything is signed, and of two claims racing for it exactly one gets it back from RETURNING.
//
// A claim's life: reserved (slot held, nothing signed) -> pending (signed: hash, sender and nonce recorded
// BEFORE it leaves) -> sent. A failed send releases it (the previous claim, if any, is put back). A claim a
// crash left reserved or pending is settled by the service from the chain (faucet.service.ts).
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { faucetClaims } from "../../db/schema";
import type { FaucetAsset } from "./faucet.constants";

export type ClaimStatus = "reserved" | "pending" | "sent";

export interface StoredClaim {
  wallet: string;
  asset: FaucetAsset;
  status: ClaimStatus;
  amount: string;
  claimedAt: Date;
  transactionHash: string | null;
  blockNumber: string | null;
  sender: string | null;
  nonce: number | null;
}

/** The global budget: at most `hourly` claims of an asset in any hour and `daily` in any 24 h, all wallets together. */
export interface FaucetBudget {
  hourly: number;
  daily: number;
}

export type BudgetWindow = "hour" | "day";

/** One window of the budget as it stands at a moment. */
export interface BudgetUse {
  window: BudgetWindow;
  limit: number;
  /** Claims of the asset in the window (reserved, pending and sent; released ones are gone). */
  used: number;
  remaining: number;
  /** When the window next has room (the claim that must age out leaves); null while it has room now. */
  nextSlotAt: Date | null;
}

export type Reservation =
  | { reserved: true }
  | { reserved: false; why: "wallet"; current: StoredClaim }
  | { reserved: false; why: "budget"; use: BudgetUse };

export interface FaucetClaimStore {
  /**
   * Reserves the wallet's claim of `asset` at `at`, unless its latest claim is less than `windowSeconds` old
   * (why "wallet") or the asset's budget is spent (why "budget", the window that refused).
   */
  reserve(
    wallet: string,
    asset: FaucetAsset,
    amount: string,
    at: Date,
    windowSeconds: number,
    budget: FaucetBudget,
  ): Promise<Reservation>;
  /** The reservation made at `at` is signed: hash, sender and nonce recorded before sending. False when the slot is no longer this claim's (settled meanwhile): then nothing may be sent. */
  recordSigned(
    wallet: string,
    asset: FaucetAsset,
    at: Date,
    tx: { hash: string; sender: string; nonce: number },
  ): Promise<boolean>;
  /** Records the sent transaction on the claim made at `at`. */
  complete(
    wallet: string,
    asset: FaucetAsset,
    at: Date,
    transactionHash: string,
    blockNumber: string | null,
  ): Promise<void>;
  /** Undoes the claim made at `at` (nothing was sent, or it reverted or was dropped): the previous claim, if any, is back. */
  release(wallet: string, asset: FaucetAsset, at: Date): Promise<void>;
  /** The wallet's latest claim per asset. */
  latest(wallet: string): Promise<StoredClaim[]>;
  /** Every claim not settled yet (reserved or pending), oldest first. */
  unsettled(): Promise<StoredClaim[]>;
  /** The asset's budget at `at`, both windows. */
  budgetUse(asset: FaucetAsset, at: Date, budget: FaucetBudget): Promise<BudgetUse[]>;
}

const toClaim = (r: typeof faucetClaims.$inferSelect): StoredClaim => ({
  wallet: r.wallet,
  asset: r.asset as FaucetAsset,
  status: r.status as ClaimStatus,
  amount: r.amount,
  claimedAt: r.claimedAt,
  transactionHash: r.transactionHash,
  blockNumber: r.blockNumber,
  sender: r.sender,
  nonce: r.nonce,
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function createFaucetClaimStore(db: Db, chainId: number): FaucetClaimStore {
  const key = (wallet: string, asset: FaucetAsset) =>
    and(eq(faucetClaims.chainId, chainId), eq(faucetClaims.wallet, wallet), eq(faucetClaims.asset, asset));

  /** The asset's budget windows at `at`, read with `q` (inside the reserving transaction, or alone). */
  async function budgetUseWith(
    q: Pick<Db, "select">,
    asset: FaucetAsset,
    at: Date,
    budget: FaucetBudget,
  ): Promise<BudgetUse[]> {
    // The table keeps each wallet's latest claim only, and a wallet claims an asset at most once in 24 h: its
    // rows of the last 24 h are every claim of the last 24 h, so counting them is exact.
    const rows = await q
      .select({ claimedAt: faucetClaims.claimedAt })
      .from(faucetClaims)
      .where(
        and(
          eq(faucetClaims.chainId, chainId),
          eq(faucetClaims.asset, asset),
          gt(faucetClaims.claimedAt, new Date(at.getTime() - DAY_MS)),
        ),
      )
      .orderBy(asc(faucetClaims.claimedAt));
    const windowOf = (window: BudgetWindow, ms: number, limit: number): BudgetUse => {
      const inWindow = rows.filter((r) => r.claimedAt.getTime() > at.getTime() - ms);
      const used = inWindow.length;
      // Room comes back when enough of the oldest claims age out for `used` to fall below the limit.
      const leaving = used >= limit ? inWindow[used - limit] : undefined;
      return {
        window,
        limit,
        used,
        remaining: Math.max(0, limit - used),
        nextSlotAt: leaving ? new Date(leaving.claimedAt.getTime() + ms) : null,
      };
    };
    return [windowOf("hour", HOUR_MS, budget.hourly), windowOf("day", DAY_MS, budget.daily)];
  }

  const store: FaucetClaimStore = {
    async reserve(wallet, asset, amount, at, windowSeconds, budget) {
      return db.transaction(async (tx) => {
        // One reserving transaction per (chain, asset) at a time, across replicas (PGlite runs one transaction at a time anyway).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`faucet:${chainId}:${asset}`}, 0))`);
        const [row] = await tx.select().from(faucetClaims).where(key(wallet, asset)).limit(1);
        if (row && row.claimedAt.getTime() > at.getTime() - windowSeconds * 1000)
          return { reserved: false, why: "wallet", current: toClaim(row) } as const;
        const spent = (await budgetUseWith(tx, asset, at, budget)).find((u) => u.remaining === 0);
        if (spent) return { reserved: false, why: "budget", use: spent } as const;
        // The existing row (a claim at least a window old) is replaced; the old claim is kept in previous_* so a
        // failed send can put it back. In ON CONFLICT's SET, unqualified names are the old row.
        await tx
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
              sender: null,
              nonce: null,
              previousClaimedAt: sql`"faucet_claims"."claimed_at"`,
              previousTransactionHash: sql`"faucet_claims"."transaction_hash"`,
              previousBlockNumber: sql`"faucet_claims"."block_number"`,
              previousAmount: sql`"faucet_claims"."amount"`,
            },
          });
        return { reserved: true } as const;
      });
    },

    async recordSigned(wallet, asset, at, signed) {
      const rows = await db
        .update(faucetClaims)
        .set({ status: "pending", transactionHash: signed.hash, sender: signed.sender, nonce: signed.nonce })
        .where(and(key(wallet, asset), eq(faucetClaims.claimedAt, at), eq(faucetClaims.status, "reserved")))
        .returning({ wallet: faucetClaims.wallet });
      return rows.length === 1;
    },

    async complete(wallet, asset, at, transactionHash, blockNumber) {
      await db
        .update(faucetClaims)
        .set({
          status: "sent",
          transactionHash,
          blockNumber,
          previousClaimedAt: null,
          previousTransactionHash: null,
          previousBlockNumber: null,
          previousAmount: null,
        })
        .where(
          and(
            key(wallet, asset),
            eq(faucetClaims.claimedAt, at),
            inArray(faucetClaims.status, ["reserved", "pending"]),
          ),
        );
    },

    async release(wallet, asset, at) {
      const mine = and(
        key(wallet, asset),
        inArray(faucetClaims.status, ["reserved", "pending"]),
        eq(faucetClaims.claimedAt, at),
      );
      await db.delete(faucetClaims).where(and(mine, isNull(faucetClaims.previousClaimedAt)));
      await db
        .update(faucetClaims)
        .set({
          status: "sent",
          claimedAt: sql`"faucet_claims"."previous_claimed_at"`,
          amount: sql`coalesce("faucet_claims"."previous_amount", "faucet_claims"."amount")`,
          transactionHash: sql`"faucet_claims"."previous_transaction_hash"`,
          blockNumber: sql`"faucet_claims"."previous_block_number"`,
          sender: null,
          nonce: null,
          previousClaimedAt: null,
          previousTransactionHash: null,
          previousBlockNumber: null,
          previousAmount: null,
        })
        .where(and(mine, isNotNull(faucetClaims.previousClaimedAt)));
    },

    async latest(wallet) {
      const rows = await db
        .select()
        .from(faucetClaims)
        .where(and(eq(faucetClaims.chainId, chainId), eq(faucetClaims.wallet, wallet)));
      return rows.map(toClaim);
    },

    async unsettled() {
      const rows = await db
        .select()
        .from(faucetClaims)
        .where(and(eq(faucetClaims.chainId, chainId), inArray(faucetClaims.status, ["reserved", "pending"])))
        .orderBy(asc(faucetClaims.claimedAt));
      return rows.map(toClaim);
    },

    budgetUse: (asset, at, budget) => budgetUseWith(db, asset, at, budget),
  };
  return store;
}
