// The onboarding checklist's HTTP surface: GET /api/onboarding/progress?address= (anyone, nothing written) and
// POST /api/onboarding/check (the signed-in wallet records its own steps). The faucet's sent claims arrive through
// the faucet's exports (app.ts); mints and stakes come from the event index.
import type { Db } from "../../db/client";
import { implement, type FeatureRouter } from "../../http/route";
import { requireSession, type SessionStore } from "../../shared/session";
import { onboardingContract } from "./onboarding.contract";
import type { EvidenceDeps } from "./onboarding.evidence";
import { createOnboardingStore } from "./onboarding.repository";
import { onboardingCheckRequest, onboardingProgressQuery, onboardingProgressResponse } from "./onboarding.schemas";
import { createOnboardingService } from "./onboarding.service";

export interface OnboardingDeps extends EvidenceDeps {
  db: Db;
  sessions: SessionStore;
  /** The local chain's current run (genesis hash); null when unknown. */
  chainInstance: () => string | null;
  now?: () => Date;
}

export function createOnboardingRouter(deps: OnboardingDeps): FeatureRouter {
  const service = createOnboardingService({
    chainId: deps.chainId,
    store: createOnboardingStore(deps.db, deps.chainId),
    evidence: deps,
    chainInstance: deps.chainInstance,
    now: deps.now,
  });
  const c = onboardingContract;
  return {
    feature: "onboarding",
    routes: [
      implement(c.progress, {
        query: onboardingProgressQuery,
        response: onboardingProgressResponse,
        handler: ({ query }) => service.progress(query.address),
      }),
      implement(c.check, {
        body: onboardingCheckRequest,
        response: onboardingProgressResponse,
        handler: async ({ body, req }) => service.check(await requireSession(req, deps.sessions), body),
      }),
    ],
    exports: {},
  };
}
