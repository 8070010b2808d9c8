import { useSyncExternalStore } from "react";
import { burnerInUse } from "../../lib/burner/burner-in-use";

/**
 * Whether this browser has a wallet, told without wagmi: an EIP-6963 announcement (`eip6963:announceProvider`,
 * answered to the `eip6963:requestProvider` asked here) or an older wallet's `window.ethereum`. The app bar
 * loads the wallet code (wagmi, viem: some 100 KB gzip) only then, or when the visitor presses Connect, so a
 * visitor without a wallet never downloads it. A wallet that was authorised before is present, so it still
 * reconnects by itself. A wallet that injects late (after the page's scripts ran) is seen when it announces.
 */
let present = false;
let watching = false;
const listeners = new Set<() => void>();

function found(): void {
  if (present) return;
  present = true;
  for (const listener of listeners) listener();
}

function watch(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  window.addEventListener("eip6963:announceProvider", found);
  // MetaMask's legacy signal for a provider injected after the page loaded.
  window.addEventListener("ethereum#initialized", found);
  if ((window as { ethereum?: unknown }).ethereum) found();
  // A local-chain burner taken in this tab is a wallet too: the app bar loads wagmi and it reconnects.
  if (burnerInUse()) found();
  // Wallets answer at once (synchronously) with their announcement.
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
};
const snapshot = () => present;

/** True once a wallet has shown itself in this page; it starts watching on first use. */
export function useWalletPresent(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** Asks once, now (not waiting for a component): whether a wallet is there. */
export function walletPresent(): boolean {
  watch();
  return present;
}

/** A wallet the page itself made (the local-chain burner): the app bar loads its wallet control now. */
export function noteWalletCreated(): void {
  watch();
  found();
}

/** Tests: forget, as a fresh page load. */
export function resetWalletPresence(): void {
  if (typeof window !== "undefined" && watching) {
    window.removeEventListener("eip6963:announceProvider", found);
    window.removeEventListener("ethereum#initialized", found);
  }
  present = false;
  watching = false;
}
