import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "../lib/query-client";
import { theme } from "./theme";

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client; the app uses one for its lifetime. */
  queryClient?: QueryClient;
};

const Toasts = lazy(() => import("./toasts"));

/** True once the browser is idle after the first render (or after a second at most). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(() => setIdle(true), 1);
    return () => clearTimeout(t);
  }, []);
  return idle;
}

// No WagmiProvider here: wagmi and viem load with the wallet control and the pages that use them
// (components/wallet/wallet-scope.tsx), never with the first load.

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [toastRoot, setToastRoot] = useState<HTMLDivElement | null>(null);
  const idle = useIdle();
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
