// HTTP surface of the treasury-staking feature (the Treasury bond staking page): the spec's four calls plus
// analytics, closing a position and the replay clock. Every figure is computed from the official par curve
// on the curve day; positions are paper positions stored in the database.
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import { requireSession, type SessionStore } from "../../shared/session";
import { createTreasuryStakingService, type SpreadCapture, type TreasuryStakingDeps, type TreasuryStakingService, type YieldAccuracy, type PositionOwners } from "./treasury-staking.service";
import {
  treasuryAnalyticsResponse,
  treasuryBondsResponse,
  treasuryCloseResponse,
  treasuryOpportunitiesResponse,
  treasuryPositionIdParams,
  treasuryPositionsParams,
  treasuryPositionsResponse,
  treasuryReplayAdvanceRequest,
  treasuryReplayResponse,
  treasuryStakeRequest,
  treasuryStakeResponse,
} from "./treasury-staking.schemas";

/** What this feature offers others (testnet's status, wired in app.ts). */
export interface TreasuryStakingExports {
  /** Open paper positions of the named wallets (the operators': readiness counts no visitor's trade), or every wallet; never the showcase's. */
  openPositionCount(owners: PositionOwners): Promise<number>;
  /** Served yields of the current curve day against the bundled source file's row, tenor by tenor. */
  yieldAccuracy(): Promise<YieldAccuracy>;
  /** Realised against the model's expected spread change; null with a reason when no position has aged a curve day. */
  spreadCapture(owners: PositionOwners): Promise<SpreadCapture>;
}

export function createTreasuryStakingRouter(deps: TreasuryStakingDeps): FeatureRouter<TreasuryStakingExports> {
  const service = createTreasuryStakingService(deps);
  return {
    feature: "treasury-staking",
    routes: treasuryStakingRoutes(service, deps.sessions),
    exports: {
      openPositionCount: (owners) => service.openPositionCount(owners),
      yieldAccuracy: () => service.yieldAccuracy(),
      spreadCapture: (owners) => service.spreadCapture(owners),
    },
  };
}

/** Positions belong to the signed-in wallet: stake and close act for the SIWE session's address only. */
function treasuryStakingRoutes(service: TreasuryStakingService, sessions: SessionStore): RouteDef[] {
  const feature = "treasury-staking";
  return [
    route({
      method: "get",
      path: "/api/treasury-staking/bonds",
      access: "visitor",
      feature,
      summary:
        "Every tenor the Treasury published on the curve day: yield, change from the previous published day, price of a par bond with the previous day's yield as coupon repriced at today's yield, modified duration, DV01 per $1m (convention stated); dailyVolume null (the par curve carries none); the curve today, a month and a year earlier",
      response: treasuryBondsResponse,
      handler: () => service.bonds(),
    }),
    route({
      method: "get",
      path: "/api/treasury-staking/opportunities",
      access: "visitor",
      feature,
      summary:
        "Steepeners and flatteners on 2s10s, 5s30s and 2s5s and a 2s5s10s butterfly, computed on the curve day: DV01-neutral legs (notional ratio), spread in bps, z-score over 252 curve days, carry + roll-down over 3 months, expectedReturn from a z-score mean-reversion model with its backtest (hit rate, mean return, trades), riskLevel by a stated rule, capitalRequired = the smallest ticket's gross face ($10/bp)",
      response: treasuryOpportunitiesResponse,
      handler: () => service.opportunities(),
    }),
    route({
      method: "post",
      path: "/api/treasury-staking/stake",
      access: "wallet",
      feature,
      summary:
        "Open a paper position on an opportunity at the curve day for the signed-in wallet (its own book): both legs with their face, entry yields and prices. The spec's messages: missing input 'Please select an opportunity and enter an amount', below capitalRequired 'Minimum investment required: $…'",
      body: treasuryStakeRequest,
      response: treasuryStakeResponse,
      statuses: [201],
      errors: ["INVALID_INPUT", "UNAUTHENTICATED"],
      write: true,
      handler: async ({ body, req }) => {
        const session = await requireSession(req, sessions);
        return { status: 201, body: await service.stake(body, session.address) };
      },
    }),
    route({
      method: "get",
      path: "/api/treasury-staking/positions/:userId",
      access: "visitor",
      feature,
      summary:
        "A user's paper positions (a wallet address, or demo-user: the read-only showcase book) marked to market on the curve day: each leg repriced at today's yield for its shortened maturity, plus carry (coupon accrual minus Fed funds funding); currentValue, unrealizedPnL, totalReturn, daysHeld in curve days; and the summary",
      params: treasuryPositionsParams,
      response: treasuryPositionsResponse,
      errors: ["INVALID_INPUT"],
      handler: ({ params }) => service.positions(params.userId),
    }),
    route({
      method: "post",
      path: "/api/treasury-staking/positions/:id/close",
      access: "wallet",
      feature,
      summary:
        "Close a paper position of the signed-in wallet at the curve day, storing its realised P&L; another wallet's position, or the demo-user showcase's, is 403 FORBIDDEN",
      params: treasuryPositionIdParams,
      response: treasuryCloseResponse,
      errors: ["INVALID_INPUT", "NOT_FOUND", "CONFLICT", "UNAUTHENTICATED", "FORBIDDEN"],
      write: true,
      handler: async ({ params, req }) => {
        const session = await requireSession(req, sessions);
        return service.close(params.id, session.address);
      },
    }),
    route({
      method: "get",
      path: "/api/treasury-staking/analytics",
      access: "visitor",
      feature,
      summary:
        "The 10Y-2Y spread, the curve's shape by a stated rule, the 10-year's daily-change volatility (21 and 252 curve days), the Fed funds trend from FRED DFF, and each strategy's expected and realised (backtest) return",
      response: treasuryAnalyticsResponse,
      handler: () => service.analytics(),
    }),
    route({
      method: "get",
      path: "/api/treasury-staking/replay",
      access: "visitor",
      feature,
      summary: "The curve day's clock: replay (local chain, stored, started one year before the last bundled row) or calendar; first and last days; whether it can advance",
      response: treasuryReplayResponse,
      handler: () => service.replay(),
    }),
    route({
      method: "post",
      path: "/api/treasury-staking/replay/advance",
      access: "operator",
      feature,
      summary: "Move the replay clock forward by a day (1 curve day), a week (5) or a month (21), clamped at the last row; local chain only (409 CONFLICT elsewhere)",
      body: treasuryReplayAdvanceRequest,
      response: treasuryReplayResponse,
      errors: ["CONFLICT"],
      write: true,
      handler: ({ body }) => service.advance(body.by),
    }),
  ];
}
