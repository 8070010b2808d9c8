import { TREASURY_POLL_MS } from "../constants";

/** Query keys of the treasury page; a stake or a close invalidates `treasuryKey` so every tab re-reads. */
export const treasuryKey = ["treasury-staking"] as const;
export const treasuryMutationKey = ["treasury-staking", "write"] as const;

/** The spec's polling (part 2 §7, §9): bonds and opportunities every 30 s, positions every 10 s. */
export const BONDS_POLL_MS = TREASURY_POLL_MS.bonds;
export const OPPORTUNITIES_POLL_MS = TREASURY_POLL_MS.opportunities;
export const POSITIONS_POLL_MS = TREASURY_POLL_MS.positions;
