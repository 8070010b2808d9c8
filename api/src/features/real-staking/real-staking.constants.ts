// The real-staking feature's vocabulary as plain values (no zod): the pools and the spec's messages. The
// schemas build on it and re-export it; the dapp's first load imports it directly (the dapp feature's constants.ts).

/** The three pools, by their token symbol (the deploy map's names). */
export const STAKING_POOLS = ["vibeETH", "qETH", "xqbETH"] as const;
export type StakingPoolName = (typeof STAKING_POOLS)[number];

/** The spec's recommended first test amount (section 9). */
export const RECOMMENDED_TEST_ETH = "0.01";

/**
 * The spec's messages (sections 5 and 8), as title and description: the page shows them as a toast, the
 * API's 400s carry the description as the field's message.
 */
export const STAKE_MESSAGES = {
  walletRequired: { title: "Wallet Required", description: "Connect your wallet to test real ETH staking" },
  missingInformation: { title: "Missing Information", description: "Select protocol and enter stake amount" },
  amountTooLow: (protocol: string, minEth: string) => ({
    title: "Amount Too Low",
    description: `Minimum for ${protocol} is ${minEth} ETH`,
  }),
  noWallet: { title: "No Wallet Found", description: "Please install MetaMask to test real ETH staking" },
  connectionFailed: { title: "Connection Failed", fallback: "Failed to connect wallet" },
  stakeCreated: (amountEth: string, protocol: string) => ({
    title: "Real Stake Created!",
    description: `Testing ${amountEth} ETH with ${protocol}`,
  }),
  stakeFailed: { title: "Staking Test Failed", fallback: "Failed to create real stake test" },
} as const;
