// The reward slots (vibe_rewards): one conditional upsert reserves a wallet's reward before the mint is
// sent, so two requests at once never both mint; times come from the database's clock. Each mint that left is
// also kept in vibe_reward_mints, the rewards' history (a slot holds only the latest).
import { randomUUID } from "node:crypto";
import { and, countDistinct, eq, inArray, max, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vibeEnvironmentalMints, vibeRewardMints, vibeRewards } from "../../db/schema";
import { VIBECOINS_REWARD } from "./vibecoins.constants";

const INTERVAL = sql.raw(`interval '${VIBECOINS_REWARD.intervalSeconds} seconds'`);

export type Reservation =
  { ok: true; id: string; reservedAt: Date } | { ok: false; nextAt: Date; retryAfterSeconds: number };

export function createRewardRepository(db: Db, chainId: number) {
  return {
    /** Takes the wallet's reward slot when its last one is at least the interval old. */
    async reserve(wallet: string): Promise<Reservation> {
      const id = randomUUID();
      const [row] = await db
        .insert(vibeRewards)
        .values({ chainId, wallet, reservedAt: sql`now()`, reservationId: id })
        .onConflictDoUpdate({
          target: [vibeRewards.chainId, vibeRewards.wallet],
          set: {
            reservedAt: sql`now()`,
            reservationId: id,
            previousReservedAt: sql`${vibeRewards.reservedAt}`,
            transactionHash: null,
            source: null,
          },
          setWhere: sql`${vibeRewards.reservedAt} <= now() - ${INTERVAL}`,
        })
        .returning({ reservedAt: vibeRewards.reservedAt });
      if (row) return { ok: true, id, reservedAt: row.reservedAt };
      const next = await this.next(wallet);
      // Freed between the two statements (a failed mint gave it back): the caller may try again at once.
      return next ?? { ok: false, nextAt: new Date(), retryAfterSeconds: 1 };
    },

    /** When the wallet's next reward is due, if it is not due now. */
    async next(wallet: string): Promise<{ ok: false; nextAt: Date; retryAfterSeconds: number } | null> {
      const [row] = await db
        .select({
          nextAt: sql<Date>`${vibeRewards.reservedAt} + ${INTERVAL}`.mapWith(vibeRewards.reservedAt),
          wait: sql<string>`extract(epoch from ${vibeRewards.reservedAt} + ${INTERVAL} - now())`,
        })
        .from(vibeRewards)
        .where(and(eq(vibeRewards.chainId, chainId), eq(vibeRewards.wallet, wallet)));
      if (!row || Number(row.wait) <= 0) return null;
      return { ok: false, nextAt: row.nextAt, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.wait))) };
    },

    /** The mint left: the slot is used, with its hash, and the mint joins the history. */
    async settle(
      wallet: string,
      reservationId: string,
      transactionHash: string,
      source: "live" | "simulated",
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [slot] = await tx
          .update(vibeRewards)
          .set({ transactionHash, source })
          .where(
            and(
              eq(vibeRewards.chainId, chainId),
              eq(vibeRewards.wallet, wallet),
              eq(vibeRewards.reservationId, reservationId),
            ),
          )
          .returning({ reservedAt: vibeRewards.reservedAt });
        if (!slot) return;
        await tx
          .insert(vibeRewardMints)
          .values({ chainId, wallet, transactionHash: transactionHash.toLowerCase(), source, at: slot.reservedAt })
          .onConflictDoNothing();
      });
    },

    /** The rewards among these transaction hashes (lower case), from the history: every reward, not only the latest. */
    async byHashes(hashes: string[]): Promise<{ transactionHash: string; wallet: string }[]> {
      if (hashes.length === 0) return [];
      const rows = await db
        .select({ transactionHash: vibeRewardMints.transactionHash, wallet: vibeRewardMints.wallet })
        .from(vibeRewardMints)
        .where(
          and(
            eq(vibeRewardMints.chainId, chainId),
            // Stored in lower case, so the lookup uses the (chain, hash) index.
            inArray(
              vibeRewardMints.transactionHash,
              hashes.map((h) => h.toLowerCase()),
            ),
          ),
        );
      return rows;
    },

    /** Nothing was minted: the slot goes back to what it was before this reservation. */
    async release(wallet: string, reservationId: string): Promise<void> {
      await db
        .update(vibeRewards)
        .set({ reservedAt: sql`coalesce(${vibeRewards.previousReservedAt}, to_timestamp(0))` })
        .where(
          and(
            eq(vibeRewards.chainId, chainId),
            eq(vibeRewards.wallet, wallet),
            eq(vibeRewards.reservationId, reservationId),
          ),
        );
    },

    /**
     * Wallets with at least one minted reward, and when the latest was reserved. A wallet's own environmental mint
     * takes the same slot (and so the history); that one is counted with the environmental mints, not here.
     */
    async mintedRewards(): Promise<{ count: number; lastAt: Date | null }> {
      const [row] = await db
        .select({ n: countDistinct(vibeRewardMints.wallet), last: max(vibeRewardMints.at) })
        .from(vibeRewardMints)
        .where(
          and(
            eq(vibeRewardMints.chainId, chainId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(vibeEnvironmentalMints)
                .where(eq(vibeEnvironmentalMints.transactionHash, vibeRewardMints.transactionHash)),
            ),
          ),
        );
      return { count: row?.n ?? 0, lastAt: row?.last ?? null };
    },
  };
}
export type RewardRepository = ReturnType<typeof createRewardRepository>;
