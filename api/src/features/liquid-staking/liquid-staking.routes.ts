// HTTP surface of the liquid-staking leverage feature: the spec's four GETs and two POSTs, plus a one-ratio
// preview. Every figure is read from the chain (or the event index) at request time; none is stored.
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import { liquidStakingContract } from "./liquid-staking.contract";
import {
  createLiquidStakingService,
  type LiquidStakingService,
  type LiquidStakingServiceDeps,
} from "./liquid-staking.service";
import {
  leverageRequest,
  leverageResponse,
  performanceResponse,
  positionsParams,
  positionsResponse,
  previewQuery,
  previewResponse,
  simulateRequest,
  simulateResponse,
  strategiesResponse,
  tokensResponse,
} from "./liquid-staking.schemas";

export interface LiquidStakingRouterDeps extends Omit<LiquidStakingServiceDeps, "index"> {
  index: EventIndex | null;
}

export function createLiquidStakingRouter(deps: LiquidStakingRouterDeps): FeatureRouter {
  const service = createLiquidStakingService(deps);
  return { feature: "liquid-staking", routes: liquidStakingRoutes(service), exports: {} };
}

function liquidStakingRoutes(service: LiquidStakingService): RouteDef[] {
  const c = liquidStakingContract;
  return [
    implement(c.tokens, {
      response: tokensResponse,
      handler: () => service.tokens(),
    }),
    implement(c.strategies, {
      response: strategiesResponse,
      handler: () => service.strategies(),
    }),
    implement(c.preview, {
      query: previewQuery,
      response: previewResponse,
      handler: ({ query }) => service.preview(query),
    }),
    implement(c.simulate, {
      body: simulateRequest,
      response: simulateResponse,
      handler: ({ body }) => service.simulate(body),
    }),
    implement(c.leverage, {
      body: leverageRequest,
      response: leverageResponse,
      handler: ({ body }) => service.recordLeverage(body),
    }),
    implement(c.positions, {
      params: positionsParams,
      response: positionsResponse,
      handler: ({ params }) => service.positions(params.userId),
    }),
    implement(c.performance, {
      response: performanceResponse,
      handler: () => service.performance(),
    }),
  ];
}
