import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * The Fullscreen API on one element: whether it is the document's fullscreen element now (the browser's own Escape
 * and any other exit included, through `fullscreenchange`), and a toggle. `supported` is false where the browser
 * offers no fullscreen (the button then says so instead of doing nothing).
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== "undefined" && document.fullscreenEnabled === true;
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, [ref]);
  const toggle = useCallback(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await ref.current?.requestFullscreen();
  }, [ref]);
  const exit = useCallback(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
  }, []);
  return { active, supported, toggle, exit };
}
