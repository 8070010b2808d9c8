// HTTP surface of /environmental-monitoring: the energy series, the VIBE rewards ledger and the projects' status.
// Visitor reads, answered from memory for a moment (any write this process answers clears them).
import { implement, type FeatureRouter } from "../../http/route";
import { MomentCache, momentary } from "../../shared/moment-cache";
import { environmentalContract } from "./environmental.contract";
import { energyResponse, projectsResponse, rewardsQuery, rewardsResponse } from "./environmental.schemas";
import type { RewardsResponse } from "./environmental.schemas";
import { purposeSources, type MintRecords } from "./environmental.purposes";
import { createEnvironmentalService, type EnvironmentalDeps } from "./environmental.service";

/** One answer serves every visitor for this long. */
const READ_MOMENT_MS = 2000;

export function createEnvironmentalRouter(
  deps: Omit<EnvironmentalDeps, "purposes"> & { records: MintRecords },
): FeatureRouter<Record<string, never>> {
  const service = createEnvironmentalService({ ...deps, purposes: purposeSources(deps.records) });
  const energy = momentary(service.energy, READ_MOMENT_MS);
  const projects = momentary(service.projects, READ_MOMENT_MS);
  const rewardPages = new MomentCache<string, RewardsResponse>(READ_MOMENT_MS, 64);
  const c = environmentalContract;
  return {
    feature: "environmental",
    exports: {},
    routes: [
      implement(c.energy, { response: energyResponse, handler: () => energy() }),
      implement(c.rewards, {
        query: rewardsQuery,
        response: rewardsResponse,
        handler: ({ query }) => rewardPages.get(`${query.limit}|${query.cursor ?? ""}`, () => service.rewards(query)),
      }),
      implement(c.projects, { response: projectsResponse, handler: () => projects() }),
    ],
  };
}
