// The bridge feature's vocabulary as plain values (no zod): the transfer states of both directions, the
// ledgers and their chain ids in BridgeEscrow, the asset, the memo rule of the way back and the rules the
// summary states. The schemas build on these and re-export them; the dapp's first load imports them
// directly (its dapp feature's constants.ts).

/** A lock on the EVM side delivered to Stellar / XRPL (outbound), or a payment there released here (inbound). */
export const BRIDGE_DIRECTIONS = ["outbound", "inbound"] as const;
export type BridgeDirection = (typeof BRIDGE_DIRECTIONS)[number];

/**
 * Outbound: locked -> relaying -> delivered, or locked/relaying -> failed -> refunded (release to the sender
 * on the EVM side). Inbound: seen -> releasing -> released, or seen -> rejected (the reason is kept).
 */
export const OUTBOUND_STATES = ["locked", "relaying", "delivered", "failed", "refunded"] as const;
export const INBOUND_STATES = ["seen", "releasing", "released", "rejected"] as const;
export const BRIDGE_STATES = [...OUTBOUND_STATES, ...INBOUND_STATES] as const;
export type OutboundState = (typeof OUTBOUND_STATES)[number];
export type InboundState = (typeof INBOUND_STATES)[number];
export type BridgeState = (typeof BRIDGE_STATES)[number];

/** States after which nothing more happens to a transfer. */
export const FINAL_STATES: readonly BridgeState[] = ["delivered", "refunded", "released", "rejected"];

/** What each state means, in words (the pages' step list). */
export const STATE_LABELS: Record<BridgeState, string> = {
  locked: "Locked in the escrow",
  relaying: "Delivering on the destination ledger",
  delivered: "Delivered",
  failed: "Delivery failed: refunding",
  refunded: "Refunded on the EVM side",
  seen: "Payment to the issuer seen",
  releasing: "Releasing from the escrow",
  released: "Released on the EVM side",
  rejected: "Rejected",
};

/** The other ledgers, by the ids BridgeEscrow uses (1 = Stellar, 2 = XRPL). */
export const BRIDGE_LEDGERS = ["stellar", "xrpl"] as const;
export type BridgeLedger = (typeof BRIDGE_LEDGERS)[number];
export const CHAIN_IDS: Record<BridgeLedger, 1 | 2> = { stellar: 1, xrpl: 2 };
export const LEDGER_OF_CHAIN: Record<number, BridgeLedger | undefined> = { 1: "stellar", 2: "xrpl" };

/** The bridged asset: XQB on the EVM side (18 decimals), issued by each ledger's server account elsewhere. */
export const XQB_CODE = "XQB" as const;
export const EVM_DECIMALS = 18;
/** Stellar amounts have 7 decimals: the bridge delivers only amounts that fit (others are refunded). */
export const DELIVERABLE_DECIMALS = 7;

/** Default of BRIDGE_DELIVERY_DEADLINE_SECONDS: a destination unreachable this long after the lock refunds. */
export const DEFAULT_DELIVERY_DEADLINE_SECONDS = 600;

/** The way back: how a payment to the issuer names the EVM address to release to. */
export const INBOUND_MEMO_RULES = {
  stellar:
    "MEMO_HASH = 12 zero bytes followed by the 20-byte EVM address (hex 000000000000000000000000<address without 0x>)",
  xrpl: 'a Memo with MemoType "evm-address" (hex-encoded) and MemoData the EVM address as text "0x…" (hex-encoded)',
} as const;
/** The XRPL MemoType (plain text; hex-encoded on the ledger) that marks the EVM address. */
export const XRPL_EVM_MEMO_TYPE = "evm-address" as const;

/** The rule the summary checks (the page states it beside the figures). */
export const MATCH_RULE =
  "escrow totalLocked = XQB supply on Stellar + XQB supply on XRPL + outbound in flight (locked, not yet delivered or refunded) + inbound not yet released (paid to the issuer, not yet released) + inbound rejected (XQB paid to the issuer with a memo naming no EVM address: burnt there, still locked here until an operator returns it)";

/** Batch demo limits (POST /api/bridge/batch, local chain only). */
export const BATCH_MAX_COUNT = 10;
export const BATCH_STATES = ["running", "done", "failed"] as const;
export type BatchState = (typeof BATCH_STATES)[number];
