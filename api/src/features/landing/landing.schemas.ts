// The landing page's one answer (GET /api/landing/summary): the four stat cards, the named networks, the six blocks'
// live figures and the footer contact. Every part says how it was computed and whether it is fresh (the dapp imports
// these types).
import { z } from "zod";
import { BLOCK_IDS, FIGURE_SOURCES, NETWORK_STATUSES, PART_STATES, STAT_IDS } from "./landing.constants";

const isoTime = z.string().datetime({ offset: true });

/** How this part was answered in this summary, when its value was computed, and why it is not fresh. */
const partInfo = {
  state: z.enum(PART_STATES),
  /** When the value shown was computed; null when there is none. */
  readAt: isoTime.nullable(),
  /** Why the part is not fresh (slow, failed, never read); null when fresh. */
  reason: z.string().nullable(),
};

const governmentFigures = z.object({
  /** Official series that answer (a live value or the bundled snapshot's row). */
  answering: z.number().int(),
  total: z.number().int(),
  live: z.number().int(),
  snapshot: z.number().int(),
  publishers: z.array(
    z.object({ name: z.string(), live: z.enum(["live", "disabled", "failed", "not-tried"]), reason: z.string() }),
  ),
});

const multiChainFigures = z.object({
  networks: z.number().int(),
  live: z.number().int(),
  signedOffline: z.number().int(),
  displayOnly: z.number().int(),
  /** Networks whose coins' signers could not be loaded here. */
  unavailable: z.number().int(),
  coins: z.number().int(),
});

const quantumFigures = z.object({
  active: z.boolean(),
  attestation: z.object({
    algorithm: z.string(),
    publicKeyId: z.string(),
    /** A fresh message was signed and its signature verified with the public key, now. */
    signsNow: z.boolean(),
    durationMs: z.number(),
    error: z.string().nullable(),
  }),
  /** The isolator's stored files as last verified; null when they could not be read (quantum is then inactive). */
  isolator: z
    .object({
      files: z.number().int(),
      verified: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
      classicalOnly: z.number().int(),
      oldestVerifiedAt: isoTime.nullable(),
    })
    .nullable(),
});

const rwaFigures = z.object({
  /** live: read from the chain now; simulated never carries figures (the chain could not be read). */
  source: z.enum(["live", "simulated"]),
  sourceReason: z.string().nullable(),
  vault: z.string(),
  blockNumber: z.string(),
  /** USD value of the vault's collateral at the feed's price (decimal text). */
  collateralUsd: z.string(),
  usdcCollateral: z.string(),
  ethCollateral: z.string(),
  xqbusdSupply: z.string(),
  /** System collateral ratio, percent; null with no XQBUSD minted (unbounded). */
  ratioPercent: z.number().nullable(),
  priceProblem: z.string().nullable(),
});

const card = <I extends (typeof STAT_IDS)[number], F extends z.ZodType>(id: I, figures: F) =>
  z.object({
    id: z.literal(id),
    title: z.string(),
    /** The headline, in words ("10 of 10 answering"); null when the part has no value. */
    value: z.string().nullable(),
    /** How the value was computed, in one sentence. */
    how: z.string(),
    figures: figures.nullable(),
    ...partInfo,
  });

export const landingStats = z.object({
  government: card("government", governmentFigures),
  multiChain: card("multi-chain", multiChainFigures),
  quantum: card("quantum", quantumFigures),
  rwa: card("rwa", rwaFigures),
});

export const landingNetwork = z.object({
  name: z.string(),
  status: z.enum(NETWORK_STATUSES),
  /** Why it has that status, in words. */
  reason: z.string(),
  /** The coins of the coin layer on it (none for Sepolia unless the API runs there). */
  coins: z.array(z.string()),
  /** Its id where it has one (chain id, passphrase, network id). */
  networkId: z.string().nullable(),
});

export const landingNetworks = z.object({
  list: z.array(landingNetwork),
  /** How the list and each status are derived. */
  how: z.string(),
  ...partInfo,
});

export const landingFigure = z.object({
  label: z.string(),
  /** The value as text (a number, a count, "A"); null when there is none. */
  value: z.string().nullable(),
  unit: z.string().nullable(),
  source: z.enum(FIGURE_SOURCES),
  /** Where it comes from, in words (publisher, contract, table). */
  sourceName: z.string(),
  /** The date or time the figure refers to; null when it has none. */
  asOf: z.string().nullable(),
  note: z.string().nullable(),
});

export const landingBlock = z.object({
  id: z.enum(BLOCK_IDS),
  title: z.string(),
  figure: landingFigure.nullable(),
  ...partInfo,
});

export const landingContact = z.object({ name: z.string().nullable(), email: z.string().nullable() });

export const landingSummaryResponse = z.object({
  computedAt: isoTime,
  /** How long one summary serves every visitor. */
  cacheSeconds: z.number(),
  /** Each part's time bound. */
  partTimeoutMs: z.number(),
  stats: landingStats,
  networks: landingNetworks,
  blocks: z.array(landingBlock),
  /** CONTACT_NAME / CONTACT_EMAIL; null when neither is set. */
  contact: landingContact.nullable(),
});

export type LandingSummaryResponse = z.infer<typeof landingSummaryResponse>;
export type LandingStats = z.infer<typeof landingStats>;
export type LandingNetwork = z.infer<typeof landingNetwork>;
export type LandingBlock = z.infer<typeof landingBlock>;
export type LandingFigure = z.infer<typeof landingFigure>;
