// HTTP surface of the real-staking feature (the Real ETH Staking Test page): zod in, zod out.
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import { parseParams } from "../../http/validate";
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
} from "./real-staking.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

/** What this feature offers others (wired in app.ts): each pool's yield now, cached per block. */
export interface RealStakingExports {
  poolYields(): Promise<PoolYield[]>;
}

export function createRealStakingRouter(deps: RealStakingDeps): FeatureRouter<RealStakingExports> {
  const service = createRealStakingService(deps);
  return {
    feature: "real-staking",
    routes: realStakingRoutes(service),
    exports: { poolYields: () => service.poolYields() },
  };
}

function realStakingRoutes(service: RealStakingService): RouteDef[] {
  return [
    route({
      method: "get",
      path: "/api/real-staking/protocols",
      access: "visitor",
      feature: "real-staking",
      summary:
        "The three liquid-staking pools read from the chain (status, risk, APY, minimum, address, features), recommendations, and with ?wallet= the wallet's ETH balance",
      query: realStakingProtocolsQuery,
      response: realStakingProtocolsResponse,
      errors: [...LEDGER_ERRORS],
      handler: ({ query }) => service.protocols(query.wallet),
    }),
    route({
      method: "get",
      path: "/api/real-staking/preview",
      access: "visitor",
      feature: "real-staking",
      summary: "A deposit's preview: the exact shares (previewDeposit), daily rewards at the current APY, and with ?wallet= a dry run of depositEth from it",
      query: realStakingPreviewQuery,
      response: realStakingPreviewResponse,
      errors: [...LEDGER_ERRORS],
      handler: ({ query }) => service.preview(query),
    }),
    route({
      method: "get",
      path: "/api/real-staking/practice-mode",
      access: "visitor",
      feature: "real-staking",
      summary: "Practice mode: purpose, benefits, recommendations, and a real dry run of a deposit (eth_call and gas estimate; nothing is sent)",
      query: realStakingPracticeQuery,
      response: realStakingPracticeResponse,
      errors: [...LEDGER_ERRORS],
      handler: ({ query }) => service.practiceMode(query),
    }),
    route({
      method: "get",
      path: "/api/real-staking/stakes/:walletAddress",
      access: "visitor",
      feature: "real-staking",
      summary: "The wallet's deposits from the event index: value now, rewards so far, withdrawal requests with their countdown and claims",
      response: realStakingStakesResponse,
      errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
      handler: ({ req }) => service.stakes(parseParams(realStakingStakesParams, req).walletAddress),
    }),
    route({
      method: "post",
      path: "/api/real-staking/create-stake",
      access: "visitor",
      feature: "real-staking",
      summary:
        "Record a depositEth the wallet signed and sent: read back from the chain (receipt, the pool's Deposit event with this owner and amount), answered once the index holds it; the same hash answers the same stake",
      body: realStakingCreateStakeRequest,
      response: realStakingCreateStakeResponse,
      errors: ["NOT_FOUND", ...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.createStake(body),
    }),
  ];
}
