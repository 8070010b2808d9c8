// Plain values of the environmental monitoring page, shared by the API and the dapp (no zod here).

/** How impact figures a project states about itself are labelled wherever they appear. */
export const CLAIMED_LABEL = "claimed, not measured";

/** The rewards ledger's pages: newest mint first. */
export const REWARDS_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

/** Every read of this page is bounded: past this the answer says what is missing instead of waiting. */
export const ENVIRONMENTAL_READ_TIMEOUT_MS = 5000;

/** The bundled monthly averages (EIA), beside the daily series of the government catalogue. */
export const MONTHLY_ENERGY_FILE = "eia_spot_prices_monthly.csv";
