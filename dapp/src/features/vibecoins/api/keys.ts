/** Every vibecoins query lives under this key, so one invalidation re-reads supplies and history. */
export const vibecoinsQueryKey = ["vibecoins"] as const;
/** Wallet burns and the reward run under this mutation key (the page's busy flag). */
export const vibecoinsMutationKey = ["vibecoins", "write"] as const;
/** Supplies move with every mint and burn anyone makes: read again every 15 s. */
export const SUPPLIES_POLL_MS = 15_000;
