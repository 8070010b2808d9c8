// One table holds every mint, whatever the ledger. The indexed columns are what queries filter and
// sort on; `record` is the exact response the API sent, so history replays it without re-deriving.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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

/**
 * The EVM event index (api/src/ledgers/evm/event-index): every decoded log of the deploy map's contracts,
 * per chain run (`chain_instance`, the genesis hash: a restarted local node starts a new index and the old
 * run's rows are deleted). Written only together with the head below, in one transaction per block range.
 */
export const evmEvents = pgTable(
  "evm_events",
  {
    chainId: integer("chain_id").notNull(),
    chainInstance: text("chain_instance").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    transactionHash: text("transaction_hash").notNull(),
    blockHash: text("block_hash").notNull(),
    /** The deploy map's name (the three staking pools share one ABI but are three names). */
    contract: text("contract").notNull(),
    /** EIP-55 checksummed. */
    address: text("address").notNull(),
    eventName: text("event_name").notNull(),
    /** Decoded, JSON-safe: integers as decimal strings, addresses checksummed. */
    args: jsonb("args").notNull(),
    /** Unix seconds of the including block (chain time). */
    blockTimestamp: bigint("block_timestamp", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "evm_events_pk", columns: [t.chainInstance, t.blockNumber, t.logIndex] }),
    // The query shape: one run, a contract (or a few), an event name, in block order.
    index("evm_events_contract_event_idx").on(t.chainInstance, t.contract, t.eventName, t.blockNumber, t.logIndex),
    // Lookups by an argument (owner, user, account, …): args @> '{"owner": "0x…"}'.
    index("evm_events_args_idx").using("gin", t.args.op("jsonb_path_ops")),
  ],
);

/** How far the index has got, per chain and run: the last block stored, with its hash (reorg check) and time. */
export const evmIndexHeads = pgTable(
  "evm_index_heads",
  {
    chainId: integer("chain_id").notNull(),
    chainInstance: text("chain_instance").notNull(),
    lastBlock: bigint("last_block", { mode: "number" }).notNull(),
    lastBlockHash: text("last_block_hash").notNull(),
    lastBlockTimestamp: bigint("last_block_timestamp", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "evm_index_heads_pk", columns: [t.chainId, t.chainInstance] })],
);

/**
 * Time samples of blocks the index passed (thinned by chain time, kept on both sides of a time jump):
 * "the block at or before time t" without asking the chain.
 */
export const evmIndexBlocks = pgTable(
  "evm_index_blocks",
  {
    chainId: integer("chain_id").notNull(),
    chainInstance: text("chain_instance").notNull(),
    number: bigint("number", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "evm_index_blocks_pk", columns: [t.chainInstance, t.number] }),
    index("evm_index_blocks_time_idx").on(t.chainInstance, t.timestamp),
  ],
);

export type MintRow = typeof mints.$inferSelect;
export type NewMintRow = typeof mints.$inferInsert;

// ---- treasury-staking (api/src/features/treasury-staking) ------------------------------------------------

