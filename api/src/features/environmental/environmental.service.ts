// The environmental monitoring page's reads: energy series, the VIBE rewards ledger, the projects' status.
// Each is bounded in time; a dependency that does not answer in time is said, not waited for.
import { HttpError } from "../../http/errors";
import { LedgerTimeoutError, withTimeout } from "../../ledgers/deadline";
import type { GovernmentData } from "../../sources/government/government-data";
import { CLAIMED_LABEL, ENVIRONMENTAL_READ_TIMEOUT_MS } from "./environmental.constants";
import { readEnergy } from "./environmental.energy";
import { readRewards, type RewardsDeps } from "./environmental.rewards";
import type { ProjectStatus, ProjectsResponse, RewardsQuery } from "./environmental.schemas";

export interface EnvironmentalDeps extends RewardsDeps {
  government: GovernmentData;
  /** The crowdfunding projects' funding and attestation state (crowdfunding's exports, wired in app.ts). */
  projects: () => Promise<ProjectStatus[]>;
  /** Defaults to ENVIRONMENTAL_READ_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** A read past its bound is a 503 that says which read, never a 500. */
async function bounded<T>(read: Promise<T>, ms: number, what: string): Promise<T> {
  try {
    return await withTimeout(read, ms, what);
  } catch (err) {
    if (err instanceof LedgerTimeoutError)
      throw new HttpError("LEDGER_UNAVAILABLE", `${what}: no answer within ${ms} ms`);
    throw err;
  }
}

export function createEnvironmentalService(deps: EnvironmentalDeps) {
  const ms = deps.timeoutMs ?? ENVIRONMENTAL_READ_TIMEOUT_MS;
  return {
    energy: () => bounded(readEnergy(deps.government), ms, "the energy series"),
    rewards: (query: RewardsQuery) => bounded(readRewards(deps, query), ms, "the VIBE rewards ledger"),
    async projects(): Promise<ProjectsResponse> {
      const readAt = new Date().toISOString();
      try {
        const projects = await withTimeout(deps.projects(), ms, "the crowdfunding projects");
        return { projects, unavailable: null, claimedLabel: CLAIMED_LABEL, readAt };
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        return {
          projects: [],
          unavailable: `The projects could not be read: ${why}`,
          claimedLabel: CLAIMED_LABEL,
          readAt,
        };
      }
    },
  };
}
