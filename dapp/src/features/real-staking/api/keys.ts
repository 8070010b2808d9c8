/** Every real-staking query lives under this key, so one invalidation re-reads the page after a block. */
export const realStakingQueryKey = ["real-staking"] as const;
/** Wallet writes (deposit, withdrawal request, claim) run under this mutation key. */
export const realStakingMutationKey = ["real-staking", "write"] as const;

/** Spec part 2 §7: protocols every 30 s, stakes every 15 s. */
export const PROTOCOLS_POLL_MS = 30_000;
export const STAKES_POLL_MS = 15_000;
