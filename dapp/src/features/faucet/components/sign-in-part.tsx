import { WalletButton } from "../../../components/wallet/wallet-button";

/**
 * Connect and sign in, on the page itself: the app bar's own wallet button (connect menu, then the account
 * and Sign-In with Ethereum), loaded as a wallet part so wagmi stays out of the page's first load.
 */
export function SignInPart() {
  return <WalletButton />;
}
