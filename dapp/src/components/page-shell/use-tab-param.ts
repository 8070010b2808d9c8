import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The selected tab lives in the URL (`?tab=`), so a reload, a shared link or the back button keeps it.
 * An unknown or missing value selects the default; selecting the default drops the parameter.
 */
export function useTabParam<T extends string>(ids: readonly T[], defaultTab: T, param = "tab"): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const tab = raw !== null && (ids as readonly string[]).includes(raw) ? (raw as T) : defaultTab;
  const setTab = useCallback(
    (next: T) =>
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          if (next === defaultTab) p.delete(param);
          else p.set(param, next);
          return p;
        },
        { replace: false },
      ),
    [defaultTab, param, setParams],
  );
  return [tab, setTab];
}
