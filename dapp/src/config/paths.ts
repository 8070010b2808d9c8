// The page table: every route of the spec (part 1, section 2) once, with what everything else needs to
// know about it. The router, the navigation menu, the landing page's index, the back links, the bench
// (first-load JS and Lighthouse) and the browser tests all read this table; nothing else lists pages.
// Data only (no React, no imports), so node scripts (scripts/lib/bench-*.ts, e2e/) import it as is.
//
// Adding a page: its feature folder (dapp/src/features/<feature>/), `built: true` on its entry here, and
// its route module src/app/routes/<slug>.tsx (found by convention, see routeModuleOf). docs/ARCHITECTURE.md,
// "Adding a feature", has the whole list; src/config/paths.test.ts fails when a spec route has no entry.

/** The navigation menu's sections, in the order it shows them. */
export const SECTIONS = [
  "Platform",
  "Ethereum",
  "Stellar & XRPL",
  "Treasury",
  "Security & readiness",
  "Testnet operations",
] as const;
export type Section = (typeof SECTIONS)[number];

/** Every route's first-load JS budget (gzip KB: the entry plus the route module's static imports) unless its entry says otherwise. */
export const DEFAULT_FIRST_LOAD_BUDGET_KB = 150;

export interface AppPath {
  path: string;
  /** The spec's name of the page: the menu's label, the document title, the back link's words. */
  title: string;
  section: Section;
  /** dapp/src/features/<feature> (and api/src/features/<feature>) that the page shows (the landing page's is "landing"). */
  feature: string | null;
  /** Whether this release implements it: only built pages get a route and a menu entry (all 29 are built now). */
  built: boolean;
  /** Where the page's back link goes (the path of another entry), when the spec names another page than the landing page. */
  back?: string;
  /**
   * A tighter first-load JS budget in gzip KB than DEFAULT_FIRST_LOAD_BUDGET_KB, for a page that should stay
   * light; never a looser one (scripts/lib/first-load-budget.test.ts fails a budget over the default).
   */
  budgetKB?: number;
  /**
   * The page's first view holds a part that signs with the browser wallet, so it loads wagmi and viem even
   * for a visitor without one; the others load them only with a wallet present (the bench's JS until idle).
   */
  wallet?: boolean;
}

