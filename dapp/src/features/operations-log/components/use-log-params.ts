import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { OperationsFilterInput } from "../api/get-operations";

export const FILTER_NAMES = ["ledger", "feature", "source", "wallet"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/**
 * The log's view lives in the URL (`?ledger=&feature=&source=&wallet=&cursor=`), so a filtered page can be linked,
 * reloaded and walked with the back button. A filter changed starts again from the newest page.
 */
export function useLogParams() {
  const [params, setParams] = useSearchParams();
  const ledger = params.get("ledger");
  const feature = params.get("feature");
  const source = params.get("source");
  const wallet = params.get("wallet");
  const cursor = params.get("cursor") ?? undefined;
  const filters = useMemo(
    () =>
      ({
        ...(ledger ? { ledger } : {}),
        ...(feature ? { feature } : {}),
        ...(source === "live" || source === "simulated" ? { source } : {}),
        ...(wallet ? { wallet } : {}),
      }) as OperationsFilterInput,
    [ledger, feature, source, wallet],
  );

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          change(p);
          return p;
        },
        { replace: false },
      ),
    [setParams],
  );
  const setFilter = useCallback(
    (name: FilterName, value: string | null) =>
      update((p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        p.delete("cursor");
      }),
    [update],
  );
  const setCursor = useCallback(
    (next: string | null) => update((p) => (next ? p.set("cursor", next) : p.delete("cursor"))),
    [update],
  );
  const clearFilters = useCallback(
    () =>
      update((p) => {
        for (const name of FILTER_NAMES) p.delete(name);
        p.delete("cursor");
      }),
    [update],
  );
  return { filters, cursor, setFilter, setCursor, clearFilters, filtered: Object.keys(filters).length > 0 };
}
