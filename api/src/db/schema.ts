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
    /** The including block's hash where the ledger gives one (EVM); see LedgerReceipt.blockHash. */
    blockHash: text("block_hash"),
    explorerUrl: text("explorer_url"),
    signer: text("signer").notNull(),
    record: jsonb("record").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // A transaction the ledger accepted is recorded once: a wallet-signed mint reported twice must not
    // count twice. The block hash is part of the key because a restarted local node mines the same
    // transaction hashes again in new blocks; rows without one (NULL) never conflict. Simulated
    // transactions are never submitted and stay separate records.
    uniqueIndex("mints_live_tx_unique")
      .on(t.ledger, t.network, t.transactionHash, t.blockHash)
      .where(sql`${t.source} = 'live'`),
    index("mints_created_at_idx").on(sql`${t.createdAt} desc`),
  ],
);

export type MintRow = typeof mints.$inferSelect;
export type NewMintRow = typeof mints.$inferInsert;
