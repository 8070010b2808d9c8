/** Query keys of the leverage page; every write invalidates `liquidStakingKey` so all tabs re-read the chain. */
export const liquidStakingKey = ["liquid-staking"] as const;
export const liquidStakingMutationKey = ["liquid-staking", "write"] as const;

/** The spec's polling (part 2 §7): tokens, strategies and performance every 30 s, positions every 15 s. */
export const POLL_MS = 30_000;
export const POSITIONS_POLL_MS = 15_000;

/** The contracts whose events change the leverage page's market reads (pools, lending, router, price feed). */
export const LEVERAGE_CONTRACTS = ["qETH", "vibeETH", "xqbETH", "LendingPool", "LeverageRouter", "MockV3Aggregator"];
