// What the environmental monitoring endpoints accept and answer (the dapp imports these types).
import { z } from "zod";
import { REWARDS_PAGE } from "./environmental.constants";

export * from "./environmental.constants";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---- energy ---------------------------------------------------------------------------------------------

export const energyPoint = z.object({ date: isoDate, value: z.number() });

/** One bundled series (a publisher's official file), always a snapshot: its rows as published. */
export const energySeries = z.object({
  id: z.string(),
  key: z.enum(["wti", "henryHub"]),
  frequency: z.enum(["daily", "monthly"]),
  seriesId: z.string(),
  title: z.string(),
  units: z.string(),
  publisher: z.string(),
  /** The bundled file (api/data/government/) the points are read from. */
  file: z.string(),
  source: z.literal("snapshot"),
  /** The newest point's date. */
  asOf: isoDate.nullable(),
  /** How the values are derived from the publisher's series, when they are. */
  derivation: z.string().nullable(),
  points: z.array(energyPoint),
});
export type EnergySeries = z.infer<typeof energySeries>;

/** The newest value of a daily series: live when the publisher answered in time, else the bundled row. */
export const energyLatest = z.object({
  key: z.enum(["wti", "henryHub"]),
  seriesId: z.string(),
  title: z.string(),
  units: z.string(),
  publisher: z.string(),
  value: z.number().nullable(),
  asOf: isoDate.nullable(),
  source: z.enum(["live", "snapshot"]).nullable(),
  /** Where the value came from, or why there is none. */
  note: z.string(),
});
export type EnergyLatest = z.infer<typeof energyLatest>;

export const energyResponse = z.object({
  series: z.array(energySeries),
  latest: z.array(energyLatest),
  readAt: z.string().datetime(),
});
export type EnergyResponse = z.infer<typeof energyResponse>;

// ---- rewards --------------------------------------------------------------------------------------------

export const rewardsQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int("must be a whole number")
    .min(1)
    .max(REWARDS_PAGE.maxLimit)
    .default(REWARDS_PAGE.defaultLimit),
  /** A previous page's nextCursor ("block-logIndex"): the mints before it; the newest page without it. */
  cursor: z
    .string()
    .regex(/^\d{1,15}-\d{1,6}$/, "must be a nextCursor from a previous page")
    .optional(),
});
export type RewardsQuery = z.infer<typeof rewardsQuery>;

export const rewardPurpose = z.object({
  kind: z.enum(["environmental-action", "funding", "verification", "reward"]),
  /** In words: the project named, or the reward's rule. */
  detail: z.string(),
  /** The feature whose database record says it. */
  recordedBy: z.string(),
});
export type RewardPurpose = z.infer<typeof rewardPurpose>;

/** One VIBE mint read from the chain (a Transfer from the zero address), with what it was for where recorded. */
export const rewardEntry = z.object({
  recipient: z.string(),
  /** VIBE, decimal text. */
  amount: z.string(),
  transactionHash: z.string(),
  blockNumber: z.string(),
  logIndex: z.number().int(),
  /** The block's timestamp (chain time), ISO. */
  timestamp: z.string().datetime(),
  explorerUrl: z.string().nullable(),
  /** Null when no feature recorded what the mint was for. */
  purpose: rewardPurpose.nullable(),
});
export type RewardEntry = z.infer<typeof rewardEntry>;

export const rewardsResponse = z.object({
  entries: z.array(rewardEntry),
  nextCursor: z.string().nullable(),
  /** Mints are read from the event index, which has followed the chain through this block. */
  indexedThrough: z.string().nullable(),
  token: z.object({ symbol: z.literal("VIBE"), contract: z.string().nullable() }),
  source: z.enum(["live", "simulated"]),
  /** Why the ledger is not read live (no chain); null when live. */
  reason: z.string().nullable(),
});
export type RewardsResponse = z.infer<typeof rewardsResponse>;

// ---- projects -------------------------------------------------------------------------------------------

export const projectStatus = z.object({
  id: z.string(),
  title: z.string(),
  campaign: z.string(),
  fundingGoal: z.string(),
  currentFunding: z.string(),
  deadline: z.string(),
  state: z.enum(["open", "succeeded", "finalized", "failed"]),
  satelliteVerified: z.boolean(),
  attestation: z.object({ id: z.string(), verifier: z.string(), revoked: z.boolean() }).nullable(),
  demo: z.boolean(),
  /** The project's own impact statement: shown labelled "claimed, not measured". */
  claimedImpact: z.string().nullable(),
});
export type ProjectStatus = z.infer<typeof projectStatus>;

export const projectsResponse = z.object({
  projects: z.array(projectStatus),
  /** Why the list could not be read (it is then empty), else null. */
  unavailable: z.string().nullable(),
  claimedLabel: z.string(),
  readAt: z.string().datetime(),
});
export type ProjectsResponse = z.infer<typeof projectsResponse>;
