// GET /api/landing/summary: anyone may ask; one summary every few seconds serves every visitor, and each of its parts
// is bounded in time, so the landing never waits on a slow source nor costs a read per visitor.
import { implement, type FeatureRouter } from "../../http/route";
import { landingContract } from "./landing.contract";
import { landingSummaryResponse } from "./landing.schemas";
import { createLandingService } from "./landing.service";
import type { LandingDeps } from "./landing.sources";

export type { LandingDeps } from "./landing.sources";

export function createLandingRouter(deps: LandingDeps): FeatureRouter<{ computedCount: () => number }> {
  const service = createLandingService(deps);
  return {
    feature: "landing",
    routes: [
      implement(landingContract.summary, {
        response: landingSummaryResponse,
        handler: () => service.summary(),
      }),
    ],
    exports: { computedCount: service.computedCount },
  };
}
