// One table holds every mint, whatever the ledger. The indexed columns are what queries filter and
// sort on; `record` is the exact response the API sent, so history replays it without re-deriving.
import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const mints = pgTable(
  "mints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "eth-mint" | "stellar-mint" | "xrp-volume" */
    kind: text("kind").notNull(),
    /** "ethereum" | "stellar" | "xrpl" */
    ledger: text("ledger").notNull(),
    /** "live" | "simulated" */
    source: text("source").notNull(),
    reason: text("reason"),
    network: text("network").notNull(),
    transactionHash: text("transaction_hash").notNull(),
    signedTransaction: text("signed_transaction"),
    ledgerIndex: bigint("ledger_index", { mode: "number" }),
    explorerUrl: text("explorer_url"),
    signer: text("signer").notNull(),
    record: jsonb("record").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // A transaction the ledger accepted is recorded once: a wallet-signed mint reported twice must not
    // count twice. Simulated transactions are never submitted, and two identical requests may sign
    // byte-identical transactions (same sequence), so they stay separate records.
    uniqueIndex("mints_live_tx_unique").on(t.ledger, t.network, t.transactionHash).where(sql`${t.source} = 'live'`),
    index("mints_created_at_idx").on(sql`${t.createdAt} desc`),
  ],
);

export type MintRow = typeof mints.$inferSelect;
export type NewMintRow = typeof mints.$inferInsert;
