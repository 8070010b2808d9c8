import type { SecurityTestKind } from "./contract";

/** Query keys of the security page; a comprehensive run writes its report into `latestKey`. */
export const securityKey = ["security"] as const;
export const latestKey = [...securityKey, "latest"] as const;
/** The same report with all its evidence (read on demand). */
export const fullLatestKey = [...securityKey, "latest", "full"] as const;

/** Mutation keys: every run (comprehensive or individual) is under `runKey`, so each button knows one is going. */
export const runKey = [...securityKey, "run"] as const;
export const comprehensiveRunKey = [...runKey, "comprehensive"] as const;
export const testRunKey = (kind: SecurityTestKind) => [...runKey, kind] as const;

/**
 * The API bounds a run at 25 s (SECURITY_DEFAULT_BUDGET.maxMs) and then stores it; past a read's 15 s, with room
 * for the report to be written and sent, still bounded.
 */
export const RUN_TIMEOUT_MS = 60_000;
