// Every route of the app (spec part 1, section 2), in one place. `built` marks the pages this
// release implements; the rest render the shared NotBuiltYet page.
export type AppPath = { path: string; title: string; built: boolean };

export const paths = {
  home: { path: "/", title: "XQB Multi-Chain Testnet", built: true },
  unifiedPlatform: { path: "/unified-platform", title: "Unified Platform Dashboard", built: false },
  quantumTreasury: { path: "/quantum-treasury-2", title: "Quantum Treasury 2.0", built: true },
  vibecoinsCrowdfunding: { path: "/enhanced-vibecoins-crowdfunding", title: "Enhanced VibeCoins Crowdfunding", built: false },
  congressionalPresentation: { path: "/congressional-presentation", title: "Congressional Review", built: false },
  multiBlockchainMinting: { path: "/multi-blockchain-minting", title: "Multi-Blockchain Minting", built: true },
  realTestnetOperations: { path: "/real-testnet-operations", title: "Real Testnet Operations", built: false },
  professionalDevelopment: { path: "/professional-blockchain-development", title: "Professional Blockchain Development", built: true },
  stellarKeyInput: { path: "/stellar-key-input", title: "Stellar Key Input", built: true },
  realCrossChainTesting: { path: "/real-cross-chain-testing", title: "Real Cross-Chain Testing", built: true },
  xrpAccountTesting: { path: "/xrp-account-testing", title: "XRP Account Testing", built: true },
  realTestnetXrpExecution: { path: "/real-testnet-xrp-execution", title: "Real Testnet XRP Execution", built: true },
  technicalIntegrationOverview: { path: "/technical-integration-overview", title: "Technical Integration Overview", built: false },
  testnetXqbFaucet: { path: "/testnet-xqb-faucet", title: "Testnet XQB Faucet", built: true },
  testnetCrossChainDemo: { path: "/testnet-cross-chain-demo", title: "Testnet Cross-Chain Demo", built: true },
  mainnetReadinessDashboard: { path: "/mainnet-readiness-dashboard", title: "Mainnet Readiness Dashboard", built: true },
  environmentalMonitoring: { path: "/environmental-monitoring", title: "Environmental Monitoring", built: false },
  authenticTestnetDashboard: { path: "/authentic-testnet-dashboard", title: "Authentic Testnet Dashboard", built: false },
  governmentSecurityDashboard: { path: "/government-security-dashboard", title: "Government Security Testing Dashboard", built: true },
  completeCryptocurrencyDashboard: { path: "/complete-cryptocurrency-dashboard", title: "Cryptocurrency Integration", built: false },
  isolatorDashboard: { path: "/q-blockchain-isolator-dashboard", title: "Q-Blockchain Isolation Dashboard", built: true },
  realEthStakingTest: { path: "/real-eth-staking-test", title: "Real ETH Staking Test", built: true },
  liquidStakingLeverage: { path: "/liquid-staking-leverage", title: "Liquid Staking Leverage", built: true },
  treasuryStaking: { path: "/treasury-staking", title: "Treasury Staking", built: true },
  testnetPerfection: { path: "/testnet-perfection", title: "Testnet Perfection", built: true },
  authenticUserOnboarding: { path: "/authentic-user-onboarding", title: "Authentic User Onboarding", built: false },
  authenticNetworkVerification: { path: "/authentic-network-verification", title: "Authentic Network Verification", built: false },
  comprehensiveTestnetOperations: { path: "/comprehensive-testnet-operations", title: "Comprehensive Testnet Operations", built: false },
  vibecoinsXqbMintBurn: { path: "/vibecoins-xqb-mint-burn", title: "VibeCoins XQB Mint / Burn", built: true },
} as const satisfies Record<string, AppPath>;

export type PathKey = keyof typeof paths;

export const allPaths: readonly AppPath[] = Object.values(paths);

export function findPath(pathname: string): AppPath | undefined {
  const normalized = pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return allPaths.find((p) => p.path === normalized);
}