/** The replay clock of the local chain: the curve day the demo stands on (survives restarts). */
export const treasuryReplayClock = pgTable("treasury_replay_clock", {
  /** One clock per network ("hardhat"). */
  id: text("id").primaryKey(),
  /** ISO date of a row of yield_curve_replay_daily.csv. */
  asOf: text("as_of").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Paper positions on the official par curve: the legs as opened; P&L is computed on each curve day. */
export const treasuryPositions = pgTable(
  "treasury_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The SIWE session's wallet (EIP-55) or "demo-user". */
    userId: text("user_id").notNull(),
    strategy: text("strategy").notNull(),
    /** "ACTIVE" | "CLOSED" */
    status: text("status").notNull(),
    /** Curve days (ISO dates). */
    openedOn: text("opened_on").notNull(),
    closedOn: text("closed_on"),
    /** USD of capital (gross face of the legs). */
    amount: doublePrecision("amount").notNull(),
    /** The legs as opened: tenor, side, face, entry yield and price, DV01, maturity in years. */
    legs: jsonb("legs").notNull(),
    entrySpreadBps: doublePrecision("entry_spread_bps").notNull(),
    /** The model's expected spread change over its horizon at entry (bps). */
    expectedSpreadChangeBps: doublePrecision("expected_spread_change_bps").notNull(),
    /** "live" | "snapshot": where the opening day's curve came from. */
    source: text("source").notNull(),
    realizedPnl: doublePrecision("realized_pnl"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("treasury_positions_user_idx").on(t.userId, t.createdAt),
    index("treasury_positions_status_idx").on(t.status),
  ],
);
export type TreasuryPositionRow = typeof treasuryPositions.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// quantum-treasury-2 / the Safe road (api/src/ledgers/evm/safe): Safe transactions waiting for owners'
// signatures. Off the local chain the API holds no owner key: a proposal is stored with its SafeTx fields
// (so its hash and EIP-712 payload can be rebuilt exactly) and collects signatures until the threshold.

export const safeProposals = pgTable(
  "safe_proposals",
  {
    chainId: integer("chain_id").notNull(),
    safeTxHash: text("safe_tx_hash").notNull(),
    safe: text("safe").notNull(),
    /** The feature's words for what it does ("mint_xqb", "strategy", …). */
    label: text("label").notNull(),
    /** SafeTx: to, value, data, operation, nonce (gas fields are always 0, refund addresses zero). */
    to: text("to").notNull(),
    value: text("value").notNull(),
    data: text("data").notNull(),
    operation: integer("operation").notNull(),
    nonce: text("nonce").notNull(),
    /** The inner calls [{to, value, data}] (integers as text). */
    calls: jsonb("calls").notNull(),
    owners: jsonb("owners").notNull(),
    threshold: integer("threshold").notNull(),
    /** [{owner, signature, method}] in Safe's encoding. */
    signatures: jsonb("signatures").notNull(),
    /** "pending" | "executed" | "failed" */
    status: text("status").notNull(),
    transactionHash: text("transaction_hash"),
    /** What the feature needs back when it executes (e.g. the state before), JSON. */
    context: jsonb("context"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "safe_proposals_pk", columns: [t.chainId, t.safeTxHash] }),
    index("safe_proposals_status_idx").on(t.chainId, t.status, sql`${t.createdAt} desc`),
  ],
);
export type SafeProposalRow = typeof safeProposals.$inferSelect;

// ---- testnet (the /testnet-perfection page) ---------------------------------------------------------

/**
 * The readiness tests' runs (POST /api/testnet/test-multisig, test-treasury, perfect): which kind, on which
 * chain run, whether every step passed, and the steps themselves (name, outcome, hash, decoded revert,
 * numbers) as the API answered them. A flag counts only a passing run on the chain instance the API is on.
 */
export const testnetRuns = pgTable(
  "testnet_runs",
  {
    id: serial("id").primaryKey(),
    /** "multisig" | "treasury" | "emergency" */
    kind: text("kind").notNull(),
    chainId: integer("chain_id").notNull(),
    /** The chain run (genesis hash) the steps ran on; null when it could not be read. */
    chainInstance: text("chain_instance"),
    passed: boolean("passed").notNull(),
    /** "live" | "skipped" */
    source: text("source").notNull(),
    /** TestStep[] (testnet.schemas.ts). */
    steps: jsonb("steps").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Who ran it (http/access.ts ranByOf): the operator's address or "open (local presenter)"; null before it was recorded. */
    ranBy: text("ran_by"),
    /** Where the steps ran ("in-process chain, fresh deploy of the suite at <time>"); null before it was recorded. */
    ranOn: text("ran_on"),
  },
  (t) => [index("testnet_runs_kind_idx").on(t.chainId, t.chainInstance, t.kind, t.id)],
);

// ---- bridge (the relayer's state machine, api/src/features/bridge) ---------------------------------

/**
 * One row per bridge transfer. Outbound: a BridgeEscrow lock (id = the nonce) on a chain run (`run` = its
 * genesis hash: a restarted local chain numbers its locks from 0 again). Inbound: a payment to the issuer
 * on Stellar / XRPL (id = "stellar-<hash>" / "xrpl-<hash>", run = "inbound"), so a replayed source
 * transaction meets the primary key. Every transition is one conditional UPDATE from the expected state.
 */
export const bridgeTransfers = pgTable(
  "bridge_transfers",
  {
    chainId: integer("chain_id").notNull(),
    run: text("run").notNull(),
    id: text("id").notNull(),
    /** "outbound" | "inbound" */
    direction: text("direction").notNull(),
    /** bridge.constants.ts BRIDGE_STATES */
    state: text("state").notNull(),
    /** "stellar" | "xrpl" */
    ledger: text("ledger").notNull(),
    /** The EVM sender (outbound) / recipient (inbound), lower case, for ?address=. */
    evmAddress: text("evm_address"),
    /** EvmSide (bridge.schemas.ts). */
    evm: jsonb("evm").notNull(),
    /** RemoteSide (bridge.schemas.ts). */
    remote: jsonb("remote").notNull(),
    /** The delivery signed and stored before it left: {hash, blob, sequence, expiresAt, lastLedgerSequence, submitted}. */
    signed: jsonb("signed"),
    deadlineAt: timestamp("deadline_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    timestamps: jsonb("timestamps").notNull(),
    history: jsonb("history").notNull(),
    /** The batch (POST /api/bridge/batch) that made it, if any. */
    batchId: text("batch_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "bridge_transfers_pk", columns: [t.chainId, t.run, t.id] }),
    index("bridge_transfers_state_idx").on(t.chainId, t.state),
    index("bridge_transfers_address_idx").on(t.chainId, t.evmAddress),
  ],
);
export type BridgeTransferRow = typeof bridgeTransfers.$inferSelect;

/** Where the relayer's readers are: the Locked events' block, Stellar's paging token, XRPL's ledger. */
export const bridgeCursors = pgTable("bridge_cursors", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The relayer lease: one relayer acts per database; the holder renews it each pass (its heartbeat). */
export const bridgeLease = pgTable("bridge_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" }).notNull(),
  lastError: text("last_error"),
});
// ---- vibecoins (the /vibecoins-xqb-mint-burn page) ----------------------------------------------------

/**
 * One row per wallet and chain: when its last VIBE reward was reserved. A reward request reserves the slot
 * with one conditional upsert (only when the previous reservation is older than the interval), before the
 * mint is sent, so two requests at once never both mint; a mint that fails before it leaves gives the
 * slot back (`previousReservedAt`).
 */
export const vibeRewards = pgTable(
  "vibe_rewards",
  {
    chainId: integer("chain_id").notNull(),
    /** EIP-55 checksummed. */
    wallet: text("wallet").notNull(),
    reservedAt: timestamp("reserved_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Names the current reservation, so only its own request can give it back. */
    reservationId: uuid("reservation_id").notNull(),
    previousReservedAt: timestamp("previous_reserved_at", { withTimezone: true, mode: "date" }),
    /** The reward's mint, once sent; null while reserved. */
    transactionHash: text("transaction_hash"),
    /** "live" | "simulated" */
    source: text("source"),
  },
  (t) => [primaryKey({ name: "vibe_rewards_pk", columns: [t.chainId, t.wallet] })],
);

/**
 * Every reward mint that left, one row per transaction, written with the slot's settling (vibe_rewards keeps only a
 * wallet's latest slot): the operations log and the environmental ledger name each of a wallet's hourly rewards,
 * not only its last. `at` is when the reward was reserved.
 */
export const vibeRewardMints = pgTable(
  "vibe_reward_mints",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    /** EIP-55 checksummed. */
    wallet: text("wallet").notNull(),
    transactionHash: text("transaction_hash").notNull(),
    /** "live" | "simulated" */
    source: text("source").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("vibe_reward_mints_tx_unique").on(t.chainId, t.transactionHash),
    index("vibe_reward_mints_wallet_idx").on(t.chainId, t.wallet),
  ],
);

// ---- faucet (the /testnet-xqb-faucet page) ----------------------------------------------------------

/**
 * Each wallet's latest faucet claim per asset and chain: one row per (chain, wallet, asset), so "one claim
 * per 24 h" is one conditional upsert (reserved before anything is sent; of two parallel claims exactly one
 * gets the row). A claim goes reserved -> pending (signed: its hash, sender and nonce written BEFORE it is
 * sent) -> sent. A failed send puts the previous claim back (the previous_* columns), so nothing is left
 * half-written; a claim left reserved or pending by a crash is settled from the chain at the next start
 * (mined: sent; never sent or dropped: released). The rows of the last 24 h are also the faucet's global
 * budget (claims per asset per hour and per day, all wallets together).
 */
export const faucetClaims = pgTable(
  "faucet_claims",
  {
    chainId: integer("chain_id").notNull(),
    /** EIP-55 checksummed. */
    wallet: text("wallet").notNull(),
    /** "XQB" | "USDC" | "ETH" */
    asset: text("asset").notNull(),
    /** "reserved" (slot held, nothing signed) | "pending" (signed, hash recorded, maybe sent) | "sent" */
    status: text("status").notNull(),
    /** Whole units, as text. */
    amount: text("amount").notNull(),
    /** The API's clock when the claim was reserved (the window starts here). */
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull(),
    transactionHash: text("transaction_hash"),
    blockNumber: text("block_number"),
    /** Who signed the claim's transaction and its nonce (recorded with the hash before sending): how a crash is settled. */
    sender: text("sender"),
    nonce: integer("nonce"),
    /** The claim this one replaced, put back if this one's send fails; null for a first claim. */
    previousClaimedAt: timestamp("previous_claimed_at", { withTimezone: true, mode: "date" }),
    previousTransactionHash: text("previous_transaction_hash"),
    previousBlockNumber: text("previous_block_number"),
    previousAmount: text("previous_amount"),
  },
  (t) => [
    primaryKey({ name: "faucet_claims_pk", columns: [t.chainId, t.wallet, t.asset] }),
    index("faucet_claims_budget").on(t.chainId, t.asset, t.claimedAt),
  ],
);
export type FaucetClaimRow = typeof faucetClaims.$inferSelect;

// ---- professional readiness (the /professional-blockchain-development page) ----------------------------

/**
 * Every assessment run (security audit, load testing, compliance audit, penetration testing, disaster
 * recovery), one INSERT once it has finished: `result` is the whole answer as the route sent it. The
 * readiness report reads the latest of each kind; the load tests' rows are its history chart.
 */
export const professionalRuns = pgTable(
  "professional_runs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** When it started (the spec's timestamp per test). */
    ranAt: timestamp("ran_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    passed: boolean("passed").notNull(),
    /** 0-100. */
    score: doublePrecision("score").notNull(),
    result: jsonb("result").notNull(),
    /** Who ran it (http/access.ts ranByOf); null before it was recorded. */
    ranBy: text("ran_by"),
  },
  (t) => [index("professional_runs_kind_id").on(t.kind, t.id)],
);

// ---- security (the /government-security-dashboard page) -------------------------------------------------

/**
 * One row per finished security suite run (the comprehensive one, and the individual tests): one INSERT once
 * the run is over, so a failed run leaves nothing. `report` is the exact body the API answered.
 */
export const securityRuns = pgTable(
  "security_runs",
  {
    id: serial("id").primaryKey(),
    /** "comprehensive" | "authentication" | "injection" | "xss" | "csrf" */
    kind: text("kind").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    report: jsonb("report").notNull(),
    /** Who ran it (http/access.ts ranByOf); null before it was recorded. */
    ranBy: text("ran_by"),
  },
  (t) => [index("security_runs_kind_id_idx").on(t.kind, t.id)],
);

// ---- mainnet-readiness (the /mainnet-readiness-dashboard page) --------------------------------------------

/**
 * The readiness score's history: a snapshot when the status is computed and the score or an item's outcome
 * changed since the last one, or the last one is 10 minutes old.
 */
export const mainnetReadinessSnapshots = pgTable(
  "mainnet_readiness_snapshots",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    score: doublePrecision("score").notNull(),
    passed: integer("passed").notNull(),
    total: integer("total").notNull(),
    /** Item id -> passed (true / false / null for not measured). */
    items: jsonb("items").notNull(),
  },
  (t) => [index("mainnet_readiness_snapshots_at_idx").on(t.at)],
);

