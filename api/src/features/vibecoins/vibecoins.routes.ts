// HTTP surface of the vibecoins feature (/vibecoins-xqb-mint-burn): supplies, the VIBE reward, burns read
// back from the chain, a wallet's history.
import { route, type FeatureRouter } from "../../http/route";
import { requireSession, type SessionStore } from "../../shared/session";
import { createVibecoinsService, type VibecoinsDeps } from "./vibecoins.service";
import {
  vibecoinsBurnRequest,
  vibecoinsBurnResponse,
  vibecoinsHistoryQuery,
  vibecoinsHistoryResponse,
  vibecoinsRewardResponse,
  vibecoinsSuppliesResponse,
} from "./vibecoins.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export function createVibecoinsRouter(deps: VibecoinsDeps & { sessions: SessionStore }): FeatureRouter {
  const service = createVibecoinsService(deps);
  return {
    feature: "vibecoins",
    exports: {},
    routes: [
      route({
        method: "get",
        path: "/api/vibecoins/supplies",
        access: "visitor",
        feature: "vibecoins",
        summary: "VIBE and XQB totalSupply on the EVM chain (with the block read at) and VIBE's supply on Stellar, each live or simulated",
        response: vibecoinsSuppliesResponse,
        handler: () => service.supplies(),
      }),
      route({
        method: "post",
        path: "/api/vibecoins/reward",
        access: "wallet",
        feature: "vibecoins",
        summary: "Mint the VIBE reward to the signed-in wallet (server minter; one per wallet per hour, 429 with Retry-After when early)",
        response: vibecoinsRewardResponse,
        errors: ["UNAUTHENTICATED", "RATE_LIMITED", ...LEDGER_ERRORS],
        write: true,
        handler: async ({ req }) => {
          const session = await requireSession(req, deps.sessions);
          return service.reward(session.address);
        },
      }),
      route({
        method: "post",
        path: "/api/vibecoins/burns",
        access: "visitor",
        feature: "vibecoins",
        summary: "Read a wallet's VIBE or XQB burn back from the chain: token, amount, burner, supply before (block-1) and after (block)",
        body: vibecoinsBurnRequest,
        response: vibecoinsBurnResponse,
        errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
        write: true,
        handler: ({ body }) => service.burn(body.transactionHash),
      }),
      route({
        method: "get",
        path: "/api/vibecoins/history",
        access: "visitor",
        feature: "vibecoins",
        summary: "A wallet's VIBE rewards and VIBE/XQB burns, newest first (from the event index), and when its next reward is due",
        query: vibecoinsHistoryQuery,
        response: vibecoinsHistoryResponse,
        errors: ["INVALID_INPUT"],
        handler: ({ query }) => service.history(query.address),
      }),
    ],
  };
}
