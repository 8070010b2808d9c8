// What identifies each network, where that value comes from, and the time rules of a verification run. Plain data
// (no zod, no libraries): the dapp imports it for its first paint (dapp/src/features/network-verification/constants.ts).

export const NETWORK_IDS = ["local", "sepolia", "stellar-testnet", "xrpl-testnet"] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/** `pass` only after a live read that matched; `not-configured`: no endpoint, nothing was read. */
export const OUTCOMES = ["pass", "fail", "not-reachable", "not-configured"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const CHECK_IDS = ["chain-id", "genesis-hash", "contract-code", "network-passphrase", "network-id"] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Every network probe ends within this (an unreachable testnet answers not-reachable, never a hang). */
export const PROBE_TIMEOUT_MS = 3000;
/** A run younger than this answers every request: a crowd on the page costs one probe per network. */
export const CACHE_MS = 15_000;
/** `refresh=true` starts a new run only once the last one is this old. */
export const REFRESH_MIN_MS = 3000;

export const NETWORK_NAMES: Record<NetworkId, string> = {
  local: "Local chain (Hardhat)",
  sepolia: "Ethereum Sepolia",
  "stellar-testnet": "Stellar testnet",
  "xrpl-testnet": "XRP Ledger testnet",
};

/** An expected value and where it is published. */
export interface Expected<V> {
  value: V;
  source: string;
  sourceUrl: string | null;
}

export const LOCAL_CHAIN_ID: Expected<number> = {
  value: 31337,
  source: "Hardhat's chain id for its own node (hardhat.config.ts: localhost chainId 31337)",
  sourceUrl: "https://hardhat.org/hardhat-network/docs/reference#chainid",
};

export const SEPOLIA_CHAIN_ID: Expected<number> = {
  value: 11_155_111,
  source: "Sepolia's EIP-155 chain id, as listed by chainlist.org",
  sourceUrl: "https://chainlist.org/chain/11155111",
};

export const SEPOLIA_GENESIS_HASH: Expected<string> = {
  value: "0x25a5cc106eea7138acab33231d7160d69cb777ee0c2c553fcddf5138993e6dd9",
  source: "go-ethereum's SepoliaGenesisHash (params/config.go)",
  sourceUrl: "https://github.com/ethereum/go-ethereum/blob/master/params/config.go",
};

export const STELLAR_TESTNET_PASSPHRASE: Expected<string> = {
  value: "Test SDF Network ; September 2015",
  source: "Stellar's published testnet passphrase (the SDK's Networks.TESTNET)",
  sourceUrl: "https://developers.stellar.org/docs/networks",
};

export const XRPL_TESTNET_NETWORK_ID: Expected<number> = {
  value: 1,
  source: "XRPL's NetworkID list: Mainnet 0, Testnet 1, Devnet 2",
  sourceUrl: "https://xrpl.org/docs/references/protocol/transactions/common-fields#networkid-field",
};

/** How a network's overall outcome follows from its checks. */
export const OUTCOME_RULE =
  "A network passes when every identity check passed on a value read live now; one mismatch fails it; a check whose read got no answer within 3 s makes it not reachable; no endpoint configured is not configured. The signed-transaction check needs no network and does not change the network's outcome.";

export const LATENCY_RULE =
  "Latency: wall time of the identifying read (eth_chainId, Horizon's root, rippled's server_info), connection set-up included.";

export const SKEW_RULE =
  "Clock skew is block time vs our clock: the latest block's (or validated ledger's) close time minus this server's clock when the answer arrived. It includes the time since that block closed (up to one block interval: ~12 s on Sepolia, ~5 s on Stellar, ~4 s on the XRP Ledger), so it is not the node's clock error. The local chain makes a block only when a transaction comes, and runs ahead after a time jump.";

export const CACHE_RULE = `One run at a time, kept ${CACHE_MS / 1000} s: requests meanwhile get that run with its age. refresh=true starts a new run once the last one is ${REFRESH_MIN_MS / 1000} s old; before that it answers the last one.`;

export const TIMEOUT_RULE = `Each network's probe has ${PROBE_TIMEOUT_MS / 1000} s; the probes run in parallel.`;
