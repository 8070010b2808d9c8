import { useSyncExternalStore } from "react";

/**
 * The connected wallet as the parts of a page that only read it see it: address, chain and status, and how
 * many wallets the browser offers. No wagmi here: this module is in a page's first load, and wagmi and viem
 * (some 100 KB gzip) are not. Each WalletProvider mirrors the wagmi config's connection into this store
 * (mirror-wallet-account.ts) once the config exists, which the app bar's wallet control makes after the first paint
 * when the browser has a wallet; until then the status is "loading", so a page does not say "not connected"
 * about a wallet that is about to reconnect. Without a wallet the app bar says so at once (setNoWalletFound).
 */
export interface WalletAccount {
  status: "loading" | "connecting" | "reconnecting" | "connected" | "disconnected";
  address: `0x${string}` | undefined;
  chainId: number | undefined;
  /** Wallets the connect menu would offer (EIP-6963 announcements, or an older injected one). */
  walletsFound: number;
}

const LOADING: WalletAccount = { status: "loading", address: undefined, chainId: undefined, walletsFound: 0 };

let current: WalletAccount = LOADING;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

/** Written by the wagmi mirror only (and tests). Keeps the old object when nothing changed, so nothing re-renders. */
export function setWalletAccount(next: WalletAccount): void {
  if (
    next.status === current.status &&
    next.address === current.address &&
    next.chainId === current.chainId &&
    next.walletsFound === current.walletsFound
  ) {
    return;
  }
  current = next;
  for (const listener of listeners) listener();
}

/**
 * No wallet in this browser (wallet-presence.ts), so the wallet code is not loaded and nothing will mirror:
 * the page says "not connected" now rather than "looking for your wallet" for ever. Only over "loading":
 * once wagmi mirrors its connection (a page part loaded it), its word stands.
 */
export function setNoWalletFound(): void {
  if (current.status === "loading")
    setWalletAccount({ status: "disconnected", address: undefined, chainId: undefined, walletsFound: 0 });
}

/** Tests: back to "loading", as a fresh page load. */
export function resetWalletAccount(): void {
  setWalletAccount(LOADING);
}

export function useWalletAccount(): WalletAccount {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
