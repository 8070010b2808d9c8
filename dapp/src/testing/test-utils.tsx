import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { onTestFinished } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { WagmiProvider } from "wagmi";
import { AppProvider } from "../app/provider";
import { mirrorWalletAccount } from "../components/wallet/mirror-wallet-account";
import { resetWalletAccount } from "../components/wallet/wallet-account";
import { createQueryClient } from "../lib/query-client";
import type { AppWagmiConfig } from "../lib/wagmi";
import { testWagmiConfig } from "./wagmi";

/** Renders `ui` inside the app's providers with fresh clients and an in-memory router. */
export function renderWithProviders(ui: ReactElement, options: { route?: string; wagmiConfig?: AppWagmiConfig } = {}) {
  const queryClient = createQueryClient();
  const wagmiConfig = options.wagmiConfig ?? testWagmiConfig({ connectors: [], discover: false });
  const user = userEvent.setup();
  // The app's wallet control mirrors its config into the wagmi-free store pages read; here the test's config does.
  const stopMirror = mirrorWalletAccount(wagmiConfig);
  onTestFinished(() => {
    stopMirror();
    resetWalletAccount();
  });
  const result = render(
    <AppProvider queryClient={queryClient}>
      {/* The app provides wagmi lazily (WalletScope); tests provide their config up front, which WalletScope then uses. */}
      <WagmiProvider config={wagmiConfig}>
        <MemoryRouter initialEntries={[options.route ?? "/"]}>{ui}</MemoryRouter>
      </WagmiProvider>
    </AppProvider>,
  );
  return { ...result, user, queryClient, wagmiConfig };
}
