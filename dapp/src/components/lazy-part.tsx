import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { ErrorBoundary } from "react-error-boundary";
import { LoadError } from "./load-error";
import { walletPresent } from "./wallet/wallet-presence";
import { preloadWallet, WalletScope } from "./wallet/wallet-scope";

/** Where a lazy part will be while its code loads: a quiet spinner in a box of the part's likely height. */
/** `minHeight` may be responsive ({ xs, sm }): the height the part will take, so nothing below it moves when it arrives. */
export function PartLoading({
  minHeight = 160,
  label = "Loading",
}: {
  minHeight?: number | Partial<Record<"xs" | "sm" | "md", number>>;
  label?: string;
}) {
  return (
    <Box
      data-testid="part-loading"
      role="status"
      aria-label={label}
      sx={{ minHeight, display: "flex", alignItems: "center", justifyContent: "center" }}
    >
      <CircularProgress size={28} />
    </Box>
  );
}

/**
 * False during the render that first shows the part, true once the browser has painted it. A part asks
 * for its code only then: a request started before the page's first paint competes with it (and
 * Lighthouse counts it on the way to the largest paint), one started just after costs a frame.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the next paint; a task queued from it runs just after.
    const afterPaint = () => (timer = setTimeout(() => setPainted(true), 0));
    const frame =
      typeof requestAnimationFrame === "function" ? requestAnimationFrame(afterPaint) : (afterPaint(), undefined);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the part's code (and the wallet's, for a wallet part); safe to call often. */
  preload: () => Promise<unknown>;
};

/**
 * A piece of a page whose code loads after the page's first paint: a tab that is not the default, a
 * form that signs with the wallet, a chart. The page's first load stays the shell and what it reads; the
 * heavy parts (wagmi and viem, zod for forms, the ABIs, the charts) come with the part that needs them.
 * `wallet: true` wraps it in a WalletScope, so wagmi hooks work inside and wagmi loads alongside.
 * Call `preload()` once the page has painted (UrlTabs does it for its tabs) so a click never waits.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  {
    wallet = false,
    fallback = <PartLoading />,
    name = "This part",
  }: { wallet?: boolean; fallback?: ReactNode; name?: string } = {},
): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  // Once; but a failed load is forgotten, so the idle prefetch failing does not fail the tab when opened.
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Part(props: P) {
    const painted = usePainted();
    // The part's own chunk and the wallet code load side by side: without this the part's import would
    // start only once the WalletScope above it had resolved. Once per mount, not per render: a chunk that
    // is gone must not be asked for again at every re-render of the page.
    useEffect(() => {
      if (painted) void Promise.all([loadOnce(), wallet ? preloadWallet() : null]).catch(() => {});
    }, [painted]);
    if (!painted) return fallback;
    const inner = <Lazy {...props} />;
    // A part that cannot load (its chunk gone after a rebuild, the connection dropped) or that throws says
    // so in its own place; the rest of the page stays.
    return (
      <ErrorBoundary fallbackRender={({ error }) => <LoadError error={error} what={name} testId="part-error" />}>
        <Suspense fallback={fallback}>{wallet ? <WalletScope>{inner}</WalletScope> : inner}</Suspense>
      </ErrorBoundary>
    );
  }
  // A wallet part is preloaded ahead of a click only in a browser that has a wallet: its code imports wagmi and
  // viem (some 100 KB gzip), which a visitor without one gets only when the part is shown.
  Part.preload = () =>
    wallet && !walletPresent() ? Promise.resolve() : Promise.all([loadOnce(), wallet ? preloadWallet() : null]);
  return Part as LazyPart<P>;
}
