// Plain values of the Quantum Treasury 2.0 page (spec part 1, §2, §3, §7, §8, §9), no zod: the page's first
// paint imports them through its dapp feature's constants.ts. The spec's figures here are the PLAN (copy):
// the API serves the chain's readings beside them, never in their place.

export const QT_FEATURE = "quantum-treasury-2" as const;

/** Page title and the five tabs, in the spec's order (default: overview). */
export const QT_TITLE = "Quantum Operations";
export const QT_TABS = [
  { id: "overview", label: "Treasury Overview" },
  { id: "tokenomics", label: "XQB Tokenomics" },
  { id: "collateral", label: "USDC Collateral" },
  { id: "operations", label: "Treasury Operations" },
  { id: "strategy", label: "Launch Strategy" },
] as const;
export type QtTabId = (typeof QT_TABS)[number]["id"];

/** The vault's rules, in percent (TreasuryVault MIN_COLLATERAL_RATIO_BPS / LIQUIDATION_RATIO_BPS). */
export const QT_MINIMUM_RATIO_PERCENT = 150;
export const QT_LIQUIDATION_THRESHOLD_PERCENT = 130;
/** XQBToken.MAX_SUPPLY in whole XQB. */
export const QT_XQB_MAX_SUPPLY = 1_000_000_000;

/** The spec's treasury summary (§3, §9): the plan, labelled as such wherever it is shown. */
export const QT_PLAN = {
  totalCapitalUsd: 150_000_000,
  xqbMinted: 150_000_000,
  collateralizationRatio: 150,
  liquidationThreshold: 130,
  xqbusdCapacityUsd: 100_000_000,
  initialXqbPriceUsd: 1,
  quantumSecurityLevel: 99.9,
  personalBlockchainNodes: 7,
  distributionPhase: "Genesis Launch",
} as const;

/** The spec's XQB allocation table (§3, §9); labels = XQBToken's GenesisAllocated labels. */
export const QT_XQB_ALLOCATION = [
  {
    label: "founderAllocation",
    name: "Founder Allocation",
    amount: 30_000_000,
    percent: 20,
    note: "2-year vesting",
    locked: true,
  },
  { label: "treasuryReserves", name: "Treasury Reserves", amount: 45_000_000, percent: 30, note: null, locked: true },
  {
    label: "stakingRewards",
    name: "Staking Rewards",
    amount: 30_000_000,
    percent: 20,
    note: "4-year distribution",
    locked: true,
  },
  { label: "liquidityPools", name: "Liquidity Pools", amount: 22_500_000, percent: 15, note: null, locked: false },
  { label: "developmentFund", name: "Development Fund", amount: 15_000_000, percent: 10, note: null, locked: true },
  {
    label: "marketingAllocation",
    name: "Marketing Allocation",
    amount: 4_500_000,
    percent: 3,
    note: null,
    locked: false,
  },
  {
    label: "communityIncentives",
    name: "Community Incentives",
    amount: 3_000_000,
    percent: 2,
    note: null,
    locked: false,
  },
] as const;
export type QtAllocationLabel = (typeof QT_XQB_ALLOCATION)[number]["label"];

/** Release schedule (§9): 37.5M at genesis, 37.5M in year 1, 45M in years 2-3, 30M from year 4. */
export const QT_RELEASE_SCHEDULE = [
  { period: "Genesis", fromMonth: 0, amount: 37_500_000 },
  { period: "Year 1", fromMonth: 0, amount: 37_500_000 },
  { period: "Years 2-3", fromMonth: 12, amount: 45_000_000 },
  { period: "Year 4+", fromMonth: 36, amount: 30_000_000 },
] as const;
/** §9: circulating supply in year 1 is planned at 75M (50%). */
export const QT_PLANNED_YEAR1_CIRCULATING = 75_000_000;

/** §9 USDC allocation (plan). */
export const QT_USDC_ALLOCATION = [
  { name: "Collateral", amountUsd: 100_000_000 },
  { name: "Emergency reserve", amountUsd: 30_000_000 },
  { name: "Liquidity buffer", amountUsd: 15_000_000 },
  { name: "Yield", amountUsd: 5_000_000 },
] as const;

/** §9 APY estimates (copy, not readings). */
export const QT_ESTIMATED_APY = { staking: 40, liquidityPool: 25 } as const;

/** The three operations (§7), their card labels, pending labels (§4) and the spec's default amounts. */
export const QT_OPERATIONS = {
  deploy_capital: {
    title: "Deploy Capital",
    button: "Convert to USDC",
    pending: "Deploying...",
    defaultAmount: null,
    unit: "USDC",
    /** The token's decimals: the API refuses an amount with more (parseAmount). */
    decimals: 6,
  },
  mint_xqb: {
    title: "Mint XQB",
    button: "Mint XQB Tokens",
    pending: "Minting...",
    defaultAmount: 150_000_000,
    unit: "XQB",
    /** The token's decimals: the API refuses an amount with more (parseAmount). */
    decimals: 18,
  },
  enable_xqbusd: {
    title: "Enable XQBUSD",
    button: "Enable XQBUSD",
    pending: "Enabling...",
    defaultAmount: 100_000_000,
    unit: "XQBUSD",
    /** The token's decimals: the API refuses an amount with more (parseAmount). */
    decimals: 18,
  },
} as const;
/**
 * What is wrong with an amount typed as text for a token of `decimals` decimals, or null: not a plain
 * positive decimal (no exponent, no grouping), more decimals than the token has, or zero. Plain code (no zod):
 * the API's parseAmount refuses with it, and the page checks the same rule as the user types.
 */
export function qtAmountProblem(text: string, unit: string, decimals: number): string | null {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return `must be a positive number of ${unit} written without an exponent (got ${t})`;
  if ((t.split(".")[1] ?? "").replace(/0+$/, "").length > decimals)
    return `${unit} has ${decimals} decimals; ${t} has more`;
  if (!/[1-9]/.test(t)) return "must be greater than 0";
  return null;
}

export const QT_OPERATION_NAMES = ["deploy_capital", "mint_xqb", "enable_xqbusd"] as const;
export type QtOperationName = (typeof QT_OPERATION_NAMES)[number];

/** §8: the success toast. */
export const QT_TOAST_SUCCESS = {
  title: "Treasury Operation Successful",
  description: (operation: string) => `${operation} completed with quantum security`,
} as const;

/** Launch Strategy: the phases as copy (§2, §9); "Genesis, pre-launch" is the current phase. */
export const QT_LAUNCH_PHASES = [
  {
    id: "genesis",
    name: "Phase 1: Genesis",
    months: "0-3 months",
    status: "Genesis, pre-launch",
    items: ["Deploy USDC collateral to the vault", "Mint the XQB genesis supply", "Enable XQBUSD at 150% collateral"],
  },
  {
    id: "growth",
    name: "Phase 2: Growth",
    months: "3-6 months",
    status: "planned",
    items: ["Open staking rewards", "Seed liquidity pools", "Bridge to further chains"],
  },
  {
    id: "scale",
    name: "Phase 3: Scale",
    months: "6-12 months",
    status: "planned",
    items: ["Total value locked target $500M", "Valuation target $10B+"],
  },
] as const;
export const QT_TARGETS = { totalValueLockedUsd: 500_000_000, valuation: "$10B+" } as const;
export const QT_STRATEGY_BUTTONS = {
  execute: "Execute Treasury Strategy",
  download: "Download Implementation Plan",
} as const;
