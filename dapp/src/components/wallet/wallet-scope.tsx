import { lazy, Suspense, type ReactNode } from "react";
import { PageLoading } from "../layouts/app-shell";

// wagmi, viem and the config load with the first page that needs them, not with the first load.
const WalletProvider = lazy(() => import("./wallet-provider"));

/**
 * Provides the page's wagmi config (the one the app-bar wallet control uses) to `children`. The router
 * wraps every page that uses wagmi hooks in it, so page authors need not. `preload` starts loading the
 * page's own chunk at the same time as the wallet code, not after it.
 */
export function WalletScope({ children, preload }: { children: ReactNode; preload?: () => Promise<unknown> }) {
  void preload?.();
  return (
    <Suspense fallback={<PageLoading />}>
      <WalletProvider>{children}</WalletProvider>
    </Suspense>
  );
}
