import { lazy, Suspense, type ReactNode } from "react";
import { fetchNetwork } from "../../features/network/api/get-network";
import { PageLoading } from "../layouts/app-shell";

// wagmi, viem and the config load with the first part that needs them, not with the first load.
const loadProvider = () => import("./wallet-provider");
const WalletProvider = lazy(loadProvider);

/**
 * Starts loading the wallet code (wagmi, viem) and making the config before a wallet part renders. The
 * config needs GET /api/network (the chain URL); asking for it now runs it beside the code's download.
 */
export const preloadWallet = (): Promise<unknown> => {
  void fetchNetwork().catch(() => {}); // a failure is asked again by the config, which has its fallback
  return loadProvider().then((m) => m.loadWagmiConfig());
};

/**
 * Provides the page's wagmi config (the one the app-bar wallet control uses) to `children`. Pages do not
 * use it directly: a wallet-bound part is a `lazyPart(load, { wallet: true })` (components/lazy-part.tsx),
 * which wraps it in one, so the rest of the page renders without wagmi. `preload` starts loading the
 * child's own chunk at the same time as the wallet code, not after it.
 */
export function WalletScope({ children, preload, fallback = <PageLoading /> }: { children: ReactNode; preload?: () => Promise<unknown>; fallback?: ReactNode }) {
  void preload?.();
  return (
    <Suspense fallback={fallback}>
      <WalletProvider>{children}</WalletProvider>
    </Suspense>
  );
}
