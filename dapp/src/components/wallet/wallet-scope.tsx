import { lazy, Suspense, type ReactNode } from "react";
import { PageLoading } from "../layouts/app-shell";

// wagmi, viem and the config load with the first page that needs them, not with the first load.
const WalletProvider = lazy(() => import("./wallet-provider"));

/**
 * Provides the page's wagmi config (the one the app-bar wallet control uses) to `children`. The router
 * wraps every page that uses wagmi hooks in it, so page authors need not. `preload` starts loading the
 * page's own chunk at the same time as the wallet code, not after it. A page can also wrap only its
 * wallet-bound parts in one (with a `fallback` of their size), so the rest renders without wagmi.
 */
export function WalletScope({ children, preload, fallback = <PageLoading /> }: { children: ReactNode; preload?: () => Promise<unknown>; fallback?: ReactNode }) {
  void preload?.();
  return (
    <Suspense fallback={fallback}>
      <WalletProvider>{children}</WalletProvider>
    </Suspense>
  );
}