// ---- q-isolator (the /q-blockchain-isolator-dashboard page, api/src/features/q-isolator) ------------------
// Keys and metadata only: the files themselves are envelopes (ciphertext) in the UnixFS blockstore on disk,
// found by CID. Public keys are stored as base64; secret keys only sealed under the install key (custody.ts).

export const qIsolations = pgTable("q_isolations", {
  /** "iso-" and 16 hex characters. */
  id: text("id").primaryKey(),
  /** COMMERCIAL | ENTERPRISE | GOVERNMENT */
  securityLevel: text("security_level").notNull(),
  agency: text("agency"),
  /** The custodian's ML-KEM encapsulation key (base64) and its decapsulation key, sealed. */
  encapsulationKey: text("encapsulation_key").notNull(),
  decapsulationKeySealed: text("decapsulation_key_sealed").notNull(),
  /** The custodian's ML-DSA verification key (base64) and its signing key, sealed. */
  verificationKey: text("verification_key").notNull(),
  signingKeySealed: text("signing_key_sealed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The signed-in wallet (EIP-55) that created it; null for isolations made before creators were recorded. */
  createdBy: text("created_by"),
});

export const qIsolatorAgencies = pgTable("q_isolator_agencies", {
  agency: text("agency").primaryKey(),
  /** PUBLIC | CONFIDENTIAL | SECRET | TOP_SECRET */
  clearanceLevel: text("clearance_level").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The signed-in wallet that registered it (or created the isolation that named it); null before this was recorded. */
  createdBy: text("created_by"),
});

/**
 * One ML-KEM key per agency and parameter set: a file is wrapped for an agency with its key of the file's level.
 * Generated here (the decapsulation key sealed beside it), or registered by the agency with its encapsulation
 * key only (`decapsulationKeySealed` null: the agency decrypts with its own key, anywhere).
 */
export const qIsolatorAgencyKeys = pgTable(
  "q_isolator_agency_keys",
  {
    agency: text("agency").notNull(),
    securityLevel: text("security_level").notNull(),
    encapsulationKey: text("encapsulation_key").notNull(),
    decapsulationKeySealed: text("decapsulation_key_sealed"),
  },
  (t) => [primaryKey({ columns: [t.agency, t.securityLevel] })],
);

/** `agency` lets `authorizedAgency` read the files of its isolations (their keys re-wrapped for it). */
export const qIsolatorAuthorizations = pgTable(
  "q_isolator_authorizations",
  {
    agency: text("agency").notNull(),
    authorizedAgency: text("authorized_agency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agency, t.authorizedAgency] })],
);

export const qIsolatorFiles = pgTable(
  "q_isolator_files",
  {
    fileId: uuid("file_id").primaryKey(),
    isolationId: text("isolation_id").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    /** Plaintext bytes. */
    size: integer("size").notNull(),
    /** The current envelope: its version and CID (a re-wrap makes a new one; older CIDs are superseded). */
    currentVersion: integer("current_version").notNull(),
    currentCid: text("current_cid").notNull(),
    encryptedSize: integer("encrypted_size").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The signed-in wallet that uploaded it (its quota counts the file); null before uploaders were recorded. */
    uploadedBy: text("uploaded_by"),
    /**
     * The latest verification of the current envelope, recorded when it was written and by the background scrub
     * since: reads (status, profiles, report) use these and never read the blocks. Null until first verified.
     */
    verifiedVersion: integer("verified_version"),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    verifiedOk: boolean("verified_ok"),
    /** "post-quantum" | "classical-only" | "unknown" */
    verifiedProtection: text("verified_protection"),
    verifiedFailedCheck: text("verified_failed_check"),
    verifiedDetail: text("verified_detail"),
  },
  (t) => [
    index("q_isolator_files_isolation_idx").on(t.isolationId),
    uniqueIndex("q_isolator_files_cid_idx").on(t.currentCid),
    index("q_isolator_files_uploaded_by_idx").on(t.uploadedBy),
    index("q_isolator_files_verified_at_idx").on(t.verifiedAt),
  ],
);

/** Every envelope a file has had: a superseded CID is known, and refused as a replay. */
export const qIsolatorFileVersions = pgTable(
  "q_isolator_file_versions",
  {
    fileId: uuid("file_id").notNull(),
    version: integer("version").notNull(),
    cid: text("cid").notNull(),
    /** "custodian" and "agency:<name>". */
    recipients: jsonb("recipients").notNull(),
    envelopeBytes: integer("envelope_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.version] }), index("q_isolator_file_versions_cid_idx").on(t.cid)],
);

/** Each threat simulation's summary and results, as answered (the report reads the latest). */
export const qIsolatorSimulations = pgTable(
  "q_isolator_simulations",
  {
    id: serial("id").primaryKey(),
    ranAt: timestamp("ran_at", { withTimezone: true, mode: "date" }).notNull(),
    intensity: integer("intensity").notNull(),
    attempted: integer("attempted").notNull(),
    blocked: integer("blocked").notNull(),
    overallSecurityRate: doublePrecision("overall_security_rate").notNull(),
    result: jsonb("result").notNull(),
  },
  (t) => [index("q_isolator_simulations_ran_at_idx").on(t.ranAt)],
);

/**
 * The coins' testnet keys (features/cryptocurrency): one 32-byte master seed per install, sealed under the install
 * key (shared/custody.ts) and bound to its name; each coin's keys are derived from it. Never leaves the server.
 */
export const coinTestnetKeys = pgTable("coin_testnet_keys", {
  name: text("name").primaryKey(),
  sealed: text("sealed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Every coin test transaction, as answered: the response times and the levels the overview computes from. */
export const coinTestRuns = pgTable(
  "coin_test_runs",
  {
    id: serial("id").primaryKey(),
    symbol: text("symbol").notNull(),
    /** "live" | "signed-offline" */
    level: text("level").notNull(),
    /** "live" | "simulated" */
    source: text("source").notNull(),
    ok: boolean("ok").notNull(),
    /** Wall time of the whole test transaction (build, sign, and for live ones submit and confirm), ms. */
    ms: doublePrecision("ms").notNull(),
    transactionHash: text("transaction_hash"),
    /** The signed-in wallet that asked (EIP-55). */
    caller: text("caller"),
    /** The error code when ok is false. */
    error: text("error"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("coin_test_runs_symbol_at_idx").on(t.symbol, t.at)],
);

/**
 * VIBE mints that name an environmental project (POST /api/vibecoins-crypto/mint): the testnet operations
 * feature's record of the project beside the chain's mint. It measures nothing: no CO2 figure is derived from it.
 */
export const vibeEnvironmentalMints = pgTable(
  "vibe_environmental_mints",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    /** VIBE, decimal text. */
    amount: text("amount").notNull(),
    project: text("project").notNull(),
    transactionHash: text("transaction_hash").notNull(),
    /** "live" | "simulated" */
    source: text("source").notNull(),
    reason: text("reason"),
    /** The EVM chain the mint went to (31337 the local chain, 11155111 Sepolia). */
    chainId: integer("chain_id").notNull(),
    /** The local chain run (genesis hash) the mint was sent to; null when simulated or off the local chain. */
    chainInstance: text("chain_instance"),
    /** The signed-in wallet (or operator) that asked. */
    caller: text("caller"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("vibe_environmental_mints_at_idx").on(t.at)],
);

// ---- unified (the /unified-platform Presidential Dashboard, api/src/features/unified) -----------------------

/**
 * One row per finished dashboard operation (POST /api/unified/execute: health_check, sync_bridges, threat_scan),
 * written once when the run is over, so a failed run leaves its failure and a crashed one nothing. `result` is the
 * exact result the API answered; every visitor reads the last run of each operation from here.
 */
export const unifiedOperationRuns = pgTable(
  "unified_operation_runs",
  {
    id: serial("id").primaryKey(),
    /** "health_check" | "sync_bridges" | "threat_scan" */
    operation: text("operation").notNull(),
    /** The spec's platform id the operation was asked for ("all", "cross-chain", "quantum-crypto"). */
    platform: text("platform").notNull(),
    /** "ok" | "degraded" | "failed": what the run found, not whether the request succeeded. */
    outcome: text("outcome").notNull(),
    result: jsonb("result").notNull(),
    /** Who ran it (http/access.ts ranByOf). */
    ranBy: text("ran_by").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("unified_operation_runs_operation_id_idx").on(t.operation, t.id)],
);

// ---- onboarding (the /authentic-user-onboarding page, api/src/features/onboarding) -------------------------

/**
 * A wallet's completed onboarding steps, one row per step, written when the step's evidence was read (the chain
 * id, a balance, the faucet claim, a mint or a stake in the event index). `evidence` says what was read, so the
 * page shows why a step is done; a row is never written without it.
 */
export const onboardingSteps = pgTable(
  "onboarding_steps",
  {
    /** The EVM chain the wallet onboarded on (31337 the local chain, 11155111 Sepolia). */
    chainId: integer("chain_id").notNull(),
    /** Lower-case 0x address. */
    address: text("address").notNull(),
    /** "wallet" | "network" | "connected" | "signed_in" | "funded" | "first_mint" | "first_stake" */
    step: text("step").notNull(),
    evidence: jsonb("evidence").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.step] })],
);

// ---- crowdfunding (the /enhanced-vibecoins-crowdfunding page, api/src/features/crowdfunding) ---------------

/**
 * A crowdfunding project: its texts (the project's own words) and the campaign contract that holds its money.
 * Goal, raised amount, deadline and state are never stored: they are read from the campaign. Demo projects are
 * the ones the local deploy seeds (crowdfunding.demo.ts); a wallet's own are written after the API read its
 * CampaignCreated event.
 */
export const crowdfundingProjects = pgTable(
  "crowdfunding_projects",
  {
    id: uuid("id").primaryKey(),
    /** The EVM chain the campaign is on (31337 the local chain, 11155111 Sepolia). */
    chainId: integer("chain_id").notNull(),
    /** The local chain run (genesis hash) the campaign was created on; null off the local chain. */
    chainInstance: text("chain_instance"),
    /** Lower-case 0x address of the CrowdfundingCampaign. */
    campaign: text("campaign").notNull(),
    /** The factory's projectKey (0x bytes32). */
    projectKey: text("project_key").notNull(),
    /** Lower-case 0x address that created the campaign (the deployer for demo projects). */
    creator: text("creator").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    location: text("location").notNull(),
    /** The project's own impact claim, shown as "claimed, not measured". */
    claimedImpact: text("claimed_impact"),
    demo: boolean("demo").notNull(),
    /** The createCampaign transaction; null for demo projects (seeded by the deploy). */
    createdTx: text("created_tx"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("crowdfunding_projects_campaign_unique").on(t.chainId, t.campaign)],
);

/**
 * What a wallet did for a project, recorded once per transaction after its receipt was read: a contribution
 * ("fund_project", its Contributed event) or an attestation ("satellite_verified_action", its Attested event),
 * with the VIBE reward minted for it. The user stats' environmentalScore and gamingLevel are computed from these.
 */
export const crowdfundingActions = pgTable(
  "crowdfunding_actions",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    chainInstance: text("chain_instance"),
    projectId: uuid("project_id").notNull(),
    /** "fund_project" | "satellite_verified_action" */
    action: text("action").notNull(),
    /** Lower-case 0x address of the wallet that sent the transaction. */
    wallet: text("wallet").notNull(),
    /** Lower-case 0x hash of the wallet's own transaction. */
    transactionHash: text("transaction_hash").notNull(),
    /** USDC contributed (decimal string) for a funding; null for an attestation. */
    amount: text("amount"),
    /** The registry's attestation id for a verification; null for a funding. */
    attestationId: text("attestation_id"),
    /**
     * VIBE minted for it (decimal string) and the mint's transaction; null hash when the mint failed. "0" with
     * source "none" when no reward was due (the wallet's own campaign, or rewarded for this project before).
     */
    rewardVibe: text("reward_vibe").notNull(),
    rewardTx: text("reward_tx"),
    /** "pending" (being minted) | "live" | "simulated" | "failed" | "none" */
    rewardSource: text("reward_source").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("crowdfunding_actions_tx_unique").on(t.chainId, t.transactionHash, t.action),
    index("crowdfunding_actions_wallet_idx").on(t.chainId, t.wallet),
  ],
);
