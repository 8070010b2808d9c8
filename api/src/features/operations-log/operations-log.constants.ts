// The operations log's vocabulary as plain values (no zod): the page's first load imports these through the dapp
// feature's constants.ts, and the schemas build on them.

/** A page of the log: 25 rows unless asked, never more than 100 (each answer stays small whoever asks). */
export const OPERATIONS_PAGE = { defaultLimit: 25, maxLimit: 100 } as const;

/** The CSV export's bound: the newest rows for the filters, the answer's headers say when there were more. */
export const OPERATIONS_CSV_MAX_ROWS = 10_000;

/** Response headers of the CSV export: the filters' total, and the bound when the file stops at it. */
export const CSV_TOTAL_HEADER = "X-Operations-Total";
export const CSV_TRUNCATED_HEADER = "X-Operations-Truncated";

export const OPERATION_SOURCES = ["live", "simulated"] as const;
export type OperationSource = (typeof OPERATION_SOURCES)[number];

/**
 * `recorded`: the API's clock when it recorded the transaction. `chain`: the block's timestamp (an indexed event),
 * which runs ahead of the wall clock after the local chain's time was advanced.
 */
export const OPERATION_CLOCKS = ["recorded", "chain"] as const;

/** The local chain's ledger: its rows can belong to an earlier run of the node (a restart makes a new chain). */
export const LOCAL_LEDGER = "ethereum-local";

/** Ledgers in words; a ledger not listed (a coin's testnet added later) shows as its name. */
export const LEDGER_LABELS: Record<string, string> = {
  "ethereum-local": "Local chain (Hardhat)",
  sepolia: "Sepolia",
  "stellar-testnet": "Stellar testnet",
  "xrpl-testnet": "XRPL testnet",
  "sandbox-chain": "Readiness sandbox chain",
  "bitcoin-testnet4": "Bitcoin testnet4",
  "cardano-preprod": "Cardano preprod",
  "solana-devnet": "Solana devnet",
  "avalanche-fuji": "Avalanche Fuji",
  "westend-asset-hub": "Westend Asset Hub",
  "algorand-testnet": "Algorand TestNet",
  "hedera-testnet": "Hedera testnet",
  "iota-testnet": "IOTA testnet",
  "tezos-ghostnet": "Tezos Ghostnet",
  "vechain-testnet": "VeChain testnet",
  "kaspa-testnet-10": "Kaspa testnet-10",
  "arbitrum-sepolia": "Arbitrum Sepolia",
  "op-sepolia": "OP Sepolia",
  "polygon-amoy": "Polygon Amoy",
};

/** Features in words (the page table's titles would pull every page's entry into this one's first load). */
export const FEATURE_LABELS: Record<string, string> = {
  minting: "Minting",
  "quantum-treasury-2": "Quantum Treasury (Safe, vault)",
  testnet: "Testnet readiness tests",
  bridge: "Bridge",
  vibecoins: "VibeCoins",
  faucet: "Faucet",
  cryptocurrency: "Coin tests",
  "real-staking": "ETH staking",
  "liquid-staking": "Leverage",
};

/** What each status means, for the page's legend and the CSV reader. */
export const STATUS_MEANINGS: Record<string, string> = {
  confirmed: "the ledger has it",
  submitted: "sent; its confirmation was not recorded",
  pending: "signed and maybe sent, being settled",
  failed: "failed or refunded",
  "not broadcast": "signed offline, never submitted",
};

/** What fills the log, for its empty state. */
export const WHAT_CREATES_OPERATIONS =
  "A mint, a stake, a faucet claim, a bridge transfer, a Safe execution, a VIBE reward or burn, or a coin test adds a row here.";
