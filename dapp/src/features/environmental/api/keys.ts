/** Query keys of the environmental monitoring page. */
export const environmentalKey = ["environmental"] as const;
export const energyKey = [...environmentalKey, "energy"] as const;
export const rewardsKey = (limit: number, cursor: string | null) =>
  [...environmentalKey, "rewards", limit, cursor] as const;
export const projectsKey = [...environmentalKey, "projects"] as const;

/** New mints and funding show within this long while the page is open. */
export const LEDGER_POLL_MS = 15_000;
