// The liquid-staking leverage feature's endpoints (http/endpoint.ts), declared once for the API
// (liquid-staking.routes.ts mounts them) and the dapp (features/liquid-staking/api/ calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
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

export const liquidStakingContract = {
  tokens: endpoint<{ response: typeof tokensResponse }>()({
    method: "get",
    path: "/api/liquid-staking/tokens",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "The three liquid-staking tokens read from the chain now: exchange rate, supply, backing ETH, Tradeable (pool not paused), and leverageMultiplier = the most the lending pool's LTV allows (min(1/(1-LTV), 5x))",
    errors: CHAIN_ERRORS,
  }),
  strategies: endpoint<{ response: typeof strategiesResponse }>()({
    method: "get",
    path: "/api/liquid-staking/strategies",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "One leverage strategy per pool, computed (not stored): base APY from the pool, leveraged APY = base x L - borrow rate x (L - 1) at L = 2x (the default ratio) with the live borrow rate, risk from the ratio and the distance to liquidation, liquidityRequired = the LST's minimum deposit / L",
    errors: CHAIN_ERRORS,
  }),
  preview: endpoint<{ query: typeof previewQuery; response: typeof previewResponse }>()({
    method: "get",
    path: "/api/liquid-staking/preview",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "One ratio for one amount from LeverageRouter.previewPosition: collateral, debt, health factor, liquidation price (the LST/ETH rate at HF = 1, and in USD: that rate x the ETH/USD feed), net APY. The amount or ratio the router refuses is a 400 on its field; a market that cannot take it now (pool liquidity, pause, cap) is possible: false with the reason",
    errors: CHAIN_ERRORS,
  }),
  simulate: endpoint<{ body: typeof simulateRequest; response: typeof simulateResponse }>()({
    method: "post",
    path: "/api/liquid-staking/simulate",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "Every ratio (1.5/2/3/4/5x) for the amount, for one strategy or all: health factor, liquidation price (ETH and USD), net APY, debt, collateral, or the reason a ratio is impossible (above the LTV limit, pool liquidity, minimum deposit). Reads only; nothing is sent",
    errors: CHAIN_ERRORS,
  }),
  leverage: endpoint<{ body: typeof leverageRequest; response: typeof leverageResponse }>()({
    method: "post",
    path: "/api/liquid-staking/leverage",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "A position the wallet opened itself (LeverageRouter.openPosition, after pool.setDelegate(router, true)): the receipt's PositionOpened must match walletAddress, the strategy's token, ethAmount and leverageRatio; answered once the event index holds the block, with the position and strategy.name. Stores nothing, so repeating it answers the same",
    errors: CHAIN_ERRORS,
    write: true,
  }),
  positions: endpoint<{ params: typeof positionsParams; response: typeof positionsResponse }>()({
    method: "get",
    path: "/api/liquid-staking/positions/:userId",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "A wallet's leverage positions (userId = the wallet address; the spec's demo user is the server's own account, GET /api/unified/status names it), from the event index's PositionOpened/PositionClosed and LeverageRouter.positionOf at the index's block: ratio, status, collateral, debt, liquidation price in USD (LST/ETH rate at HF = 1 x ETH/USD), earnings",
    errors: CHAIN_ERRORS,
  }),
  performance: endpoint<{ response: typeof performanceResponse }>()({
    method: "get",
    path: "/api/liquid-staking/performance",
    access: "visitor",
    feature: "liquid-staking",
    summary:
      "Platform figures read from the chain: total value locked (lending pool cash + the collateral it holds), average APY (equity-weighted over active positions, else the strategies' mean), active positions (event index), utilisation",
    errors: CHAIN_ERRORS,
  }),
};
