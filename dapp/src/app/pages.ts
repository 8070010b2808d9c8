// The built pages: which route module (src/app/routes/<module>.tsx) renders each path. Data only (no
// React), so `npm run bench` reads the same table to sum each route's first-load JS from the build manifest.
import { paths } from "../config/paths";

export interface BuiltPage {
  /** src/app/routes/<module>.tsx, default-exporting the page. */
  module: string;
}

export const builtPages: Record<string, BuiltPage> = {
  [paths.home.path]: { module: "landing" },
  [paths.multiBlockchainMinting.path]: { module: "minting" },
  [paths.realEthStakingTest.path]: { module: "real-eth-staking-test" },
  [paths.liquidStakingLeverage.path]: { module: "liquid-staking" },
  [paths.quantumTreasury.path]: { module: "quantum-treasury-2" },
  [paths.treasuryStaking.path]: { module: "treasury-staking" },
  [paths.testnetPerfection.path]: { module: "testnet-perfection" },
  [paths.stellarKeyInput.path]: { module: "stellar-key-input" },
  [paths.xrpAccountTesting.path]: { module: "xrp-account-testing" },
  [paths.realTestnetXrpExecution.path]: { module: "real-testnet-xrp-execution" },
  [paths.vibecoinsXqbMintBurn.path]: { module: "vibecoins-xqb-mint-burn" },
  [paths.testnetCrossChainDemo.path]: { module: "testnet-cross-chain-demo" },
  [paths.realCrossChainTesting.path]: { module: "real-cross-chain-testing" },
  [paths.testnetXqbFaucet.path]: { module: "testnet-xqb-faucet" },
  [paths.mainnetReadinessDashboard.path]: { module: "mainnet-readiness-dashboard" },
  [paths.governmentSecurityDashboard.path]: { module: "government-security-dashboard" },
  [paths.professionalDevelopment.path]: { module: "professional-blockchain-development" },
  [paths.isolatorDashboard.path]: { module: "q-blockchain-isolator-dashboard" },
};
