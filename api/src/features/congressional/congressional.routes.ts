// GET /api/congressional/figures: anyone may ask; one answer every few seconds serves every caller, and each of its
// parts is bounded in time, so the deck never waits on a slow source.
import { implement, type FeatureRouter } from "../../http/route";
import { congressionalContract } from "./congressional.contract";
import { congressionalFiguresResponse } from "./congressional.schemas";
import { createCongressionalService } from "./congressional.service";
import type { CongressionalDeps } from "./congressional.sources";

export type { CongressionalDeps } from "./congressional.sources";

export function createCongressionalRouter(deps: CongressionalDeps): FeatureRouter<{ computedCount: () => number }> {
  const service = createCongressionalService(deps);
  return {
    feature: "congressional",
    routes: [
      implement(congressionalContract.figures, {
        response: congressionalFiguresResponse,
        handler: () => service.figures(),
      }),
    ],
    exports: { computedCount: service.computedCount },
  };
}
