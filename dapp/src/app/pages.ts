// The built pages: which route module (src/app/routes/<module>.tsx) renders each path, and whether the
// page uses wagmi hooks. Data only (no React), so `npm run bench` reads the same table to sum each
// route's first-load JS from the build manifest.
import { paths } from "../config/paths";

export interface BuiltPage {
  /** src/app/routes/<module>.tsx, default-exporting the page. */
  module: string;
  /** The page uses wagmi hooks: the router wraps it in a WalletScope (wagmi and viem load with it). */
  wallet?: boolean;
}

export const builtPages: Record<string, BuiltPage> = {
  [paths.home.path]: { module: "landing" },
  [paths.multiBlockchainMinting.path]: { module: "minting", wallet: true },
  [paths.realEthStakingTest.path]: { module: "real-eth-staking-test", wallet: true },
  [paths.liquidStakingLeverage.path]: { module: "liquid-staking", wallet: true },
};

/** The WalletScope's chunk (the wagmi config, wagmi and viem), part of a wallet page's first load (for the bench). */
export const WALLET_SCOPE_MODULE = "src/components/wallet/wallet-provider.tsx";
