// The dashboard's vocabulary as plain values (no zod): the three operations and the platform each belongs to,
// the seven platform cards' words, and the settings tab's copy. The schemas build on these; the dapp's page
// imports them directly (its feature's constants.ts), so its first load carries no zod.

/** The spec's operations (part 1 §7) and the platform each is asked for. */
export const OPERATIONS = {
  health_check: {
    platform: "all",
    label: "Run System Health Check",
    pendingLabel: "Checking…",
    what: "Probes every ledger now, pings the database, reads eth_getCode at every address of the deploy map and the bridge relayer's heartbeat.",
  },
  sync_bridges: {
    platform: "cross-chain",
    label: "Sync Cross-Chain Bridges",
    pendingLabel: "Syncing…",
    what: "Runs one bridge relayer pass now: new locks and issuer payments read, every unfinished transfer moved one step.",
  },
  threat_scan: {
    platform: "quantum-crypto",
    label: "Run Quantum Threat Scan",
    pendingLabel: "Scanning…",
    what: "Reads every file the post-quantum isolator stores back from its blockstore and verifies its envelope now.",
  },
} as const;
export type Operation = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];
export const EXECUTE_PLATFORMS = ["all", "cross-chain", "quantum-crypto"] as const;
export type ExecutePlatform = (typeof EXECUTE_PLATFORMS)[number];

/** The bound on one run of each operation (s): past it the run is stored as failed, "timed out". */
export const OPERATION_TIMEOUT_SECONDS: Record<Operation, number> = {
  health_check: 20,
  sync_bridges: 60,
  threat_scan: 120,
};

/** Runs listed in the history (newest first). */
export const HISTORY_LENGTH = 20;

/** What a run found: every check passed, some did not but the product works, or something it needs is broken. */
export const OUTCOMES = ["ok", "degraded", "failed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A card's status: measured now or from the last stored run, or not part of this product at all. */
export const PLATFORM_STATUSES = [
  "operational",
  "degraded",
  "failed",
  "not checked yet",
  "not part of this product",
] as const;
export type PlatformStatus = (typeof PLATFORM_STATUSES)[number];

export const PLATFORM_IDS = [
  "cross-chain",
  "quantum-crypto",
  "xrp-ledger",
  "mobile-wallet",
  "restaurant-pos",
  "smart-contracts",
  "consciousness-tracking",
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** The spec's seven platforms (part 1 §2): names, and in the features list only what this product really has. */
export const PLATFORMS: Record<PlatformId, { name: string; description: string; features: readonly string[] }> = {
  "cross-chain": {
    name: "Cross-Chain Bridges",
    description:
      "XQB locked in the EVM escrow is delivered on Stellar and the XRP Ledger by the API's relayer, and paid back the other way.",
    features: ["EVM escrow", "Stellar delivery", "XRPL delivery", "Refund on failure", "Relayer lease"],
  },
  "quantum-crypto": {
    name: "Quantum Security",
    description:
      "Records signed with ML-DSA-65 and files sealed in ML-KEM / ML-DSA envelopes by the post-quantum isolator, verified again by its scrub.",
    features: ["ML-DSA-65 attestation", "ML-KEM-768/1024 envelopes", "Integrity scrub", "Threat simulation"],
  },
  "xrp-ledger": {
    name: "XRP Ledger",
    description: "The API's XRPL client: XRP volume tests, XQB trust lines and bridge deliveries on the XRPL testnet.",
    features: ["XRP payments", "Issued XQB", "Faucet accounts", "Bridge destination"],
  },
  "mobile-wallet": {
    name: "Mobile Wallet",
    description: "Not part of this product: there is no mobile wallet app; the dApp works in a phone's browser wallet.",
    features: [],
  },
  "restaurant-pos": {
    name: "Restaurant POS",
    description: "Not part of this product: there is no point-of-sale integration.",
    features: [],
  },
  "smart-contracts": {
    name: "Smart Contracts",
    description:
      "The Solidity suite (XQB, XQBUSD, the treasury vault, staking pools, the bridge escrow, the treasury Safe) deployed by the deploy script.",
    features: ["Deploy map", "OpenZeppelin roles", "Safe multisig", "Event index"],
  },
  "consciousness-tracking": {
    name: "Consciousness Tracking",
    description: "Not part of this product: nothing here tracks or measures consciousness.",
    features: [],
  },
};

/** The settings tab's lists: the spec's "static lists of consolidated features and benefits", shown as product copy. */
export const CONSOLIDATED_FEATURES = [
  "Cross-chain bridges",
  "Post-quantum security",
  "XRP Ledger integration",
  "Mobile wallet",
  "Restaurant point-of-sale",
  "Smart contracts",
  "Environmental and consciousness tracking (VibeCoins)",
] as const;

export const BENEFITS = [
  "One dashboard for every former project",
  "One codebase and one deployment",
  "Shared quantum-secured infrastructure",
  "Unified monitoring and operations",
  "Lower maintenance cost",
] as const;
