// The real-staking feature's endpoints (http/endpoint.ts), declared once for the API (real-staking.routes.ts
// mounts them) and the dapp (features/real-staking/api/ calls them). Schemas linked by type only.
import { endpoint } from "../../http/endpoint";
import type {
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
} from "./real-staking.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const realStakingContract = {
  protocols: endpoint<{ query: typeof realStakingProtocolsQuery; response: typeof realStakingProtocolsResponse }>()({
    method: "get",
    path: "/api/real-staking/protocols",
    access: "visitor",
    feature: "real-staking",
    summary:
      "The three liquid-staking pools read from the chain (status, risk, APY, minimum, address, features), recommendations, and with ?wallet= the wallet's ETH balance",
    errors: LEDGER_ERRORS,
  }),
  preview: endpoint<{ query: typeof realStakingPreviewQuery; response: typeof realStakingPreviewResponse }>()({
    method: "get",
    path: "/api/real-staking/preview",
    access: "visitor",
    feature: "real-staking",
    summary:
      "A deposit's preview: the exact shares (previewDeposit), daily rewards at the current APY, and with ?wallet= a dry run of depositEth from it",
    errors: LEDGER_ERRORS,
  }),
  practiceMode: endpoint<{ query: typeof realStakingPracticeQuery; response: typeof realStakingPracticeResponse }>()({
    method: "get",
    path: "/api/real-staking/practice-mode",
    access: "visitor",
    feature: "real-staking",
    summary:
      "Practice mode: purpose, benefits, recommendations, and a real dry run of a deposit (eth_call and gas estimate; nothing is sent)",
    errors: LEDGER_ERRORS,
  }),
  stakes: endpoint<{ params: typeof realStakingStakesParams; response: typeof realStakingStakesResponse }>()({
    method: "get",
    path: "/api/real-staking/stakes/:walletAddress",
    access: "visitor",
    feature: "real-staking",
    summary:
      "The wallet's deposits from the event index: value now, rewards so far, withdrawal requests with their countdown and claims",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
  }),
  createStake: endpoint<{
    body: typeof realStakingCreateStakeRequest;
    response: typeof realStakingCreateStakeResponse;
  }>()({
    method: "post",
    path: "/api/real-staking/create-stake",
    access: "visitor",
    feature: "real-staking",
    summary:
      "Record a depositEth the wallet signed and sent: read back from the chain (receipt, the pool's Deposit event with this owner and amount), answered once the index holds it; the same hash answers the same stake",
    errors: ["NOT_FOUND", ...LEDGER_ERRORS],
    write: true,
  }),
};
