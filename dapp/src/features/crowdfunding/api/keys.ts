/** Every crowdfunding query lives under this key, so one invalidation re-reads projects and stats. */
export const crowdfundingQueryKey = ["crowdfunding"] as const;
/** Fundings, verifications and new campaigns run under this mutation key (the page's busy flag). */
export const crowdfundingMutationKey = ["crowdfunding", "write"] as const;
/** Campaigns are not deploy-map names, so the chain-change stream cannot name them: read every block, or every 15 s. */
export const PROJECTS_POLL_MS = 15_000;
