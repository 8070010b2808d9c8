// The coins' testnet keys: one 32-byte master seed per install (COIN_TESTNET_SEED, 64 hex, or generated at the
// first start and stored sealed under the install key, shared/custody.ts), and from it, by HKDF-SHA-256, a sender
// and a recipient seed per coin. Test transactions go from our sender to our recipient: nobody else's funds move.
// Seeds never leave this module's callers (the signers); the addresses are what the API shows.
import { hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinTestnetKeys } from "../../db/schema";
import type { Custody } from "../../shared/custody";

const MASTER = "master";
const BOUND_TO = "coin-testnet-keys master";
const SALT = "xqb-coin-testnet-v1";

export type CoinKeyRole = "sender" | "recipient";

export interface CoinKeys {
  /** Where the master seed came from. */
  readonly source: "env" | "install";
  /** The 32-byte seed of a coin's sender or recipient key. */
  seed(symbol: string, role: CoinKeyRole): Uint8Array;
}

export function coinKeysFromMaster(master: Uint8Array, source: CoinKeys["source"]): CoinKeys {
  if (master.length !== 32) throw new Error("the coin testnet master seed must be 32 bytes");
  const cache = new Map<string, Uint8Array>();
  return {
    source,
    seed(symbol, role) {
      const info = `${symbol}:${role}`;
      let s = cache.get(info);
      if (!s) cache.set(info, (s = new Uint8Array(hkdfSync("sha256", master, SALT, info, 32))));
      return s;
    },
  };
}

/** The environment's seed, else the install's (created once: two starting processes agree through the table). */
export async function openCoinKeys(options: { db: Db; custody: Custody; envSeed: string | null }): Promise<CoinKeys> {
  if (options.envSeed) return coinKeysFromMaster(Buffer.from(options.envSeed, "hex"), "env");
  const read = async () =>
    (await options.db.select().from(coinTestnetKeys).where(eq(coinTestnetKeys.name, MASTER)).limit(1))[0];
  let row = await read();
  if (!row) {
    await options.db
      .insert(coinTestnetKeys)
      .values({ name: MASTER, sealed: options.custody.seal(randomBytes(32), BOUND_TO), createdAt: new Date() })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error("the coin testnet master seed could not be stored");
  return coinKeysFromMaster(options.custody.unseal(row.sealed, BOUND_TO), "install");
}
