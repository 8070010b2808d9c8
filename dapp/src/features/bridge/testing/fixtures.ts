// Test data for the bridge pages, parsed with the API's own schemas so a drift in the contract fails here first.
import {
  bridgeBatch,
  bridgeSummary,
  bridgeTransfer,
  type BatchItem,
  type BridgeBatch,
  type BridgeSummary,
  type BridgeTransfer,
  type RemoteSide,
} from "../../../../../api/src/features/bridge/bridge.schemas";
import { MATCH_RULE } from "../constants";
import { parseUnits18 } from "../utils/amount";

export const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
export const ledgerHash = (n: number) => n.toString(16).padStart(64, "0").toUpperCase();
export const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const XRPL_DEST = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
export const XRPL_ISSUER = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
export const STELLAR_DEST = "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7";
export const STELLAR_ISSUER = "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H";
export const T = (s: number) => new Date(Date.UTC(2026, 10, 24, 7, 0, s)).toISOString();

const side = (over: Partial<RemoteSide> & Pick<RemoteSide, "ledger">): RemoteSide => ({
  address: over.ledger === "xrpl" ? XRPL_DEST : STELLAR_DEST,
  memo: "",
  asset: { code: "XQB", issuer: over.ledger === "xrpl" ? XRPL_ISSUER : STELLAR_ISSUER },
  amount: "2.5",
  deliveryTxHash: null,
  ledgerIndex: null,
  explorerUrl: null,
  source: "live",
  reason: null,
  expiresAt: null,
  lastLedgerSequence: null,
  ...over,
});

const evm = (over: Partial<BridgeTransfer["evm"]> = {}): BridgeTransfer["evm"] => ({
  chainId: 31337,
  sender: null,
  recipient: null,
  amount: "2500000000000000000",
  lockNonce: null,
  lockTxHash: null,
  releaseTxHash: null,
  refundTxHash: null,
  releaseId: null,
  source: "live",
  reason: null,
  ...over,
});

export function outbound(
  over: Partial<BridgeTransfer> & { ledger?: "stellar" | "xrpl"; simulated?: boolean } = {},
): BridgeTransfer {
  const { ledger = "xrpl", simulated = false, ...rest } = over;
  const state = rest.state ?? "delivered";
  const order = ["locked", "relaying", "delivered"] as const;
  const reached = order.slice(0, order.indexOf(state as (typeof order)[number]) + 1);
  const id = rest.id ?? "7";
  const delivery = ledger === "xrpl" ? ledgerHash(0xd1) : ledgerHash(0xd1).toLowerCase();
  return bridgeTransfer.parse({
    id,
    direction: "outbound",
    state,
    chainRun: "current",
    evm: evm({ sender: WALLET, lockNonce: id, lockTxHash: hash(0xa1) }),
    destination: side({
      ledger,
      memo: "invoice 42",
      deliveryTxHash: state === "locked" ? null : delivery,
      ledgerIndex: state === "delivered" ? 1234 : null,
      explorerUrl: state === "delivered" && !simulated ? `https://testnet.xrpl.org/transactions/${delivery}` : null,
      source: simulated ? "simulated" : "live",
      reason: simulated ? "XRPL testnet unreachable (ws://127.0.0.1:9)" : null,
    }),
    origin: null,
    deadlineAt: T(600),
    attempts: 1,
    error: null,
    timestamps: Object.fromEntries(reached.map((s, i) => [s, T(i * 2)])),
    history: reached.map((s, i) => ({ state: s, at: T(i * 2), hash: null, note: "" })),
    createdAt: T(0),
    updatedAt: T(4),
    ...rest,
  });
}

export const refunded = (): BridgeTransfer =>
  outbound({
    id: "8",
    state: "refunded",
    ledger: "stellar",
    error: "The destination has no XQB trust line (op_no_trust)",
    evm: evm({
      sender: WALLET,
      amount: "1000000000000000000",
      lockNonce: "8",
      lockTxHash: hash(0xa2),
      refundTxHash: hash(0xf2),
      releaseId: hash(0xf0),
    }),
    timestamps: { locked: T(0), relaying: T(1), failed: T(3), refunded: T(5) },
    history: [],
  });

