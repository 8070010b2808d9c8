/** Query keys of the two cross-chain pages; a lock, a way-back payment or a batch invalidates `bridgeKey`. */
export const bridgeKey = ["bridge"] as const;
export const transferKey = (id: string) => [...bridgeKey, "transfer", id] as const;
export const transfersKey = (address: string | undefined) => [...bridgeKey, "transfers", address ?? "all"] as const;
export const summaryKey = [...bridgeKey, "summary"] as const;
export const batchKey = (id: string) => [...bridgeKey, "batch", id] as const;
export const latestBatchKey = [...bridgeKey, "batch-latest"] as const;
export const bridgeMutationKey = [...bridgeKey, "write"] as const;

/** A transfer in flight is read every 2 s (the relayer acts within seconds on the local chain). */
export const TRANSFER_POLL_MS = 2_000;
/** The summary, the lists and the heartbeat: every 5 s. */
export const SUMMARY_POLL_MS = 5_000;
/** A batch mints, approves and locks N times and waits for each delivery: longer than a read's 15 s. */
export const BATCH_TIMEOUT_MS = 60_000;
