// HTTP surface of the real-staking feature (the Real ETH Staking Test page): zod in, zod out.
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { realStakingContract } from "./real-staking.contract";
import { createRealStakingService, type RealStakingDeps, type RealStakingService } from "./real-staking.service";
import {
  realStakingCreateStakeRequest,
  realStakingCreateStakeResponse,
  realStakingPracticeQuery,
  realStakingPracticeResponse,
  realStakingPreviewQuery,
  realStakingPreviewResponse,
  realStakingProtocolsQuery,
  realStakingProtocolsResponse,
  realStakingStakesParams,
  realStakingStakesResponse,
  type PoolYield,
  type RealStakingProtocolsResponse,
} from "./real-staking.schemas";

/** What this feature offers others (wired in app.ts): each pool's yield now, cached per block. */
export interface RealStakingExports {
  poolYields(): Promise<PoolYield[]>;
  /** The pools as the protocols answer reads them (totals, APY and its rule, the block), for summaries elsewhere. */
  pools(): Promise<RealStakingProtocolsResponse>;
}

export function createRealStakingRouter(deps: RealStakingDeps): FeatureRouter<RealStakingExports> {
  const service = createRealStakingService(deps);
  return {
    feature: "real-staking",
    routes: realStakingRoutes(service),
    exports: { poolYields: () => service.poolYields(), pools: () => service.protocols() },
  };
}

function realStakingRoutes(service: RealStakingService): RouteDef[] {
  const c = realStakingContract;
  return [
    implement(c.protocols, {
      query: realStakingProtocolsQuery,
      response: realStakingProtocolsResponse,
      handler: ({ query }) => service.protocols(query.wallet),
    }),
    implement(c.preview, {
      query: realStakingPreviewQuery,
      response: realStakingPreviewResponse,
      handler: ({ query }) => service.preview(query),
    }),
    implement(c.practiceMode, {
      query: realStakingPracticeQuery,
      response: realStakingPracticeResponse,
      handler: ({ query }) => service.practiceMode(query),
    }),
    implement(c.stakes, {
      params: realStakingStakesParams,
      response: realStakingStakesResponse,
      handler: ({ params }) => service.stakes(params.walletAddress),
    }),
    implement(c.createStake, {
      body: realStakingCreateStakeRequest,
      response: realStakingCreateStakeResponse,
      handler: ({ body }) => service.createStake(body),
    }),
  ];
}
