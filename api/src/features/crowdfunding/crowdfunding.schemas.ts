// The HTTP contract of the crowdfunding feature (projects with on-chain campaigns, funding and verification
// read back from the wallet's own transactions, user stats): request bodies (zod in) and responses (zod out).
import { z } from "zod";
import { CAMPAIGN_STATES, CROWDFUNDING_FUND_AMOUNT, CROWDFUNDING_LIMITS as L } from "./crowdfunding.constants";

export * from "./crowdfunding.constants";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");
const projectId = z.string().uuid("must be a project id (a UUID)");
/** Decimal text, never a float: "50", "12.5". */
const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `at most ${max} characters`);
const provenance = {
  source: z.enum(["live", "simulated"]),
  /** Why the chain's figures are missing; null when live. */
  reason: z.string().nullable(),
};

// ---- requests -------------------------------------------------------------------------------------------

export const fundRequest = z.strictObject({
  projectId,
  amount: z.literal(CROWDFUNDING_FUND_AMOUNT, { message: `must be ${CROWDFUNDING_FUND_AMOUNT}` }),
  action: z.literal("fund_project", { message: 'must be "fund_project"' }),
  /** The wallet's own CrowdfundingCampaign.contribute transaction. */
  transactionHash: hash,
});
export type FundRequest = z.infer<typeof fundRequest>;

export const verifyRequest = z.strictObject({
  projectId,
  verificationMethod: z.literal("Satellite", { message: 'must be "Satellite"' }),
  action: z.literal("satellite_verified_action", { message: 'must be "satellite_verified_action"' }),
  /** The verifier wallet's own AttestationRegistry.attest transaction. */
  transactionHash: hash,
});
export type VerifyRequest = z.infer<typeof verifyRequest>;

export const createProjectRequest = z.strictObject({
  title: text(L.titleMax),
  description: text(L.descriptionMax),
  category: text(L.shortMax),
  location: text(L.shortMax),
  /** The project's own impact claim (shown as "claimed, not measured"). */
  claimedImpact: text(L.shortMax).nullable(),
  /** The wallet's own CrowdfundingFactory.createCampaign transaction. */
  transactionHash: hash,
});
export type CreateProjectRequest = z.infer<typeof createProjectRequest>;

export const userStatsQuery = z.strictObject({
  /** The wallet to read; default the signed-in wallet. */
  address: address.optional(),
});
export type UserStatsQuery = z.infer<typeof userStatsQuery>;

// ---- responses ------------------------------------------------------------------------------------------

export const attestation = z.object({
  id: z.string(),
  verifier: address,
  /** What the verifier attested, in its own words (the attestation's data). */
  data: z.string(),
  attestedAt: z.string(),
  revoked: z.boolean(),
  revokedAt: z.string().nullable(),
});
export type Attestation = z.infer<typeof attestation>;

export const crowdfundingProject = z.object({
  id: projectId,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  location: z.string(),
  /** The project's own claim; never a measurement. */
  environmentalImpact: z.string().nullable(),
  campaign: address,
  creator: address,
  beneficiary: address.nullable(),
  /** USDC, read from the campaign (null when the chain could not be read). */
  currentFunding: decimal.nullable(),
  fundingGoal: decimal.nullable(),
  /** Chain time of the deadline, ISO. */
  deadline: z.string().nullable(),
  state: z.enum(CAMPAIGN_STATES).nullable(),
  /** An allow-listed verifier's attestation for the campaign stands (not revoked). */
  satelliteVerified: z.boolean(),
  /** The latest attestation for the campaign, revoked or not. */
  attestation: attestation.nullable(),
  /** The VIBE a funding and a verification earn, and the score a funding adds (the stated rule). */
  gameRewards: z.object({ vibecoins: decimal, verificationVibecoins: decimal, environmentalScore: z.number().int() }),
  demo: z.boolean(),
  ...provenance,
});
export type CrowdfundingProject = z.infer<typeof crowdfundingProject>;

export const projectsResponse = z.object({
  projects: z.array(crowdfundingProject),
  /** Deploy-map addresses the page's transactions go to (null when this chain has no crowdfunding contracts). */
  contracts: z.object({ factory: address, registry: address, usdc: address, vibe: address }).nullable(),
  readAt: z.string(),
  ...provenance,
});
export type ProjectsResponse = z.infer<typeof projectsResponse>;

export const userStatsResponse = z.object({
  address,
  /** VIBE balance read from VibeCoin (null when the chain could not be read). */
  vibecoinsBalance: decimal.nullable(),
  environmentalScore: z.number().int(),
  gamingLevel: z.number().int(),
  fundings: z.number().int(),
  verifications: z.number().int(),
  /** Projects where this wallet's funding / verification reward was earned: another earns no VIBE there. */
  rewardedProjects: z.object({ funding: z.array(projectId), verification: z.array(projectId) }),
  /** Holds VERIFIER_ROLE on the attestation registry (may press Verify); null when unknown. */
  isVerifier: z.boolean().nullable(),
  rule: z.string(),
  ...provenance,
});
export type UserStatsResponse = z.infer<typeof userStatsResponse>;

const reward = z.object({
  /** VIBE minted (or signed offline) for this action; "0" when none was due. */
  vibecoins: decimal,
  /** The mint's transaction; null when it could not be sent, or when no reward was due. */
  transactionHash: hash.nullable(),
  /** "none": no reward was due (the reason says why: one per wallet and project, none for one's own campaign). */
  source: z.enum(["live", "simulated", "failed", "none"]),
  reason: z.string().nullable(),
});

export const fundResponse = z.object({
  success: z.literal(true),
  projectId,
  contributor: address,
  /** USDC the campaign credited in the wallet's transaction. */
  amount: decimal,
  transactionHash: hash,
  blockNumber: z.string(),
  currentFunding: decimal,
  fundingGoal: decimal,
  rewards: reward,
});
export type FundResponse = z.infer<typeof fundResponse>;

export const verifyResponse = z.object({
  verified: z.literal(true),
  projectId,
  attestation,
  transactionHash: hash,
  blockNumber: z.string(),
  rewards: reward,
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const createProjectResponse = z.object({ project: crowdfundingProject });
export type CreateProjectResponse = z.infer<typeof createProjectResponse>;
