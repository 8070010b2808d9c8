// GET /api/technical-integration/overview: the product described by itself. Anyone may ask; every network read is
// bounded and one overview serves everyone for a moment, so asking changes nothing and a crowd costs one read.
import { implement, type FeatureRouter } from "../../http/route";
import { technicalIntegrationContract as c } from "./technical-integration.contract";
import { technicalOverviewResponse } from "./technical-integration.schemas";
import { createOverviewService, type OverviewDeps } from "./technical-integration.service";

export type { RoleHoldersReader } from "./technical-integration.service";
export type TechnicalIntegrationDeps = OverviewDeps;

export function createTechnicalIntegrationRouter(deps: TechnicalIntegrationDeps): FeatureRouter {
  const service = createOverviewService(deps);
  return {
    feature: "technical-integration",
    routes: [implement(c.overview, { response: technicalOverviewResponse, handler: () => service.overview() })],
    exports: {},
  };
}