export const inbound = (state: BridgeTransfer["state"] = "released"): BridgeTransfer =>
  bridgeTransfer.parse({
    id: `xrpl-${ledgerHash(0xb1)}`,
    direction: "inbound",
    chainRun: "inbound",
    state,
    evm: evm({
      recipient: WALLET,
      amount: "1000000000000000000",
      releaseTxHash: state === "released" ? hash(0xe1) : null,
      releaseId: hash(0xb1),
    }),
    destination: null,
    origin: side({
      ledger: "xrpl",
      memo: WALLET,
      amount: "1",
      deliveryTxHash: ledgerHash(0xb1),
      explorerUrl: `https://testnet.xrpl.org/transactions/${ledgerHash(0xb1)}`,
    }),
    deadlineAt: null,
    attempts: 1,
    error: state === "rejected" ? "The memo names no EVM address" : null,
    timestamps: state === "released" ? { seen: T(10), releasing: T(11), released: T(14) } : { seen: T(10) },
    history: [],
    createdAt: T(10),
    updatedAt: T(14),
  });

const amount = (xqb: string) => ({ baseUnits: parseUnits18(xqb)!.toString(), xqb });

export function summary(
  over: {
    locked?: string | null;
    stellar?: string;
    xrpl?: string;
    outbound?: string;
    inbound?: string;
    rejected?: string;
    matches?: boolean | null;
    heartbeatAt?: string | null;
    lastError?: string | null;
  } = {},
): BridgeSummary {
  const s = { locked: "10.5", stellar: "4", xrpl: "5.5", outbound: "1", inbound: "0", rejected: "0", ...over };
  return bridgeSummary.parse({
    chainId: 31337,
    escrow: {
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      totalLocked: s.locked === null ? null : amount(s.locked),
      source: "live",
      reason: null,
    },
    supplies: [
      {
        ledger: "stellar",
        issuer: STELLAR_ISSUER,
        supply: amount(s.stellar),
        holders: 2,
        source: "simulated",
        reason: "Stellar testnet unreachable",
      },
      { ledger: "xrpl", issuer: XRPL_ISSUER, supply: amount(s.xrpl), holders: 3, source: "live", reason: null },
    ],
    outboundInFlight: amount(s.outbound),
    inboundPending: amount(s.inbound),
    inboundRejected: amount(s.rejected),
    difference: "0",
    matches: over.matches === undefined ? true : over.matches,
    rule: MATCH_RULE,
    counts: { delivered: 3 },
    relayer: {
      running: true,
      leader: true,
      heartbeatAt: over.heartbeatAt === undefined ? new Date().toISOString() : over.heartbeatAt,
      lastPassAt: null,
      lastError: over.lastError ?? null,
      lockCursor: "42",
    },
    issuers: { stellar: STELLAR_ISSUER, xrpl: XRPL_ISSUER },
    rules: { memo: { stellar: "MEMO_HASH", xrpl: "Memo evm-address" }, deliverableDecimals: 7, deadlineSeconds: 600 },
  });
}

const item = (
  index: number,
  destination: "stellar" | "xrpl",
  t: BridgeTransfer | null,
  lockToDeliveredMs: number | null,
): BatchItem => ({
  index,
  destination,
  destinationAddress: destination === "xrpl" ? XRPL_DEST : STELLAR_DEST,
  amount: amount("1.25"),
  lockTxHash: hash(0xa0 + index),
  outbound: t,
  returnTxHash: null,
  inbound: null,
  timings: {
    lockedAt: T(0),
    deliveredAt: null,
    returnedAt: null,
    releasedAt: null,
    lockToDeliveredMs,
    returnToReleasedMs: null,
  },
  error: null,
});

export const BATCH_ID = "3f1c2a4e-0000-4000-8000-000000000001";
export const batch = (state: BridgeBatch["state"] = "done"): BridgeBatch =>
  bridgeBatch.parse({
    id: BATCH_ID,
    state,
    count: 3,
    destinations: ["stellar", "xrpl"],
    roundTrip: false,
    sender: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
    mintTxHash: hash(0x99),
    approveTxHash: hash(0x98),
    items: [
      item(0, "xrpl", outbound({ id: "1" }), 3000),
      item(1, "stellar", outbound({ id: "2", ledger: "stellar" }), 5000),
      state === "done"
        ? item(2, "xrpl", outbound({ id: "3" }), 9000)
        : item(2, "xrpl", outbound({ id: "3", state: "relaying" }), null),
    ],
    startedAt: T(0),
    finishedAt: state === "done" ? T(20) : null,
    error: null,
    ranBy: "open (local presenter)",
  });
