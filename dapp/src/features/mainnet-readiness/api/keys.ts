/** Query keys of the mainnet-readiness page. */
export const mainnetReadinessKey = ["mainnet-readiness"] as const;
export const statusKey = [...mainnetReadinessKey, "status"] as const;
export const historyKey = [...mainnetReadinessKey, "history"] as const;

/**
 * The status is computed on each read (role holders from the chain, the other features' results): every 15 s
 * is enough for a checklist that changes when someone runs a test.
 */
export const STATUS_POLL_MS = 15_000;
