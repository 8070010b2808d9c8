// The reward slots and their history on the migrated database (PGlite): a wallet's slot holds at most its latest
// reward, the history every reward that left, so an older reward is still named by its hash; a slot given back
// (nothing minted) leaves no history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { vibeRewards } from "../../db/schema";
import { leaseTestDatabase } from "../../testing/worker-database";
import { createRewardRepository } from "./vibecoins.repository";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const hash = (b: string) => `0x${b.repeat(32)}`;

let database: Database;
beforeAll(async () => {
  database = await leaseTestDatabase();
}, 120_000);
afterAll(() => database?.close());

describe("reward history", () => {
  it("keeps every reward that left, whatever the slot holds now", async () => {
    const repo = createRewardRepository(database.db, 31337);
    const hourAgo = async () =>
      database.db
        .update(vibeRewards)
        .set({ reservedAt: new Date(Date.now() - 3_601_000) })
        .where(eq(vibeRewards.wallet, WALLET));

    const first = await repo.reserve(WALLET);
    if (!first.ok) throw new Error("the first reservation must succeed");
    await repo.settle(WALLET, first.id, hash("a1"), "live");
    expect((await repo.reserve(WALLET)).ok).toBe(false); // within the hour

    await hourAgo();
    const second = await repo.reserve(WALLET);
    if (!second.ok) throw new Error("a reservation an hour later must succeed");
    await repo.settle(WALLET, second.id, hash("b2"), "live");

    await hourAgo();
    const third = await repo.reserve(WALLET);
    if (!third.ok) throw new Error("a reservation an hour later must succeed");
    await repo.release(WALLET, third.id); // the mint failed before it left: nothing to remember

    const found = await repo.byHashes([hash("a1"), hash("b2").toUpperCase().replace("0X", "0x"), hash("c3")]);
    expect(found.map((r) => r.transactionHash).sort()).toEqual([hash("a1"), hash("b2")]);
    expect(found.every((r) => r.wallet === WALLET)).toBe(true);
    // The slot names no reward any more (the third reservation cleared it); the history still has both.
    const [slot] = await database.db.select().from(vibeRewards).where(eq(vibeRewards.wallet, WALLET));
    expect(slot!.transactionHash).toBeNull();
    expect(await repo.mintedRewards()).toMatchObject({ count: 1 });
  });
});
