// HTTP surface of the liquid-staking leverage feature: the spec's four GETs and two POSTs, plus a one-ratio
// preview. Every figure is read from the chain (or the event index) at request time; none is stored.
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import { createLiquidStakingService, type LiquidStakingService, type LiquidStakingServiceDeps } from "./liquid-staking.service";
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

const CHAIN_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export interface LiquidStakingRouterDeps extends Omit<LiquidStakingServiceDeps, "index"> {
  index: EventIndex | null;
}

export function createLiquidStakingRouter(deps: LiquidStakingRouterDeps): FeatureRouter {
  const service = createLiquidStakingService(deps);
  return { feature: "liquid-staking", routes: liquidStakingRoutes(service), exports: {} };
}

function liquidStakingRoutes(service: LiquidStakingService): RouteDef[] {
  const feature = "liquid-staking";
  return [
    route({
      method: "get",
      path: "/api/liquid-staking/tokens",
      access: "visitor",
      feature,
      summary:
        "The three liquid-staking tokens read from the chain now: exchange rate, supply, backing ETH, Tradeable (pool not paused), and leverageMultiplier = the most the lending pool's LTV allows (min(1/(1-LTV), 5x))",
      response: tokensResponse,
      errors: [...CHAIN_ERRORS],
      handler: () => service.tokens(),
    }),
    route({
      method: "get",
      path: "/api/liquid-staking/strategies",
      access: "visitor",
      feature,
      summary:
        "One leverage strategy per pool, computed (not stored): base APY from the pool, leveraged APY = base x L - borrow rate x (L - 1) at L = 2x (the default ratio) with the live borrow rate, risk from the ratio and the distance to liquidation, liquidityRequired = the LST's minimum deposit / L",
      response: strategiesResponse,
      errors: [...CHAIN_ERRORS],
      handler: () => service.strategies(),
    }),
    route({
      method: "get",
      path: "/api/liquid-staking/preview",
      access: "visitor",
      feature,
      summary:
        "One ratio for one amount from LeverageRouter.previewPosition: collateral, debt, health factor, liquidation price (the LST/ETH rate at HF = 1, and in USD: that rate x the ETH/USD feed), net APY. The amount or ratio the router refuses is a 400 on its field; a market that cannot take it now (pool liquidity, pause, cap) is possible: false with the reason",
      query: previewQuery,
      response: previewResponse,
      errors: [...CHAIN_ERRORS],
      handler: ({ query }) => service.preview(query),
    }),
    route({
      method: "post",
      path: "/api/liquid-staking/simulate",
      access: "visitor",
      feature,
      summary:
        "Every ratio (1.5/2/3/4/5x) for the amount, for one strategy or all: health factor, liquidation price (ETH and USD), net APY, debt, collateral, or the reason a ratio is impossible (above the LTV limit, pool liquidity, minimum deposit). Reads only; nothing is sent",
      body: simulateRequest,
      response: simulateResponse,
      errors: [...CHAIN_ERRORS],
      handler: ({ body }) => service.simulate(body),
    }),
    route({
      method: "post",
      path: "/api/liquid-staking/leverage",
      access: "visitor",
      feature,
      summary:
        "A position the wallet opened itself (LeverageRouter.openPosition, after pool.setDelegate(router, true)): the receipt's PositionOpened must match walletAddress, the strategy's token, ethAmount and leverageRatio; answered once the event index holds the block, with the position and strategy.name. Stores nothing, so repeating it answers the same",
      body: leverageRequest,
      response: leverageResponse,
      errors: [...CHAIN_ERRORS],
      write: true,
      handler: ({ body }) => service.recordLeverage(body),
    }),
    route({
      method: "get",
      path: "/api/liquid-staking/positions/:userId",
      access: "visitor",
      feature,
      summary:
        "A wallet's leverage positions (userId = the wallet address; the spec's demo user is the server's own account, GET /api/unified/status names it), from the event index's PositionOpened/PositionClosed and LeverageRouter.positionOf at the index's block: ratio, status, collateral, debt, liquidation price in USD (LST/ETH rate at HF = 1 x ETH/USD), earnings",
      params: positionsParams,
      response: positionsResponse,
      errors: [...CHAIN_ERRORS],
      handler: ({ params }) => service.positions(params.userId),
    }),
    route({
      method: "get",
      path: "/api/liquid-staking/performance",
      access: "visitor",
      feature,
      summary:
        "Platform figures read from the chain: total value locked (lending pool cash + the collateral it holds), average APY (equity-weighted over active positions, else the strategies' mean), active positions (event index), utilisation",
      response: performanceResponse,
      errors: [...CHAIN_ERRORS],
      handler: () => service.performance(),
    }),
  ];
}
