// The user's Stellar key in the browser: a pasted or generated secret kept in this module's memory only
// (never storage, never a request, never a log line), or Freighter, which keeps the key itself. Other pages
// read the connected public key with useStellarKey() and sign with signStellarXdr(). The SDK and Freighter's
// API load only when a key is connected or a transaction signed.
import { useSyncExternalStore } from "react";
import { checkStrKey } from "./strkey";

export type StellarKeyKind = "secret" | "freighter";

interface KeyState {
  publicKey: string | null;
  kind: StellarKeyKind | null;
}

// The secret sits here, outside React state (devtools would show it) and outside any store.
let secret: string | null = null;
let state: KeyState = { publicKey: null, kind: null };
const listeners = new Set<() => void>();

function set(next: KeyState, nextSecret: string | null): void {
  secret = nextSecret;
  state = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const snapshot = () => state;

/** The connected key: its public key and how it signs; forget() drops the secret from memory. */
export function useStellarKey(): { publicKey: string | null; kind: StellarKeyKind | null; forget(): void } {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { publicKey: s.publicKey, kind: s.kind, forget: forgetStellarKey };
}

export function forgetStellarKey(): void {
  set({ publicKey: null, kind: null }, null);
}

/** The connected public key outside React (e.g. in a mutation). */
export const currentStellarKey = (): KeyState => state;

const sdk = () => import("@stellar/stellar-sdk/base");

/** Uses a pasted secret: checked (StrKey checksum), its public key derived; throws with the reason when invalid. */
export async function connectStellarSecret(input: string): Promise<string> {
  const s = input.trim();
  const check = checkStrKey(s, "S");
  if (!check.ok) throw new Error(check.reason);
  const { Keypair } = await sdk();
  const publicKey = Keypair.fromSecret(s).publicKey();
  set({ publicKey, kind: "secret" }, s);
  return publicKey;
}

/** A new random keypair, connected at once; the caller shows the secret once. */
export async function generateStellarKeypair(): Promise<{ publicKey: string; secret: string }> {
  const { Keypair } = await sdk();
  const kp = Keypair.random();
  const s = kp.secret();
  set({ publicKey: kp.publicKey(), kind: "secret" }, s);
  return { publicKey: kp.publicKey(), secret: s };
}

export type FreighterStatus = { installed: false } | { installed: true };

const freighter = () => import("@stellar/freighter-api");

/** Whether the Freighter extension answers in this browser. */
export async function freighterStatus(): Promise<FreighterStatus> {
  try {
    const f = await freighter();
    const r = await f.isConnected();
    return r.isConnected && !r.error ? { installed: true } : { installed: false };
  } catch {
    return { installed: false };
  }
}

/** Asks Freighter for access and connects its account; throws with Freighter's reason. */
export async function connectFreighter(): Promise<string> {
  const f = await freighter();
  const connected = await f.isConnected();
  if (!connected.isConnected) throw new Error("Freighter is not installed in this browser");
  const access = await f.requestAccess();
  if (access.error) throw new Error(`Freighter refused access: ${access.error.message ?? String(access.error)}`);
  const address = access.address || (await f.getAddress()).address;
  if (!address) throw new Error("Freighter gave no address (is it unlocked?)");
  set({ publicKey: address, kind: "freighter" }, null);
  return address;
}

/** Signs unsigned XDR with the connected key (in this page, or in Freighter) for `networkPassphrase`. */
export async function signStellarXdr(unsignedXdr: string, networkPassphrase: string): Promise<string> {
  if (state.kind === "freighter") {
    const f = await freighter();
    const r = await f.signTransaction(unsignedXdr, { networkPassphrase, address: state.publicKey ?? undefined });
    if (r.error) throw new Error(`Freighter did not sign: ${r.error.message ?? String(r.error)}`);
    return r.signedTxXdr;
  }
  if (state.kind !== "secret" || !secret) throw new Error("No Stellar key is connected");
  const { Keypair, TransactionBuilder } = await sdk();
  const tx = TransactionBuilder.fromXDR(unsignedXdr, networkPassphrase);
  tx.sign(Keypair.fromSecret(secret));
  return tx.toEnvelope().toXDR("base64");
}
