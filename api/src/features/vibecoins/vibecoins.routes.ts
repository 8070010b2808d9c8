// HTTP surface of the vibecoins feature (/vibecoins-xqb-mint-burn): supplies, the VIBE reward, burns read
// back from the chain, a wallet's history.
import { implement, type FeatureRouter } from "../../http/route";
import { vibecoinsContract } from "./vibecoins.contract";
import { requireSession, type SessionStore } from "../../shared/session";
import { createVibecoinsService, type VibecoinsDeps, type VibecoinsService } from "./vibecoins.service";
import {
  vibecoinsBurnRequest,
  vibecoinsBurnResponse,
  vibecoinsHistoryQuery,
  vibecoinsHistoryResponse,
  vibecoinsRewardResponse,
  vibecoinsSuppliesResponse,
} from "./vibecoins.schemas";

/** What this feature offers others (wired in app.ts): a VIBE mint by the server minter, under the same slot rule. */
export interface VibecoinsExports {
  mint: VibecoinsService["mint"];
  /** Wallets whose latest VIBE reward was minted (the congressional presentation's activities count). */
  mintedRewards: VibecoinsService["mintedRewards"];
  /** Which of these mints (transaction hashes, lower case) were VIBE rewards, as recorded (environmental monitoring). */
  rewardsByHash: VibecoinsService["rewardsByHash"];
}

export function createVibecoinsRouter(
  deps: VibecoinsDeps & { sessions: SessionStore },
): FeatureRouter<VibecoinsExports> {
  const service = createVibecoinsService(deps);
  const c = vibecoinsContract;
  return {
    feature: "vibecoins",
    exports: { mint: service.mint, mintedRewards: service.mintedRewards, rewardsByHash: service.rewardsByHash },
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
