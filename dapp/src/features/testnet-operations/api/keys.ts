/** Query keys of the testnet operations pages. */
export const testnetOperationsKey = ["testnet-operations"] as const;
export const comprehensiveDataKey = [...testnetOperationsKey, "government", "comprehensive-data"] as const;
export const treasuryHealthKey = [...testnetOperationsKey, "treasury-health"] as const;
export const complianceKey = [...testnetOperationsKey, "compliance"] as const;
/** The spec's "testnet queries" (GET /api/testnet/…), which a dashboard payment refreshes. */
export const testnetQueriesKey = [...testnetOperationsKey, "testnet"] as const;
export const realOperationsKey = [...testnetQueriesKey, "real-operations"] as const;

/**
 * A Stellar payment may wait for an unreachable Horizon's timeout before it signs offline, a VIBE mint for the
 * chain's receipt: longer than a read's 15 s, still bounded.
 */
export const PAYMENT_TIMEOUT_MS = 90_000;
/** The multi-crypto test is the coin layer's bulk run: every chosen coin's transfer, three at a time. */
export const MULTI_CRYPTO_TIMEOUT_MS = 300_000;
