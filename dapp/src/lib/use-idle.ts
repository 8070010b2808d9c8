import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser is idle after it (or after `timeoutMs` at most): for
 * work that must not compete with the page's first render (the toast host, the app-bar wallet control).
 */
export function useIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(() => setIdle(true), 1);
    return () => clearTimeout(t);
  }, [timeoutMs]);
  return idle;
}