export const paths = {
  // The most visited page: the lightest first load (no wagmi, viem, zod or charts), its figures from one call.
  home: {
    path: "/",
    title: "XQB Multi-Chain Testnet",
    section: "Platform",
    feature: "landing",
    built: true,
    budgetKB: 142,
  },
  // Spec part 1: "Titled Presidential Dashboard, with a back link to /".
  unifiedPlatform: {
    path: "/unified-platform",
    title: "Unified Platform Dashboard",
    section: "Platform",
    feature: "unified",
    built: true,
  },
  technicalIntegrationOverview: {
    path: "/technical-integration-overview",
    title: "Technical Integration Overview",
    section: "Platform",
    feature: "technical-integration",
    built: true,
  },
  completeCryptocurrencyDashboard: {
    path: "/complete-cryptocurrency-dashboard",
    title: "Cryptocurrency Integration",
    section: "Platform",
    feature: "cryptocurrency",
    built: true,
  },
  environmentalMonitoring: {
    path: "/environmental-monitoring",
    title: "Environmental Monitoring",
    section: "Platform",
    feature: "environmental",
    built: true,
  },

  // Spec part 1: "Back link to /unified-platform".
  multiBlockchainMinting: {
    path: "/multi-blockchain-minting",
    title: "Multi-Blockchain Minting",
    section: "Ethereum",
    feature: "minting",
    built: true,
    wallet: true,
    back: "/unified-platform",
  },
  realEthStakingTest: {
    path: "/real-eth-staking-test",
    title: "Real ETH Staking Test",
    section: "Ethereum",
    feature: "real-staking",
    built: true,
  },
  liquidStakingLeverage: {
    path: "/liquid-staking-leverage",
    title: "Liquid Staking Leverage",
    section: "Ethereum",
    feature: "liquid-staking",
    built: true,
    wallet: true,
  },
  vibecoinsXqbMintBurn: {
    path: "/vibecoins-xqb-mint-burn",
    title: "VibeCoins XQB Mint / Burn",
    section: "Ethereum",
    feature: "vibecoins",
    built: true,
    wallet: true,
  },

  stellarKeyInput: {
    path: "/stellar-key-input",
    title: "Stellar Key Input",
    section: "Stellar & XRPL",
    feature: "stellar-account",
    built: true,
  },
  xrpAccountTesting: {
    path: "/xrp-account-testing",
    title: "XRP Account Testing",
    section: "Stellar & XRPL",
    feature: "xrpl-account",
    built: true,
  },
  realTestnetXrpExecution: {
    path: "/real-testnet-xrp-execution",
    title: "Real Testnet XRP Execution",
    section: "Stellar & XRPL",
    feature: "xrpl-account",
    built: true,
  },
  testnetCrossChainDemo: {
    path: "/testnet-cross-chain-demo",
    title: "Testnet Cross-Chain Demo",
    section: "Stellar & XRPL",
    feature: "bridge",
    built: true,
    wallet: true,
  },
  // The real-ledger view of the bridge: back to the demo it extends.
  realCrossChainTesting: {
    path: "/real-cross-chain-testing",
    title: "Real Cross-Chain Testing",
    section: "Stellar & XRPL",
    feature: "bridge",
    built: true,
    back: "/testnet-cross-chain-demo",
  },

  quantumTreasury: {
    path: "/quantum-treasury-2",
    title: "Quantum Treasury 2.0",
    section: "Treasury",
    feature: "quantum-treasury-2",
    built: true,
  },
  treasuryStaking: {
    path: "/treasury-staking",
    title: "Treasury Staking",
    section: "Treasury",
    feature: "treasury-staking",
    built: true,
  },
  vibecoinsCrowdfunding: {
    path: "/enhanced-vibecoins-crowdfunding",
    title: "Enhanced VibeCoins Crowdfunding",
    section: "Treasury",
    feature: "crowdfunding",
    built: true,
  },

  governmentSecurityDashboard: {
    path: "/government-security-dashboard",
    title: "Government Security Testing Dashboard",
    section: "Security & readiness",
    feature: "security",
    built: true,
  },
  mainnetReadinessDashboard: {
    path: "/mainnet-readiness-dashboard",
    title: "Mainnet Readiness Dashboard",
    section: "Security & readiness",
    feature: "mainnet-readiness",
    built: true,
  },
  professionalDevelopment: {
    path: "/professional-blockchain-development",
    title: "Professional Blockchain Development",
    section: "Security & readiness",
    feature: "professional",
    built: true,
  },
  isolatorDashboard: {
    path: "/q-blockchain-isolator-dashboard",
    title: "Q-Blockchain Isolation Dashboard",
    section: "Security & readiness",
    feature: "q-isolator",
    built: true,
  },
  authenticNetworkVerification: {
    path: "/authentic-network-verification",
    title: "Authentic Network Verification",
    section: "Security & readiness",
    feature: "network-verification",
    built: true,
  },
  // Spec part 1: "Back link to /".
  congressionalPresentation: {
    path: "/congressional-presentation",
    title: "Congressional Review",
    section: "Security & readiness",
    feature: "congressional",
    built: true,
  },

  testnetXqbFaucet: {
    path: "/testnet-xqb-faucet",
    title: "Testnet XQB Faucet",
    section: "Testnet operations",
    feature: "faucet",
    built: true,
    wallet: true,
  },
  testnetPerfection: {
    path: "/testnet-perfection",
    title: "Testnet Perfection",
    section: "Testnet operations",
    feature: "testnet",
    built: true,
  },
  realTestnetOperations: {
    path: "/real-testnet-operations",
    title: "Real Testnet Operations",
    section: "Testnet operations",
    feature: "testnet-operations",
    built: true,
  },
  authenticTestnetDashboard: {
    path: "/authentic-testnet-dashboard",
    title: "Authentic Testnet Dashboard",
    section: "Testnet operations",
    feature: "testnet-operations",
    built: true,
  },
  comprehensiveTestnetOperations: {
    path: "/comprehensive-testnet-operations",
    title: "Comprehensive Testnet Operations",
    section: "Testnet operations",
    feature: "operations-log",
    built: true,
  },
  authenticUserOnboarding: {
    path: "/authentic-user-onboarding",
    title: "Authentic User Onboarding",
    section: "Testnet operations",
    feature: "onboarding",
    built: true,
  },
} as const satisfies Record<string, AppPath>;

export type PathKey = keyof typeof paths;

/** Every page, in the table's order (section by section). */
export const allPaths: readonly AppPath[] = Object.values(paths);

/** The pages this release implements: the router's routes, the menu's entries, the bench's and the browser tests' lists. */
export const builtPaths: readonly AppPath[] = allPaths.filter((p) => p.built);

/** The trailing slash does not make another page. */
export function findPath(pathname: string): AppPath | undefined {
  const normalized = pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return allPaths.find((p) => p.path === normalized);
}

/** src/app/routes/<slug>.tsx, default-exporting the page: the path without its slash ("landing" for "/"). */
export function routeModuleOf(page: AppPath): string {
  return page.path === "/" ? "landing" : page.path.slice(1);
}

export function firstLoadBudgetOf(page: AppPath): number {
  return page.budgetKB ?? DEFAULT_FIRST_LOAD_BUDGET_KB;
}

/**
 * The one rule for back links: to the page the spec names for it (`back`), else to the landing page,
 * which is called "Home"; none on the landing page itself. A page without an entry (not found) goes home.
 */
export function backOf(pathname: string): { to: string; label: string } | null {
  const page = findPath(pathname);
  if (page === paths.home) return null;
  // A page not built yet is not offered anywhere, back links included: until it is, back goes Home.
  const named = page?.back ? findPath(page.back) : undefined;
  const target = named?.built ? named : paths.home;
  return { to: target.path, label: target === paths.home ? "Home" : target.title };
}

/** The built pages of each section, in SECTIONS order; a section with none is left out. */
export function builtPagesBySection(): { section: Section; pages: AppPath[] }[] {
  return SECTIONS.map((section) => ({ section, pages: builtPaths.filter((p) => p.section === section) })).filter(
    (s) => s.pages.length > 0,
  );
}
