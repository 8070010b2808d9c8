import { useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";

export interface SlideParam {
  /** The slide shown, from 0. */
  index: number;
  /** Shows slide `index` (wrapping both ways). */
  go: (index: number) => void;
  /** Moves `delta` slides from the last one asked for, even if that one has not been drawn yet. */
  step: (delta: number) => void;
}

/**
 * The slide shown lives in the URL as `?slide=` (1 to `count`), so a presenter can link to a slide and a reload keeps
 * it. Moving replaces the entry: stepping through a deck does not fill the back button's history. Out-of-range or
 * missing values show the first slide.
 */
export function useSlideParam(count: number): SlideParam {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("slide"));
  const index = Number.isInteger(raw) && raw >= 1 && raw <= count ? raw - 1 : 0;
  // Why a ref: a key listener or a click can run between a render and the effects that would hand it the new index
  // (a loaded machine widens that gap), and react-router's functional update gets the render's params, not the latest.
  // Stepping from the last slide asked for makes a press count once, whenever it lands.
  const asked = useRef(index);
  useLayoutEffect(() => {
    asked.current = index;
  }, [index]);
  const go = useCallback(
    (next: number) => {
      // Wraps both ways: before the first is the last, after the last the first.
      const wrapped = ((next % count) + count) % count;
      asked.current = wrapped;
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          p.set("slide", String(wrapped + 1));
          return p;
        },
        { replace: true },
      );
    },
    [count, setParams],
  );
  const step = useCallback((delta: number) => go(asked.current + delta), [go]);
  return { index, go, step };
}
