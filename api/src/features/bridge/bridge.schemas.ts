// The HTTP contract of the bridge (the relayer's records and the demo batch): a transfer with both sides'
// hashes and where each side's figure comes from (live or simulated, and why), the summary that sets the
// escrow's locked total against the XQB supply on Stellar and XRPL, and the batch run. Amounts on the EVM
// side travel as decimal text of base units (18 decimals); on Stellar / XRPL as the ledger's decimal text.
import { z } from "zod";
import { BATCH_MAX_COUNT, BATCH_STATES, BRIDGE_DIRECTIONS, BRIDGE_LEDGERS, BRIDGE_STATES } from "./bridge.constants";

export * from "./bridge.constants";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const hash32 = z.string().regex(/^0x[0-9a-f]{64}$/, "must be a lower-case 0x-prefixed 32-byte hash");
const isoTime = z.string().datetime({ offset: true });
const baseUnits = z.string().regex(/^\d+$/, "must be a non-negative integer (base units)");
const source = z.enum(["live", "simulated"]);

/** An XQB amount both ways: base units (18 decimals, the EVM token) and decimal text ("12.5"). */
export const xqbAmount = z.object({ baseUnits, xqb: z.string() });
export type XqbAmount = z.infer<typeof xqbAmount>;

// ---- the transfer ------------------------------------------------------------------------------------

/** The EVM side: the lock (outbound) or the release (inbound) on BridgeEscrow. */
export const evmSide = z.object({
  chainId: z.number().int(),
  /** Outbound: the wallet that locked (refunds go back to it). Inbound: null (the payer is on the other ledger). */
  sender: address.nullable(),
  /** Inbound: the EVM address named by the memo (the release goes to it). Outbound: null. */
  recipient: address.nullable(),
  /** Base units (18 decimals), decimal text. */
  amount: baseUnits,
  /** BridgeEscrow's lock nonce (outbound), decimal text. */
  lockNonce: z.string().nullable(),
  lockTxHash: hash32.nullable(),
  /** Inbound: BridgeEscrow.release to the recipient. */
  releaseTxHash: hash32.nullable(),
  /** Outbound that could not be delivered: BridgeEscrow.release back to the sender. */
  refundTxHash: hash32.nullable(),
  /** The bytes32 sourceTxId `release` was (or will be) called with: the inbound tx hash, or keccak256("refund", nonce). */
  releaseId: hash32.nullable(),
  source,
  reason: z.string().nullable(),
});
export type EvmSide = z.infer<typeof evmSide>;

/** The other ledger's side: the delivery (outbound: destination) or the payment to the issuer (inbound: origin). */
export const remoteSide = z.object({
  ledger: z.enum(BRIDGE_LEDGERS),
  /** Outbound: the destination account (G… / r…). Inbound: the account that paid the issuer. */
  address: z.string(),
  /** Outbound: the lock's memo, carried by the delivery (Stellar text memo, XRPL Memo). Inbound: the memo read. */
  memo: z.string(),
  asset: z.object({ code: z.string(), issuer: z.string() }),
  /** The amount on that ledger, its decimal text (at most 7 decimals). Null when not representable. */
  amount: z.string().nullable(),
  /** Outbound: the delivery payment. Inbound: the user's payment to the issuer. */
  deliveryTxHash: z.string().nullable(),
  ledgerIndex: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
  /** live: submitted to (or read from) the ledger; simulated: signed offline, never submitted (reason says why). */
  source,
  reason: z.string().nullable(),
  /** When a signed delivery expires (Stellar timebounds / XRPL LastLedgerSequence), so a restart knows whether to resubmit or sign again. */
  expiresAt: isoTime.nullable(),
  lastLedgerSequence: z.number().int().nullable(),
});
export type RemoteSide = z.infer<typeof remoteSide>;

