// The faucet's plain values (no zod), for the dapp's first load too: what each claim gives, how often, and
// where to go where this faucet cannot give. Amounts are whole units as text (exact; the decimals say how
// they are sent on the chain).

export const FAUCET_ASSETS = ["XQB", "USDC", "ETH"] as const;
export type FaucetAsset = (typeof FAUCET_ASSETS)[number];

/** One claim per wallet and asset per this many seconds (24 h). */
export const FAUCET_WINDOW_SECONDS = 86_400;

/** What one claim sends, in whole units. */
export const FAUCET_AMOUNTS: Record<FaucetAsset, string> = { XQB: "1000", USDC: "1000", ETH: "1" };

/** The token's decimals on the EVM chain (MockUSDC has 6, like Circle's USDC). */
export const FAUCET_DECIMALS: Record<FaucetAsset, number> = { XQB: 18, USDC: 6, ETH: 18 };

/** How each asset reaches the wallet on the local chain. */
export const FAUCET_METHODS: Record<FaucetAsset, string> = {
  XQB: "an XQB transfer from the faucet account (dev account #16, the community incentives genesis holder)",
  USDC: "a MockUSDC mint by the API signer (dev account #0 holds MINTER_ROLE)",
  ETH: "an ETH transfer from the faucet account (dev account #16)",
};

/** Hardhat dev account index of the faucet account (the communityIncentives genesis holder, 3M XQB). */
export const FAUCET_DEV_ACCOUNT = 16;

export interface FaucetLink {
  name: string;
  url: string;
}

/** Public Sepolia ETH faucets, named as links only (not endorsed; each has its own rules). */
export const PUBLIC_SEPOLIA_ETH_FAUCETS: readonly FaucetLink[] = [
  {
    name: "Google Cloud Web3 faucet (Sepolia)",
    url: "https://cloud.google.com/application/web3/faucet/ethereum/sepolia",
  },
  { name: "Alchemy Sepolia faucet", url: "https://www.alchemy.com/faucets/ethereum-sepolia" },
  { name: "Infura Sepolia faucet", url: "https://www.infura.io/faucet/sepolia" },
];

/** Circle's own faucet for its testnet USDC (the USDC the Sepolia deploy uses). */
export const PUBLIC_SEPOLIA_USDC_FAUCETS: readonly FaucetLink[] = [
  { name: "Circle testnet faucet (USDC)", url: "https://faucet.circle.com" },
];
