// The treasury-staking feature's endpoints (http/endpoint.ts), declared once for the API (treasury-staking.routes.ts
// mounts them) and the dapp (features/treasury-staking/api/ calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
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

export const treasuryStakingContract = {
  bonds: endpoint<{ response: typeof treasuryBondsResponse }>()({
    method: "get",
    path: "/api/treasury-staking/bonds",
    access: "visitor",
    feature: "treasury-staking",
    summary:
      "Every tenor the Treasury published on the curve day: yield, change from the previous published day, price of a par bond with the previous day's yield as coupon repriced at today's yield, modified duration, DV01 per $1m (convention stated); dailyVolume null (the par curve carries none); the curve today, a month and a year earlier",
  }),
  opportunities: endpoint<{ response: typeof treasuryOpportunitiesResponse }>()({
    method: "get",
    path: "/api/treasury-staking/opportunities",
    access: "visitor",
    feature: "treasury-staking",
    summary:
      "Steepeners and flatteners on 2s10s, 5s30s and 2s5s and a 2s5s10s butterfly, computed on the curve day: DV01-neutral legs (notional ratio), spread in bps, z-score over 252 curve days, carry + roll-down over 3 months, expectedReturn from a z-score mean-reversion model with its backtest (hit rate, mean return, trades), riskLevel by a stated rule, capitalRequired = the smallest ticket's gross face ($10/bp)",
  }),
  stake: endpoint<{ body: typeof treasuryStakeRequest; response: typeof treasuryStakeResponse }>()({
    method: "post",
    path: "/api/treasury-staking/stake",
    access: "wallet",
    feature: "treasury-staking",
    summary:
      "Open a paper position on an opportunity at the curve day for the signed-in wallet (its own book): both legs with their face, entry yields and prices. The spec's messages: missing input 'Please select an opportunity and enter an amount', below capitalRequired 'Minimum investment required: $…'",
    statuses: [201],
    errors: ["INVALID_INPUT", "UNAUTHENTICATED"],
    write: true,
  }),
  positions: endpoint<{ params: typeof treasuryPositionsParams; response: typeof treasuryPositionsResponse }>()({
    method: "get",
    path: "/api/treasury-staking/positions/:userId",
    access: "visitor",
    feature: "treasury-staking",
    summary:
      "A user's paper positions (a wallet address, or demo-user: the read-only showcase book) marked to market on the curve day: each leg repriced at today's yield for its shortened maturity, plus carry (coupon accrual minus Fed funds funding); currentValue, unrealizedPnL, totalReturn, daysHeld in curve days; and the summary",
    errors: ["INVALID_INPUT"],
  }),
  close: endpoint<{ params: typeof treasuryPositionIdParams; response: typeof treasuryCloseResponse }>()({
    method: "post",
    path: "/api/treasury-staking/positions/:id/close",
    access: "wallet",
    feature: "treasury-staking",
    summary:
      "Close a paper position of the signed-in wallet at the curve day, storing its realised P&L; another wallet's position, or the demo-user showcase's, is 403 FORBIDDEN",
    errors: ["INVALID_INPUT", "NOT_FOUND", "CONFLICT", "UNAUTHENTICATED", "FORBIDDEN"],
    write: true,
  }),
  analytics: endpoint<{ response: typeof treasuryAnalyticsResponse }>()({
    method: "get",
    path: "/api/treasury-staking/analytics",
    access: "visitor",
    feature: "treasury-staking",
    summary:
      "The 10Y-2Y spread, the curve's shape by a stated rule, the 10-year's daily-change volatility (21 and 252 curve days), the Fed funds trend from FRED DFF, and each strategy's expected and realised (backtest) return",
  }),
  replay: endpoint<{ response: typeof treasuryReplayResponse }>()({
    method: "get",
    path: "/api/treasury-staking/replay",
    access: "visitor",
    feature: "treasury-staking",
    summary:
      "The curve day's clock: replay (local chain, stored, started one year before the last bundled row) or calendar; first and last days; whether it can advance",
  }),
  advanceReplay: endpoint<{ body: typeof treasuryReplayAdvanceRequest; response: typeof treasuryReplayResponse }>()({
    method: "post",
    path: "/api/treasury-staking/replay/advance",
    access: "operator",
    feature: "treasury-staking",
    summary:
      "Move the replay clock forward by a day (1 curve day), a week (5) or a month (21), clamped at the last row; local chain only (409 CONFLICT elsewhere)",
    errors: ["CONFLICT"],
    write: true,
  }),
};
