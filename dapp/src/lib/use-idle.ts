import { useEffect, useState } from "react";

/**
 * False at first; true once the page has loaded (the window's load event), `afterMs` more have passed and
 * the browser is idle (or `timeoutMs` after that at most). For work that must not compete with the page's
 * first content (the toast host, the app-bar wallet control with wagmi and viem): run earlier, their
 * parsing delayed the landing page's largest paint and counted as blocking time.
 */
export function useIdle({ afterMs = 500, timeoutMs = 1500 }: { afterMs?: number; timeoutMs?: number } = {}): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let cancel = () => {};
    const whenIdle = () => {
      if (cancelled) return;
      if (typeof requestIdleCallback === "function") {
        const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
        cancel = () => cancelIdleCallback(id);
      } else setIdle(true);
    };
    const afterLoad = () => {
      const t = setTimeout(whenIdle, afterMs);
      cancel = () => clearTimeout(t);
    };
    if (typeof document === "undefined" || document.readyState === "complete") afterLoad();
    else {
      window.addEventListener("load", afterLoad, { once: true });
      cancel = () => window.removeEventListener("load", afterLoad);
    }
    return () => {
      cancelled = true;
      cancel();
    };
  }, [afterMs, timeoutMs]);
  return idle;
}
