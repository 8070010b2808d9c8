// The vibecoins feature's endpoints (http/endpoint.ts), declared once for the API (vibecoins.routes.ts mounts them)
// and the dapp (features/vibecoins/api/ calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
  vibecoinsBurnRequest,
  vibecoinsBurnResponse,
  vibecoinsHistoryQuery,
  vibecoinsHistoryResponse,
  vibecoinsRewardResponse,
  vibecoinsSuppliesResponse,
} from "./vibecoins.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const vibecoinsContract = {
  supplies: endpoint<{ response: typeof vibecoinsSuppliesResponse }>()({
    method: "get",
    path: "/api/vibecoins/supplies",
    access: "visitor",
    feature: "vibecoins",
    summary:
      "VIBE and XQB totalSupply on the EVM chain (with the block read at) and VIBE's supply on Stellar, each live or simulated",
  }),
  reward: endpoint<{ response: typeof vibecoinsRewardResponse }>()({
    method: "post",
    path: "/api/vibecoins/reward",
    access: "wallet",
    feature: "vibecoins",
    summary:
      "Mint the VIBE reward to the signed-in wallet (server minter; one per wallet per hour, 429 with Retry-After when early)",
    errors: ["UNAUTHENTICATED", "RATE_LIMITED", ...LEDGER_ERRORS],
    write: true,
  }),
  burns: endpoint<{ body: typeof vibecoinsBurnRequest; response: typeof vibecoinsBurnResponse }>()({
    method: "post",
    path: "/api/vibecoins/burns",
    access: "visitor",
    feature: "vibecoins",
    summary:
      "Read a wallet's VIBE or XQB burn back from the chain: token, amount, burner, supply before (block-1) and after (block)",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
    write: true,
  }),
  history: endpoint<{ query: typeof vibecoinsHistoryQuery; response: typeof vibecoinsHistoryResponse }>()({
    method: "get",
    path: "/api/vibecoins/history",
    access: "visitor",
    feature: "vibecoins",
    summary:
      "A wallet's VIBE rewards and VIBE/XQB burns, newest first (from the event index), and when its next reward is due",
    errors: ["INVALID_INPUT"],
  }),
};
