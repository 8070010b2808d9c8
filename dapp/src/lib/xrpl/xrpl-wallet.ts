// The user's XRPL wallet in this browser tab. The seed lives in module memory only: never in storage, a
// request, a URL or a log; reloading the page forgets it. xrpl.js (about 100 KB gzip) loads on first use.
import { useSyncExternalStore } from "react";

type XrplModule = typeof import("xrpl");
type XrplWallet = import("xrpl").Wallet;

let xrplModule: Promise<XrplModule> | null = null;
/** xrpl.js, loaded once, on demand (never in a page's first load). */
export const loadXrpl = (): Promise<XrplModule> => (xrplModule ??= import("xrpl"));

export interface XrplWalletState {
  address: string | null;
  publicKey: string | null;
  /** How the wallet came to be: generated here or imported from a typed seed. */
  kind: "generated" | "imported" | null;
}

let wallet: XrplWallet | null = null;
let state: XrplWalletState = { address: null, publicKey: null, kind: null };
const listeners = new Set<() => void>();

function set(next: XrplWallet | null, kind: XrplWalletState["kind"]) {
  wallet = next;
  state = next
    ? { address: next.classicAddress, publicKey: next.publicKey, kind }
    : { address: null, publicKey: null, kind: null };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

export function useXrplWallet(): XrplWalletState & { forget(): void } {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...s, forget: forgetXrplWallet };
}

export function forgetXrplWallet(): void {
  set(null, null);
}

/** A new wallet (ed25519 by default, as the testnet faucet's). Returns its address and, once, its seed for the user to keep. */
export async function generateXrplWallet(): Promise<{ address: string; seed: string }> {
  const { Wallet } = await loadXrpl();
  const w = Wallet.generate();
  set(w, "generated");
  return { address: w.classicAddress, seed: w.seed! };
}

/** Why a typed seed is not usable, in words; null when it is. Checks the base58 alphabet and checksum. */
export async function checkXrplSeed(seed: string): Promise<string | null> {
  const text = seed.trim();
  if (text === "") return "Enter a seed";
  if (!text.startsWith("s")) return "An XRPL seed starts with s (family seed, e.g. sEd… or sn…)";
  if (!/^s[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return "A seed uses base58 characters only (no 0, O, I or l)";
  const { decodeSeed } = await loadXrpl();
  try {
    decodeSeed(text);
    return null;
  } catch {
    return "This is not a valid XRPL seed (its checksum does not match): check for a typo";
  }
}

/** Imports a wallet from its family seed; the seed stays in this tab's memory. */
export async function importXrplSeed(
  seed: string,
): Promise<{ ok: true; address: string } | { ok: false; reason: string }> {
  const reason = await checkXrplSeed(seed);
  if (reason) return { ok: false, reason };
  const { Wallet } = await loadXrpl();
  const w = Wallet.fromSeed(seed.trim());
  set(w, "imported");
  return { ok: true, address: w.classicAddress };
}

/**
 * Signs a transaction with the wallet in memory. `tx` has everything but the signature (Account defaults to
 * the wallet's; Sequence, Fee and LastLedgerSequence must be set: the API relays only reliable blobs).
 */
export async function signXrplTx(tx: Record<string, unknown>): Promise<{ txBlob: string; hash: string }> {
  if (!wallet) throw new Error("No XRPL wallet in this page: generate or import one first");
  const signed = wallet.sign({ Account: wallet.classicAddress, ...tx } as Parameters<XrplWallet["sign"]>[0]);
  return { txBlob: signed.tx_blob, hash: signed.hash };
}
