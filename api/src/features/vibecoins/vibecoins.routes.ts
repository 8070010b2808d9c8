// HTTP surface of the vibecoins feature (/vibecoins-xqb-mint-burn): supplies, the VIBE reward, burns read
// back from the chain, a wallet's history.
import { implement, type FeatureRouter } from "../../http/route";
import { vibecoinsContract } from "./vibecoins.contract";
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

export function createVibecoinsRouter(deps: VibecoinsDeps & { sessions: SessionStore }): FeatureRouter {
  const service = createVibecoinsService(deps);
  const c = vibecoinsContract;
  return {
    feature: "vibecoins",
    exports: {},
    routes: [
      implement(c.supplies, {
        response: vibecoinsSuppliesResponse,
        handler: () => service.supplies(),
      }),
      implement(c.reward, {
        response: vibecoinsRewardResponse,
        handler: async ({ req }) => {
          const session = await requireSession(req, deps.sessions);
          return service.reward(session.address);
        },
      }),
      implement(c.burns, {
        body: vibecoinsBurnRequest,
        response: vibecoinsBurnResponse,
        handler: ({ body }) => service.burn(body.transactionHash),
      }),
      implement(c.history, {
        query: vibecoinsHistoryQuery,
        response: vibecoinsHistoryResponse,
        handler: ({ query }) => service.history(query.address),
      }),
    ],
  };
}
