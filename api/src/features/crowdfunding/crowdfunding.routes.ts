// HTTP surface of the crowdfunding feature (/enhanced-vibecoins-crowdfunding): projects with their campaigns read
// from the chain, a wallet's own contribution, verification and campaign recorded after the API read the receipt,
// and a wallet's stats.
import { getAddress } from "viem";
import { HttpError } from "../../http/errors";
import { implement, type FeatureRouter } from "../../http/route";
import { requireSession, type SessionStore } from "../../shared/session";
import { crowdfundingContract } from "./crowdfunding.contract";
import { createCrowdfundingService, type CrowdfundingDeps, type CrowdfundingService } from "./crowdfunding.service";
import {
  createProjectRequest,
  createProjectResponse,
  fundRequest,
  fundResponse,
  projectsResponse,
  userStatsQuery,
  userStatsResponse,
  verifyRequest,
  verifyResponse,
} from "./crowdfunding.schemas";

/** What this feature offers others (wired in app.ts). */
export interface CrowdfundingExports {
  /** Each project's funding and attestation status, read from the chain (the environmental monitoring page). */
  projectStatuses: CrowdfundingService["projectStatuses"];
  /** The VIBE reward mints this feature asked for (transaction hash, lower case) and what each was for. */
  rewardsByHash: CrowdfundingService["rewardsByHash"];
}

export function createCrowdfundingRouter(
  deps: CrowdfundingDeps & { sessions: SessionStore },
): FeatureRouter<CrowdfundingExports> {
  const service = createCrowdfundingService(deps);
  const c = crowdfundingContract;
  const wallet = async (req: Parameters<typeof requireSession>[0]) =>
    getAddress((await requireSession(req, deps.sessions)).address);
  return {
    feature: "crowdfunding",
    exports: { projectStatuses: service.projectStatuses, rewardsByHash: service.rewardsByHash },
    routes: [
      implement(c.projects, {
        response: projectsResponse,
        handler: () => service.projects(),
      }),
      implement(c.stats, {
        query: userStatsQuery,
        response: userStatsResponse,
        handler: ({ query, caller }) => {
          const address = query.address ?? caller.address;
          if (!address)
            throw new HttpError("UNAUTHENTICATED", "Sign in with Ethereum, or name the wallet in ?address=");
          return service.stats(getAddress(address));
        },
      }),
      implement(c.fund, {
        body: fundRequest,
        response: fundResponse,
        handler: async ({ req, body }) => service.fund(await wallet(req), body),
      }),
      implement(c.verify, {
        body: verifyRequest,
        response: verifyResponse,
        handler: async ({ req, body }) => service.verify(await wallet(req), body),
      }),
      implement(c.create, {
        body: createProjectRequest,
        response: createProjectResponse,
        handler: async ({ req, body }) => ({ status: 201, body: await service.create(await wallet(req), body) }),
      }),
    ],
  };
}
