// Whether a local-chain burner was taken in this tab: the one burner question every page's first load asks
// (wallet-presence.ts), kept apart from burner-storage.ts so the first load carries only these few lines.

export const BURNER_KEY_ITEM = "xqb.burner.privateKey";
/** Set while the burner is connected; cleared by "disconnect" (the key stays for this tab, to take again). */
export const BURNER_CONNECTED_ITEM = "xqb.burner.connected";

/** A burner was taken in this tab and not disconnected: it reconnects after a reload. */
export function burnerInUse(): boolean {
  try {
    const s = window.sessionStorage;
    return s.getItem(BURNER_CONNECTED_ITEM) === "1" && /^0x[0-9a-f]{64}$/i.test(s.getItem(BURNER_KEY_ITEM) ?? "");
  } catch {
    return false; // no window, or storage disabled by the browser: no burner
  }
}