export const historyEntry = z.object({
  state: z.enum(BRIDGE_STATES),
  at: isoTime,
  hash: z.string().nullable(),
  note: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const bridgeTransfer = z.object({
  /** Outbound: the escrow nonce ("7"). Inbound: "stellar-<hash>" / "xrpl-<hash>". */
  id: z.string(),
  direction: z.enum(BRIDGE_DIRECTIONS),
  state: z.enum(BRIDGE_STATES),
  /**
   * Which run of the EVM chain the lock belongs to: "current", or "earlier" (a restarted local chain: its escrow
   * and this lock no longer exist, so it is never pending, whatever its last state); "inbound" for a payment from
   * Stellar / XRPL; "unknown" while the chain cannot be read.
   */
  chainRun: z.enum(["current", "earlier", "inbound", "unknown"]),
  evm: evmSide,
  /** Outbound only (null inbound). */
  destination: remoteSide.nullable(),
  /** Inbound only (null outbound). */
  origin: remoteSide.nullable(),
  /** Outbound: past this without a delivery, the lock is refunded. Null inbound. */
  deadlineAt: isoTime.nullable(),
  /** Delivery / release attempts so far. */
  attempts: z.number().int(),
  /** The last error met (in words), or why it was rejected / failed; null when none. */
  error: z.string().nullable(),
  /** When the transfer entered each state it went through. */
  timestamps: z.partialRecord(z.enum(BRIDGE_STATES), isoTime),
  history: z.array(historyEntry),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type BridgeTransfer = z.infer<typeof bridgeTransfer>;

export const transfersQuery = z.strictObject({
  /** Transfers whose EVM sender (outbound) or recipient (inbound) is this address; all when absent. */
  address: address.optional(),
});
export const transfersResponse = z.object({ transfers: z.array(bridgeTransfer) });
export type TransfersResponse = z.infer<typeof transfersResponse>;

export const transferParams = z.strictObject({
  lockId: z
    .string()
    .regex(
      /^(\d{1,78}|stellar-[0-9a-f]{64}|xrpl-[0-9A-F]{64})$/,
      'must be a lock nonce ("7") or "stellar-<hash>" / "xrpl-<HASH>"',
    ),
});

// ---- the summary -------------------------------------------------------------------------------------

export const ledgerSupply = z.object({
  ledger: z.enum(BRIDGE_LEDGERS),
  issuer: z.string(),
  /** XQB in holders' hands on that ledger (Stellar assetSupply / XRPL issuedSupply); null when unreadable. */
  supply: xqbAmount.nullable(),
  holders: z.number().int().nullable(),
  source,
  reason: z.string().nullable(),
});
export type LedgerSupply = z.infer<typeof ledgerSupply>;

export const bridgeSummary = z.object({
  chainId: z.number().int(),
  escrow: z.object({
    address: address.nullable(),
    /** BridgeEscrow.totalLocked read from the chain now; null when unreadable. */
    totalLocked: xqbAmount.nullable(),
    source,
    reason: z.string().nullable(),
  }),
  supplies: z.array(ledgerSupply),
  /** Outbound locks not yet delivered nor refunded (locked, relaying, failed). */
  outboundInFlight: xqbAmount,
  /** Inbound payments to the issuer not yet released (seen, releasing). */
  inboundPending: xqbAmount,
  /** XQB paid to the issuer with a memo naming no EVM address (rejected): burnt there, still locked here. */
  inboundRejected: xqbAmount,
  /** totalLocked - (supplies + in flight + pending + rejected); null when a figure is missing. */
  difference: z.string().nullable(),
  /** True when the rule holds; null when a figure could not be read (or a supply is simulated). */
  matches: z.boolean().nullable(),
  rule: z.string(),
  counts: z.partialRecord(z.enum(BRIDGE_STATES), z.number().int()),
  relayer: z.object({
    running: z.boolean(),
    /** This process holds the lease (only one relayer per database acts). */
    leader: z.boolean(),
    heartbeatAt: isoTime.nullable(),
    lastPassAt: isoTime.nullable(),
    lastError: z.string().nullable(),
    /** The event index block the relayer's Locked cursor has reached. */
    lockCursor: z.string().nullable(),
  }),
  issuers: z.object({ stellar: z.string(), xrpl: z.string() }),
  rules: z.object({
    memo: z.object({ stellar: z.string(), xrpl: z.string() }),
    deliverableDecimals: z.number().int(),
    deadlineSeconds: z.number().int(),
  }),
});
export type BridgeSummary = z.infer<typeof bridgeSummary>;

// ---- the batch (local chain only) -------------------------------------------------------------------

export const batchRequest = z.strictObject({
  count: z.number().int().min(1).max(BATCH_MAX_COUNT),
  destinations: z.array(z.enum(BRIDGE_LEDGERS)).min(1).max(2),
  roundTrip: z.boolean().default(false),
});
export type BatchRequest = z.infer<typeof batchRequest>;

export const batchParams = z.strictObject({ id: z.string().regex(/^[0-9a-f-]{36}$/, "must be a batch id") });

export const batchItem = z.object({
  index: z.number().int(),
  destination: z.enum(BRIDGE_LEDGERS),
  /** The demo account on the destination ledger (server-held, per process). */
  destinationAddress: z.string(),
  amount: xqbAmount,
  lockTxHash: hash32.nullable(),
  /** The outbound transfer (id = lock nonce) once the lock is mined. */
  outbound: bridgeTransfer.nullable(),
  /** The way back (roundTrip): the demo account's payment to the issuer, then its inbound transfer. */
  returnTxHash: z.string().nullable(),
  inbound: bridgeTransfer.nullable(),
  timings: z.object({
    lockedAt: isoTime.nullable(),
    deliveredAt: isoTime.nullable(),
    returnedAt: isoTime.nullable(),
    releasedAt: isoTime.nullable(),
    lockToDeliveredMs: z.number().int().nullable(),
    returnToReleasedMs: z.number().int().nullable(),
  }),
  error: z.string().nullable(),
});
export type BatchItem = z.infer<typeof batchItem>;

export const bridgeBatch = z.object({
  id: z.string(),
  state: z.enum(BATCH_STATES),
  count: z.number().int(),
  destinations: z.array(z.enum(BRIDGE_LEDGERS)),
  roundTrip: z.boolean(),
  /** Dev account #9: mints its XQB through XQBMinter with its own ETH and locks. */
  sender: address,
  mintTxHash: hash32.nullable(),
  approveTxHash: hash32.nullable(),
  items: z.array(batchItem),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
  error: z.string().nullable(),
  /** Who ran it (batches are an operator's): the operator's address, or "open (local presenter)". */
  ranBy: z.string(),
});
export type BridgeBatch = z.infer<typeof bridgeBatch>;

/** GET /api/bridge/batch/latest: the last batch an operator ran, for every visitor; null before the first. */
export const latestBatchResponse = z.object({ batch: bridgeBatch.nullable() });
export type LatestBatchResponse = z.infer<typeof latestBatchResponse>;
