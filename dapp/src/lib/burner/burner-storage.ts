// Where the local-chain burner keeps its key: this tab's sessionStorage, gone when the tab closes. No viem here:
// wallet-presence.ts (in every page's first load) asks burner-in-use.ts whether a burner was taken.

import { BURNER_CONNECTED_ITEM, BURNER_KEY_ITEM } from "./burner-in-use";

export { BURNER_KEY_ITEM, burnerInUse } from "./burner-in-use";

/** The words every burner control shows beside it. */
export const BURNER_WARNING = "local chain only, never use elsewhere";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser: no burner
  }
}

export function storedBurnerKey(): `0x${string}` | null {
  const key = storage()?.getItem(BURNER_KEY_ITEM) ?? null;
  return key && /^0x[0-9a-f]{64}$/i.test(key) ? (key as `0x${string}`) : null;
}

export function storeBurnerKey(key: `0x${string}`): void {
  storage()?.setItem(BURNER_KEY_ITEM, key);
}

export function setBurnerConnected(connected: boolean): void {
  if (connected) storage()?.setItem(BURNER_CONNECTED_ITEM, "1");
  else storage()?.removeItem(BURNER_CONNECTED_ITEM);
}
