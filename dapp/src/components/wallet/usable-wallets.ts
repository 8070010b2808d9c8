import type { Connector } from "wagmi";

export const INSTALL_WALLET_URL = "https://metamask.io/download/";

/**
 * The wallets to offer: those that announced themselves (EIP-6963, with a name and an icon). The generic
 * injected connector only when none did but a `window.ethereum` exists (an older wallet); with nothing
 * there it could only fail with "Provider not found.".
 */
export function usableWallets(connectors: readonly Connector[]): Connector[] {
  const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  const generic = connectors.filter((c) => c.id === "injected");
  const others = connectors.filter((c) => c.type !== "injected"); // mock (tests), WalletConnect…
  const hasInjected = typeof window !== "undefined" && Boolean((window as { ethereum?: unknown }).ethereum);
  return [...announced, ...(announced.length === 0 && hasInjected ? generic : []), ...others];
}
