// The bridge API's shapes as this page reads them. Provisional: written from the agreed record
// (/api/bridge, slice bridge-api) until its `bridge.schemas.ts` lands; then these become re-exports of
// `types/api.ts` so a drift fails the typecheck.

export type BridgeLedger = "stellar" | "xrpl";
export type Source = "live" | "simulated";
export type OutboundState = "locked" | "relaying" | "delivered" | "failed" | "refunded";
export type InboundState = "seen" | "releasing" | "released" | "rejected";
export type TransferState = OutboundState | InboundState;

export type BridgeSide = {
  ledger: BridgeLedger;
  address: string;
  memo: string | null;
  asset: { code: string; issuer: string };
  deliveryTxHash?: string | null;
  ledgerIndex?: number | null;
  explorerUrl?: string | null;
  source: Source;
  reason?: string | null;
};

export type BridgeTransfer = {
  id: string;
  direction: "outbound" | "inbound";
  state: TransferState;
  evm: {
    chainId: number;
    sender: string | null;
    recipient: string | null;
    /** 18-decimal base units. */
    amount: string;
    lockNonce?: string | null;
    lockTxHash?: string | null;
    releaseTxHash?: string | null;
    refundTxHash?: string | null;
    explorerUrl?: string | null;
    source: Source;
  };
  /** Outbound: where it is delivered. */
  destination?: BridgeSide | null;
  /** Inbound: where it was paid to the issuer. */
  origin?: BridgeSide | null;
  deadlineAt: string | null;
  attempts: number;
  error: string | null;
  /** When each state was reached. */
  timestamps: Partial<Record<TransferState, string>>;
  history: { state: TransferState; at: string; hash?: string | null; note?: string | null }[];
  createdAt?: string;
  updatedAt?: string;
};

export type BridgeTransfersResponse = { transfers: BridgeTransfer[] };

export type LedgerSupply = { amount: string; holders?: number; source: Source; reason?: string | null; issuer: string };

export type BridgeSummary = {
  escrow: { totalLocked: string; address: string; source: Source };
  supplies: { stellar: LedgerSupply; xrpl: LedgerSupply };
  inFlight: { outbound: string; inbound: string };
  matches: boolean;
  difference?: string;
  rule: string;
  relayer: { running: boolean; lastHeartbeatAt: string | null; lastError?: string | null };
  rules: { memo: string; decimals: number; deadlineSeconds: number; stellarInboundMemo?: string; xrplInboundMemo?: string };
};

export type BridgeBatch = {
  id: string;
  count: number;
  destinations: BridgeLedger[];
  roundTrip: boolean;
  state: "running" | "done" | "failed";
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  transfers: (BridgeTransfer & { timings?: { totalMs: number | null } })[];
};

export type BatchRequestBody = { count: number; destinations: BridgeLedger[]; roundTrip: boolean };
