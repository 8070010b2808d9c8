import { createPortal } from "react-dom";
import WalletProvider from "./wallet-provider";
import { WalletButton } from "./wallet-button";
import { WrongNetworkBanner } from "./wrong-network-banner";

/**
 * The app bar's wallet part, a lazy chunk of its own (wagmi and viem load with it, after the first
 * paint): the wallet button, and the wrong-network banner rendered into the slot under the toolbar.
 * `openConnect`: it loaded because the visitor pressed Connect, so it goes on with that press.
 */
export default function WalletControl({
  bannerSlot,
  openConnect = false,
}: {
  bannerSlot: HTMLElement | null;
  openConnect?: boolean;
}) {
  return (
    <WalletProvider>
      <WalletButton openConnect={openConnect} />
      {bannerSlot ? createPortal(<WrongNetworkBanner />, bannerSlot) : null}
    </WalletProvider>
  );
}
