// The 22 coins of the spec, in its four groups, and how each is run here. Plain data (no zod, no libraries): the
// dapp imports it for its first paint (dapp/src/features/cryptocurrency/constants.ts).

export const COIN_CATEGORIES = ["layer1", "layer2", "stablecoins", "platform"] as const;
export type CoinCategory = (typeof COIN_CATEGORIES)[number];

/** The spec's group names (the page's headings). */
export const CATEGORY_TITLES: Record<CoinCategory, string> = {
  layer1: "Layer 1 Blockchains",
  layer2: "Layer 2 Solutions",
  stablecoins: "Stablecoins",
  platform: "Platform Tokens",
};

/**
 * How a coin's test transaction is run:
 * - `local-evm`: on our EVM chain (the local Hardhat node, or Sepolia when configured), executed (live);
 * - `stellar` / `xrpl`: through the existing ledger clients, live when the testnet answers, else signed offline;
 * - `offline`: built and signed with the coin's own library (api/src/ledgers/offline), never broadcast;
 * - `display`: no workable offline library or no testnet asset: shown, never pretended.
 */
export type CoinRoad = "local-evm" | "stellar" | "xrpl" | "offline" | "display";

export interface CoinEntry {
  symbol: string;
  name: string;
  category: CoinCategory;
  road: CoinRoad;
}

export const COINS = [
  { symbol: "BTC", name: "Bitcoin", category: "layer1", road: "offline" },
  { symbol: "ETH", name: "Ethereum", category: "layer1", road: "local-evm" },
  { symbol: "XLM", name: "Stellar Lumens", category: "layer1", road: "stellar" },
  { symbol: "XRP", name: "XRP", category: "layer1", road: "xrpl" },
  { symbol: "ADA", name: "Cardano", category: "layer1", road: "offline" },
  { symbol: "SOL", name: "Solana", category: "layer1", road: "offline" },
  { symbol: "AVAX", name: "Avalanche", category: "layer1", road: "offline" },
  { symbol: "DOT", name: "Polkadot", category: "layer1", road: "offline" },
  { symbol: "ALGO", name: "Algorand", category: "layer1", road: "offline" },
  { symbol: "HBAR", name: "Hedera", category: "layer1", road: "offline" },
  { symbol: "IOTA", name: "IOTA", category: "layer1", road: "offline" },
  { symbol: "XTZ", name: "Tezos", category: "layer1", road: "offline" },
  { symbol: "VET", name: "VeChain", category: "layer1", road: "offline" },
  { symbol: "KAS", name: "Kaspa", category: "layer1", road: "offline" },
  { symbol: "ARB", name: "Arbitrum", category: "layer2", road: "offline" },
  { symbol: "OP", name: "Optimism", category: "layer2", road: "offline" },
  { symbol: "MATIC", name: "Polygon", category: "layer2", road: "offline" },
  { symbol: "USDC", name: "USD Coin (our mock)", category: "stablecoins", road: "local-evm" },
  { symbol: "USDT", name: "Tether USD", category: "stablecoins", road: "display" },
  { symbol: "XQBUSD", name: "XQB USD", category: "stablecoins", road: "local-evm" },
  { symbol: "XQB", name: "XQB Token", category: "platform", road: "local-evm" },
  { symbol: "VIBE", name: "VibeCoin", category: "platform", road: "local-evm" },
] as const satisfies readonly CoinEntry[];

export type CoinSymbol = (typeof COINS)[number]["symbol"];
export const COIN_SYMBOLS = COINS.map((c) => c.symbol) as unknown as readonly [CoinSymbol, ...CoinSymbol[]];

/** The spec's 'Top 5' bulk scope. */
export const TOP_FIVE: readonly CoinSymbol[] = ["XLM", "ETH", "BTC", "XRP", "ADA"];

/** The three levels a coin can be at, in words (the page's badges and the API's reasons start from these). */
export const COIN_LEVELS = ["live", "signed-offline", "display-only"] as const;
export type CoinLevel = (typeof COIN_LEVELS)[number];

/** The spec's amount field on the test forms: min 0.1, step 0.1, default 1. */
export const TEST_AMOUNT = { min: "0.1", step: "0.1", default: "1" } as const;

/** The bulk test's bounds: coins at once, and one run per caller at a time (409 while one runs). */
export const BULK_CONCURRENCY = 3;

/** How many of the latest test transactions the overview's average response time is measured over, per coin. */
export const RESPONSE_SAMPLE = 20;

/**
 * The overview's health rule, stated in the answer: a coin is operational when its level works right now (live:
 * its ledger answers; signed offline: its signer signed and verified its own test at start); health is
 * operational ÷ listed, "healthy" from 80 %, "degraded" from 50 %, else "down".
 */
export const HEALTH_RULE =
  "operational ÷ listed coins; a coin is operational when its level works now (live: its ledger answers; signed offline: its signer signed and verified a transfer at start; display only: never). healthy ≥ 80 %, degraded ≥ 50 %, else down";

/**
 * The faucet that serves each coin's testnet: ours (the local chain's ETH, XQB and USDC) or a named public one.
 * A coin without one here says hasFaucet: false.
 */
export const FAUCETS: Partial<Record<CoinSymbol, { name: string; url: string }>> = {
  ETH: { name: "this app's testnet faucet", url: "/testnet-xqb-faucet" },
  XQB: { name: "this app's testnet faucet", url: "/testnet-xqb-faucet" },
  USDC: { name: "this app's testnet faucet", url: "/testnet-xqb-faucet" },
  VIBE: { name: "this app's hourly VIBE reward", url: "/vibecoins-xqb-mint-burn" },
  XLM: { name: "Stellar friendbot", url: "https://friendbot.stellar.org" },
  XRP: { name: "XRPL testnet faucet", url: "https://xrpl.org/resources/dev-tools/xrp-faucets" },
  BTC: { name: "mempool.space testnet4 faucet", url: "https://mempool.space/testnet4/faucet" },
  ADA: { name: "Cardano testnets faucet (preprod)", url: "https://docs.cardano.org/cardano-testnets/tools/faucet" },
  SOL: { name: "Solana devnet faucet", url: "https://faucet.solana.com" },
  AVAX: { name: "Avalanche Fuji faucet (Core)", url: "https://core.app/tools/testnet-faucet" },
  DOT: { name: "Polkadot testnet faucet", url: "https://faucet.polkadot.io" },
  ALGO: { name: "Algorand testnet dispenser", url: "https://bank.testnet.algorand.network" },
  HBAR: { name: "Hedera portal faucet", url: "https://portal.hedera.com" },
  IOTA: { name: "IOTA testnet faucet", url: "https://faucet.testnet.iota.cafe" },
  XTZ: { name: "Ghostnet faucet", url: "https://faucet.ghostnet.teztnets.com" },
  VET: { name: "VeChain testnet faucet", url: "https://faucet.vecha.in" },
  KAS: { name: "Kaspa testnet-10 faucet", url: "https://faucet-tn10.kaspanet.io" },
  MATIC: { name: "Polygon Amoy faucet", url: "https://faucet.polygon.technology" },
};

/** Why a display-only coin is only displayed. */
export const DISPLAY_ONLY_REASONS: Partial<Record<CoinSymbol, string>> = {
  USDT: "Tether publishes no official testnet USDT, and this app runs no mock of it: nothing here could honestly be called a USDT transfer",
};
