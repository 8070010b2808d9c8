import { useState, type ReactNode } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { WagmiProvider } from "wagmi";
import { createQueryClient } from "../lib/query-client";
import { wagmiConfig as defaultWagmiConfig, type AppWagmiConfig } from "../lib/wagmi";
import { theme } from "./theme";

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own clients; the app uses one of each for its lifetime. */
  queryClient?: QueryClient;
  wagmiConfig?: AppWagmiConfig;
};

export function AppProvider({ children, queryClient, wagmiConfig = defaultWagmiConfig }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [toastRoot, setToastRoot] = useState<HTMLDivElement | null>(null);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={client}>
          {/* The shared toast area on every page. */}
          <div data-testid="toast-area" ref={setToastRoot} />
          <SnackbarProvider
            maxSnack={4}
            anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
            domRoot={toastRoot ?? undefined}
          >
            {children}
          </SnackbarProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </ThemeProvider>
  );
}
