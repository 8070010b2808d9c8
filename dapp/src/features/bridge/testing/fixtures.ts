// Test data for the bridge pages, in the shapes of the bridge API (api/types.ts).
import type { BridgeBatch, BridgeSummary, BridgeTransfer } from "../api/types";

export const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
export const ledgerHash = (n: number) => n.toString(16).padStart(64, "0").toUpperCase();
export const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const XRPL_DEST = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
export const XRPL_ISSUER = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
export const STELLAR_DEST = "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7";
export const STELLAR_ISSUER = "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H";
const T = (s: number) => new Date(Date.UTC(2026, 10, 24, 7, 0, s)).toISOString();

export function outbound(over: Partial<BridgeTransfer> & { ledger?: "stellar" | "xrpl"; simulated?: boolean } = {}): BridgeTransfer {
  const { ledger = "xrpl", simulated = false, ...rest } = over;
  const state = rest.state ?? "delivered";
  const reached = ["locked", "relaying", "delivered"].slice(0, ["locked", "relaying", "delivered"].indexOf(state) + 1);
  return {
    id: "7",
    direction: "outbound",
    state,
    evm: { chainId: 31337, sender: WALLET, recipient: null, amount: "2500000000000000000", lockNonce: "7", lockTxHash: hash(0xa1), source: "live", explorerUrl: null },
    destination: {
      ledger,
      address: ledger === "xrpl" ? XRPL_DEST : STELLAR_DEST,
      memo: "invoice 42",
      asset: { code: "XQB", issuer: ledger === "xrpl" ? XRPL_ISSUER : STELLAR_ISSUER },
      deliveryTxHash: state === "locked" ? null : ledgerHash(0xd1),
      ledgerIndex: state === "delivered" ? 1234 : null,
      explorerUrl: state === "delivered" && !simulated ? `https://testnet.xrpl.org/transactions/${ledgerHash(0xd1)}` : null,
      source: simulated ? "simulated" : "live",
      reason: simulated ? "XRPL testnet unreachable (ws://127.0.0.1:9)" : null,
    },
    deadlineAt: T(600),
    attempts: 1,
    error: null,
    timestamps: Object.fromEntries(reached.map((s, i) => [s, T(i * 2)])),
    history: reached.map((s, i) => ({ state: s as BridgeTransfer["state"], at: T(i * 2) })),
    ...rest,
  };
}

export const refunded = (): BridgeTransfer =>
  outbound({
    id: "8",
    state: "refunded",
    ledger: "stellar",
    error: "The destination has no XQB trust line (op_no_trust)",
    evm: { chainId: 31337, sender: WALLET, recipient: null, amount: "1000000000000000000", lockNonce: "8", lockTxHash: hash(0xa2), refundTxHash: hash(0xf2), source: "live", explorerUrl: null },
    timestamps: { locked: T(0), relaying: T(1), failed: T(3), refunded: T(5) },
    history: [],
  });

export const inbound = (state: BridgeTransfer["state"] = "released"): BridgeTransfer => ({
  id: `xrpl-${ledgerHash(0xb1)}`,
  direction: "inbound",
  state,
  evm: { chainId: 31337, sender: null, recipient: WALLET, amount: "1000000000000000000", releaseTxHash: state === "released" ? hash(0xe1) : null, source: "live", explorerUrl: null },
  origin: { ledger: "xrpl", address: XRPL_DEST, memo: WALLET, asset: { code: "XQB", issuer: XRPL_ISSUER }, deliveryTxHash: ledgerHash(0xb1), explorerUrl: `https://testnet.xrpl.org/transactions/${ledgerHash(0xb1)}`, source: "live", reason: null },
  deadlineAt: null,
  attempts: 1,
  error: state === "rejected" ? "The memo names no EVM address" : null,
  timestamps: state === "released" ? { seen: T(10), releasing: T(11), released: T(14) } : { seen: T(10) },
  history: [],
});

export function summary(over: { locked?: string; stellar?: string; xrpl?: string; outbound?: string; inbound?: string; matches?: boolean } = {}): BridgeSummary {
  const s = { locked: "10.5", stellar: "4", xrpl: "5.5", outbound: "1", inbound: "0", ...over };
  return {
    escrow: { totalLocked: s.locked, address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", source: "live" },
    supplies: {
      stellar: { amount: s.stellar, holders: 2, source: "simulated", reason: "Stellar testnet unreachable", issuer: STELLAR_ISSUER },
      xrpl: { amount: s.xrpl, holders: 3, source: "live", reason: null, issuer: XRPL_ISSUER },
    },
    inFlight: { outbound: s.outbound, inbound: s.inbound },
    matches: over.matches ?? true,
    rule: "totalLocked = supplies + in flight",
    relayer: { running: true, lastHeartbeatAt: new Date().toISOString(), lastError: null },
    rules: { memo: "Stellar MEMO_HASH / XRPL Memo evm-address", decimals: 7, deadlineSeconds: 600 },
  };
}

export const batch = (state: BridgeBatch["state"] = "done"): BridgeBatch => ({
  id: "b1",
  count: 3,
  destinations: ["stellar", "xrpl"],
  roundTrip: false,
  state,
  startedAt: T(0),
  finishedAt: state === "done" ? T(20) : null,
  error: null,
  transfers: [
    outbound({ id: "1", timestamps: { locked: T(0), relaying: T(1), delivered: T(3) } }),
    outbound({ id: "2", ledger: "stellar", timestamps: { locked: T(0), relaying: T(1), delivered: T(5) } }),
    outbound({ id: "3", state: state === "done" ? "delivered" : "relaying", timestamps: { locked: T(0), relaying: T(2), delivered: T(9) } }),
  ],
});
