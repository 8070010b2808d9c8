// The landing page's summary: its parts, their time rules and the spec's marketing copy. Plain data (no zod, no
// libraries): the dapp imports it for its first paint (dapp/src/features/landing/constants.ts).

/** One summary is computed at most this often, however many visitors ask; every answer says when it was computed. */
export const SUMMARY_CACHE_MS = 5000;

/** Each part of the summary gets this long; a slower one answers its last value, or "not read", with the reason. */
export const PART_TIMEOUT_MS = 2000;

export const STAT_IDS = ["government", "multi-chain", "quantum", "rwa"] as const;
export type StatId = (typeof STAT_IDS)[number];

/** The spec's four card titles (part 2, section 2). */
export const STAT_TITLES: Record<StatId, string> = {
  government: "Government APIs",
  "multi-chain": "Multi-chain",
  quantum: "Quantum security",
  rwa: "RWA",
};

export const BLOCK_IDS = [
  "government-apis",
  "quantum-cryptography",
  "security-compliance",
  "treasury-services",
  "environmental-services",
  "infrastructure",
] as const;
export type BlockId = (typeof BLOCK_IDS)[number];

/** The spec's six blocks, in its order. */
export const BLOCK_TITLES: Record<BlockId, string> = {
  "government-apis": "Government APIs",
  "quantum-cryptography": "Quantum cryptography",
  "security-compliance": "Security and compliance",
  "treasury-services": "Treasury services",
  "environmental-services": "Environmental services",
  infrastructure: "Infrastructure",
};

/**
 * How a part of the summary was answered: `fresh` computed for this summary; `last-value` the part was slow or
 * failed now, so its previous value is shown with the reason; `not-read` no value yet, with the reason.
 */
export const PART_STATES = ["fresh", "last-value", "not-read"] as const;
export type PartState = (typeof PART_STATES)[number];

/**
 * A named network's status here: a coin level of the coin layer (live, signed offline, display only, or its signer
 * unavailable), or for Sepolia whether this server has an endpoint for it at all.
 */
export const NETWORK_STATUSES = [
  "live",
  "signed-offline",
  "display-only",
  "unavailable",
  "configured",
  "not-configured",
] as const;
export type NetworkStatus = (typeof NETWORK_STATUSES)[number];

/** Where a figure comes from: a ledger or publisher read now, the bundled official copy, signed offline, or our records. */
export const FIGURE_SOURCES = ["live", "snapshot", "simulated", "records"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

/**
 * The spec's marketing numbers (part 2, sections 2 and 9), shown only as labelled copy, never as readings: the cards
 * beside them say what is measured here.
 */
export const SPEC_CLAIMS = [
  { id: "government", text: "Government APIs 98%" },
  { id: "multi-chain", text: "Multi-chain 25+" },
  { id: "networks", text: "19 networks, all operational" },
  { id: "uptime", text: "99.97% uptime" },
  { id: "tps", text: "170K TPS" },
] as const;

/** The two banners of the spec's header: marketing copy, labelled as such on the page. */
export const BANNERS = [
  {
    id: "quantum-multi-chain",
    title: "Quantum-secured, multi-chain",
    text: "Mint, stake and bridge across Ethereum, Stellar and the XRP Ledger, with every result signed by a post-quantum (ML-DSA-65) key.",
  },
  {
    id: "government-data",
    title: "Built on official data",
    text: "Treasury, Federal Reserve and EIA figures read from their publishers, with the date and source beside each one.",
  },
] as const;
