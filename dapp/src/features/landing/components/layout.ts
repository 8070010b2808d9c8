// The summary sections' sizes, shared by their skeleton (in the page's first load) and the sections themselves (a lazy
// part), so the page keeps its layout when the figures arrive.

export const STAT_GRID = {
  xs: "minmax(0, 1fr)",
  sm: "repeat(2, minmax(0, 1fr))",
  lg: "repeat(4, minmax(0, 1fr))",
} as const;
/** A stat card's height from its skeleton to its reading (the sentence saying how it was computed included). */
export const STAT_CARD_MIN_HEIGHT = { xs: 330, sm: 380, lg: 470 } as const;

export const NETWORK_GRID = {
  xs: "minmax(0, 1fr)",
  md: "repeat(2, minmax(0, 1fr))",
  lg: "repeat(3, minmax(0, 1fr))",
} as const;
/** The spec names 19 networks: as many rows are reserved until the list arrives. */
export const NETWORK_ROWS_RESERVED = 19;
export const NETWORK_ROW_MIN_HEIGHT = 96;

export const BLOCK_GRID = {
  xs: "minmax(0, 1fr)",
  sm: "repeat(2, minmax(0, 1fr))",
  lg: "repeat(3, minmax(0, 1fr))",
} as const;
export const BLOCK_MIN_HEIGHT = { xs: 300, sm: 340 } as const;

export const SECTION_HEADINGS = {
  stats: "The platform now",
  networks: "Networks",
  blocks: "What runs here",
} as const;
