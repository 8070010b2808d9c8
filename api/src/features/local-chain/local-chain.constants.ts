// The local-chain time control's steps as a plain value (no zod), for the dapp's first load.

/** The steps offered: a day (rewards accrue), a week (a withdrawal becomes claimable), a month. */
export const ADVANCE_DAYS = [1, 7, 30] as const;
