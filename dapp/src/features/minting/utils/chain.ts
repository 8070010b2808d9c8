/**
 * The chain the browser wallet mints on: the one with a deploy map (Hardhat, 31337). A plain number here,
 * not wagmi's `hardhat.id`, so the tab's first-load text can name it without loading wagmi.
 */
export const WALLET_MINT_CHAIN_ID = 31337 as const;
