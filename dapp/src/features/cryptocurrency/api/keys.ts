/** Query keys of the cryptocurrency page; a test transaction or a bulk run invalidates `cryptoKey`. */
export const cryptoKey = ["cryptocurrency"] as const;
export const supportedKey = [...cryptoKey, "supported"] as const;
export const ecosystemKey = [...cryptoKey, "ecosystem-status"] as const;
export const pricesKey = [...cryptoKey, "prices"] as const;
export const responseTimesKey = [...cryptoKey, "response-times"] as const;

/** Mutation keys: the bulk run in progress is visible whichever tab asks. */
export const mutationKeys = {
  test: [...cryptoKey, "test-transaction"],
  bulk: [...cryptoKey, "bulk-test"],
  verify: [...cryptoKey, "verify"],
} as const;

/**
 * A live test waits for the local chain's receipt (and a token test for our account's top-up first); a signed-offline
 * one may wait for an unreachable testnet's timeout before it signs. Longer than a read's 15 s, still bounded.
 */
export const TEST_TIMEOUT_MS = 90_000;
/** A bulk run is every chosen coin's test, three at a time (BULK_CONCURRENCY). */
export const BULK_TIMEOUT_MS = 300_000;
