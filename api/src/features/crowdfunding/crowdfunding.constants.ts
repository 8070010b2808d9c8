// The crowdfunding feature's vocabulary as plain values (no zod): the spec's amounts and rewards, the stats rule,
// the page's messages verbatim. The schemas build on it and re-export it; the dapp's first load imports it directly.

/** Mock USDC (and Circle's USDC) has 6 decimals; VIBE has 18. */
export const CROWDFUNDING_USDC_DECIMALS = 6;

/** The spec's "Fund $50": the one contribution the page makes, in whole USDC. */
export const CROWDFUNDING_FUND_AMOUNT = 50;

/**
 * The spec's rewards, minted in VIBE by the server minter after the API read the wallet's own transaction:
 * 50 VIBE per whole $50 contributed, 500 VIBE per verification (an allow-listed verifier's attestation).
 */
export const CROWDFUNDING_REWARDS = {
  fundingStepUsdc: 50,
  vibePerFundingStep: 50,
  vibePerVerification: 500,
} as const;

/**
 * The stats rule, stated on the page: environmentalScore adds 10 for every recorded contribution and 100 for
 * every recorded verification; gamingLevel is 1 + one level per 100 points.
 */
export const CROWDFUNDING_SCORE = { perFunding: 10, perVerification: 100, pointsPerLevel: 100 } as const;
export const crowdfundingScoreRule = `Environmental score: ${CROWDFUNDING_SCORE.perFunding} points per project funded and ${CROWDFUNDING_SCORE.perVerification} per project verified (the actions that earn a reward: one per wallet and project, none for funding one's own campaign); gaming level: 1 + one level per ${CROWDFUNDING_SCORE.pointsPerLevel} points`;

/**
 * Why an action earned no VIBE. A reward is for supporting a project once: a contribution can be refunded after a
 * missed deadline while its VIBE stays, so rewarding each contribution (or one's own campaign) would mint VIBE for
 * money moved in a circle.
 */
export const CROWDFUNDING_NO_REWARD = {
  ownCampaign: "No VIBE for funding your own campaign: the reward is for supporting another's project",
  fundedBefore: "No VIBE this time: this wallet earned its funding reward for this project already (one per project)",
  verifiedBefore:
    "No VIBE this time: this verifier earned its verification reward for this project already (one per project)",
} as const;

/** What a verification attests, as the attestation's data says it. */
export const CROWDFUNDING_ATTESTATION_DATA = "satellite_verified_action";

/** Campaign states as the contract numbers them (CrowdfundingCampaign.State). */
export const CAMPAIGN_STATES = ["open", "succeeded", "finalized", "failed"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Bounds of a wallet's own campaign. */
export const CROWDFUNDING_LIMITS = {
  titleMax: 80,
  descriptionMax: 400,
  shortMax: 60,
  goalMinUsdc: 50,
  goalMaxUsdc: 1_000_000,
  daysMin: 1,
  daysMax: 90,
} as const;

/** The spec's toasts, verbatim (part 1 section 8). */
/** Said on a project's card before the wallet acts, where its action would earn no VIBE (the same rule). */
export const CROWDFUNDING_REWARD_NOTES = {
  ownCampaign: "Your own campaign: funding it earns no VIBE.",
  funded: "You earned this project's funding reward: funding it again earns no VIBE.",
  verified: "You earned this project's verification reward: attesting again earns no VIBE.",
} as const;

/** What the API answered about an action's reward (the fields the toasts read). */
interface RewardOutcome {
  vibecoins: string;
  source: "live" | "simulated" | "failed" | "none";
  reason: string | null;
}

/**
 * The spec's "Earned N VibeCoins" only for VIBE minted on the chain; a reward signed offline, failed or not due says
 * so instead, with the reason (the funding or the attestation itself happened either way).
 */
function rewardText(r: RewardOutcome, earnedFor: string): string {
  switch (r.source) {
    case "live":
      return `Earned ${r.vibecoins} VibeCoins ${earnedFor}`;
    case "simulated":
      return `${r.vibecoins} VibeCoins signed offline, not minted (simulated${r.reason ? `: ${r.reason}` : ""})`;
    case "failed":
      return `No VibeCoins minted: ${r.reason ?? "the reward mint failed"}`;
    case "none":
      return r.reason ?? "No VibeCoins were due";
  }
}

export const CROWDFUNDING_MESSAGES = {
  funded: (r: RewardOutcome) => ({
    title: "Project Funded!",
    description: rewardText(r, "for supporting environmental action"),
  }),
  fundingFailed: { title: "Funding Failed", description: "Please try again" },
  verified: (r: RewardOutcome) => ({
    title: "SATELLITE VERIFIED!",
    description: rewardText(r, "for verified environmental impact"),
  }),
  verificationFailed: { title: "Verification Failed", description: "Satellite verification temporarily unavailable" },
} as const;

/** Said wherever "satellite verified" appears: what the word means here. */
export const CROWDFUNDING_NO_SATELLITE =
  "No satellite is involved: “satellite verified” means an allow-listed verifier account signed an on-chain attestation for the project's campaign.";

/** A new campaign's goal as typed (whole USDC within the limits); null when fine. Zod-free for the page's form. */
export function crowdfundingGoalProblem(text: string): string | null {
  const t = text.trim();
  if (t === "") return "Enter a goal in USDC";
  if (!/^\d+$/.test(t)) return "The goal is a whole number of USDC";
  const n = Number(t);
  if (n < CROWDFUNDING_LIMITS.goalMinUsdc || n > CROWDFUNDING_LIMITS.goalMaxUsdc)
    return `The goal is between ${CROWDFUNDING_LIMITS.goalMinUsdc} and ${CROWDFUNDING_LIMITS.goalMaxUsdc.toLocaleString("en-US")} USDC`;
  return null;
}

/** The campaign lengths the page offers, in days. */
export const CROWDFUNDING_DURATIONS = [7, 30, 60, 90] as const;
