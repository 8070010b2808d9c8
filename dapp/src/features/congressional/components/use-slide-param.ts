import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The slide shown lives in the URL as `?slide=` (1 to `count`), so a presenter can link to a slide and a reload keeps
 * it. Moving replaces the entry: stepping through a deck does not fill the back button's history. Out-of-range or
 * missing values show the first slide.
 */
export function useSlideParam(count: number): [number, (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("slide"));
  const index = Number.isInteger(raw) && raw >= 1 && raw <= count ? raw - 1 : 0;
  const go = useCallback(
    (next: number) =>
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          // Wraps both ways: before the first is the last, after the last the first.
          p.set("slide", String((((next % count) + count) % count) + 1));
          return p;
        },
        { replace: true },
      ),
    [count, setParams],
  );
  return [index, go];
}
