// The congressional presentation's figures: their time rules and the spec's defaults. Plain data (no zod, no
// libraries): the dapp imports it for its first paint (dapp/src/features/congressional/constants.ts).

/** One answer is computed at most this often, however many presenters and visitors ask. */
export const FIGURES_CACHE_MS = 5000;

/** Each part (compliance audit, recorded actions, government data) gets this long; a slower one falls back, saying why. */
export const FIGURE_TIMEOUT_MS = 2500;

/** The spec's stat card defaults (part 1, section 2), shown only when the data behind a card is missing, labelled so. */
export const SPEC_DEFAULTS = {
  complianceScore: 90,
  activities: 12,
  federalEndpoints: 5,
} as const;

/** The spec's Treasury backing fallback (part 1, section 2): $36.2T, shown only when no debt figure can be read. */
export const DEBT_FALLBACK_USD = 36.2e12;

export const FIGURE_BASES = ["computed", "spec-default"] as const;
export type FigureBasis = (typeof FIGURE_BASES)[number];

export const DEBT_BASES = ["live", "snapshot", "fallback"] as const;
