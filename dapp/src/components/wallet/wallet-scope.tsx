import { lazy, type ReactNode } from "react";
import { fetchNetwork } from "../../lib/network/get-network";

// wagmi, viem and the config load with the first part that needs them, not with the first load.
const loadProvider = () => import("./wallet-provider");
const WalletProvider = lazy(loadProvider);

let walletLoading: Promise<unknown> | null = null;

/**
 * Starts loading the wallet code (wagmi, viem) and making the config before a wallet part renders; once,
 * however often a part asks (a failure is forgotten, so the next ask tries again). The config needs GET
 * /api/network (the chain URL); asking for it now runs it beside the code's download.
 */
export const preloadWallet = (): Promise<unknown> =>
  (walletLoading ??= (() => {
    void fetchNetwork().catch(() => {}); // a failure is asked again by the config, which has its fallback
    return loadProvider()
      .then((m) => m.loadWagmiConfig())
      .catch((error: unknown) => {
        walletLoading = null;
        throw error;
      });
  })());

/**
 * Provides the page's wagmi config (the one the app-bar wallet control uses) to `children`, loading wagmi
 * first; it suspends meanwhile, so it sits under a Suspense. Pages do not use it directly: a wallet-bound
 * part is a `lazyPart(load, { wallet: true })` (components/lazy-part.tsx), which wraps it in one with its
 * own Suspense and fallback, so the rest of the page renders without wagmi.
 */
export function WalletScope({ children }: { children: ReactNode }) {
  return <WalletProvider>{children}</WalletProvider>;
}
