/** Every quantum-treasury-2 query lives under this key: one invalidation re-reads the page after an operation. */
export const qtQueryKey = ["quantum-treasury-2"] as const;
/** Treasury operations and the strategy batch run under this mutation key: one pending disables every button. */
export const qtMutationKey = ["quantum-treasury-2", "write"] as const;
/** Spec part 1 §9: status polling every 30 s; the readings also refresh after every operation. */
export const METRICS_POLL_MS = 30_000;
