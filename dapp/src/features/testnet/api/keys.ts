/** Query keys of the testnet page; every test run invalidates `testnetKey`, so the status is read again. */
export const testnetKey = ["testnet"] as const;
export const statusKey = [...testnetKey, "status"] as const;
export const reportKey = [...testnetKey, "franklin-report"] as const;

/** Mutation keys: the Testing tab shows the latest run of each, whichever tab started it. */
export const runKeys = {
  multisig: [...testnetKey, "run", "multisig"],
  treasury: [...testnetKey, "run", "treasury"],
  perfect: [...testnetKey, "run", "perfect"],
} as const;

/**
 * A test run sends several transactions and waits for each receipt (the treasury test moves a price and
 * liquidates; perfection runs both tests): longer than a read's 15 s, still bounded.
 */
export const RUN_TIMEOUT_MS = 180_000;
