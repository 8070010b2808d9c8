import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";
import { useIdle } from "../lib/use-idle";
import { theme } from "../config/theme";

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client; the app uses one for its lifetime. */
  queryClient?: QueryClient;
};

const Toasts = lazy(() => import("./toasts"));

// No WagmiProvider here: wagmi and viem load with the wallet control and the pages that use them
// (components/wallet/wallet-scope.tsx), never with the first load.

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [toastRoot, setToastRoot] = useState<HTMLDivElement | null>(null);
  // The toast host is small: it only waits for the load event, so a toast is never held back for long.
  const idle = useIdle({ afterMs: 0 });
  // Every page's chain reads refresh from the event index's moves (lib/chain-changes), once the page has loaded;
  // the listener's code loads then too, out of every page's first load.
  useEffect(() => {
    if (!idle) return undefined;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import("../lib/chain-changes/listener").then(({ listenToChainChanges }) => {
      if (!stopped) stop = listenToChainChanges(client);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [idle, client]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        {/* The shared toast area on every page. */}
        <div data-testid="toast-area" ref={setToastRoot} />
        {toastRoot && idle ? (
          <Suspense fallback={null}>
            <Toasts domRoot={toastRoot} />
          </Suspense>
        ) : null}
        {children}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
