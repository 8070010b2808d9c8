// One table holds every mint, whatever the ledger. The indexed columns are what queries filter and
// sort on; `record` is the exact response the API sent, so history replays it without re-deriving.
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    /**
     * Which run of the chain the transaction is on (the genesis block's hash; a restarted local node has a
     * new one). History says "from an earlier run" by comparing it with the node's, without a chain call
     * per row. Null where unknown (other ledgers, simulated, rows written before it existed).
     */
    chainInstance: text("chain_instance"),
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
    // History pages by (created_at, id), newest first.
    index("mints_created_at_id_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

/**
 * The signer road's nonce per server account (evm:<chainId>:<address>), shared by every API replica on
 * one PostgreSQL: a replica takes an advisory lock on the key, reads the row, signs and sends, and writes
 * the next nonce before it lets go. PGlite (one process) keeps it in memory instead.
 */
export const signerNonces = pgTable("signer_nonces", {
  key: text("key").primaryKey(),
  /** The genesis hash of the chain run the nonce belongs to: a restarted node starts again from its own count. */
  chainInstance: text("chain_instance").notNull(),
  nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Write rate-limit windows (express-rate-limit's store), shared by API replicas. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Sign-In with Ethereum nonces (GET /api/auth/nonce). Single-use across replicas: verifying consumes one
 * with a single UPDATE … WHERE used_at IS NULL AND expires_at > now() RETURNING. A used row is kept until
 * it expires so a replay is told "already used"; expired rows are deleted when nonces are issued.
 */
export const authNonces = pgTable(
  "auth_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("auth_nonces_expires_at_idx").on(t.expiresAt)],
);

/**
 * Signed-in wallets. `id` is the SHA-256 (hex) of the random token in the xqb_session cookie, never the
 * token itself, so the table does not hold usable credentials. A session belongs to one chain id.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** EIP-55 checksummed. */
    address: text("address").notNull(),
    chainId: integer("chain_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt)],
);

export type MintRow = typeof mints.$inferSelect;
export type NewMintRow = typeof mints.$inferInsert;
